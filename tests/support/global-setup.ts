import fs from "node:fs";
import type { TestProject } from "vitest/node";
import os from "node:os";
import path from "node:path";
import { migrateToLatest, openDatabase } from "../../server/db/database";
import { seedDemoData } from "../../server/seed/demo-data";
import { TEST_NOW } from "./test-clock";
import { createPostgresTemplate, dropCopiesOf } from "./postgres-template";

/**
 * Builds one migrated and seeded embedded database and dumps it; every test file
 * starts from a copy instead of paying PGlite's creation and scrypt hashing again.
 * With PostgreSQL, the same once more as a template database that test files copy.
 */
export default async function setup(project: TestProject) {
  // CI (REQUIRE_POSTGRES=1): the PostgreSQL half of every database test runs, or nothing does.
  if (process.env.REQUIRE_POSTGRES === "1" && !process.env.TEST_DATABASE_URL) {
    throw new Error("REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is unset: the PostgreSQL database tests would be skipped.");
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-test-base-"));
  // Both at once: PostgreSQL migrates and seeds in its own processes while this one builds the embedded base.
  const [file, template] = await Promise.all([embeddedBase(dir), process.env.TEST_DATABASE_URL ? createPostgresTemplate(process.env.TEST_DATABASE_URL) : null]);
  project.provide("baseDbFile", file);
  project.provide("postgresTemplate", template?.name ?? "");
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (template) await dropCopiesOf(process.env.TEST_DATABASE_URL!, template.name);
    await template?.drop();
  };
}

async function embeddedBase(dir: string) {
  const handle = await openDatabase({ dataDir: dir });
  await migrateToLatest(handle.db);
  await seedDemoData(handle.db, new Date(TEST_NOW));
  const dumpable = handle.pglite;
  if (!dumpable) throw new Error("embedded database handle does not expose pglite");
  const blob = await dumpable.dumpDataDir("none");
  const file = path.join(dir, "base.tar");
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await handle.close();
  return file;
}

declare module "vitest" {
  export interface ProvidedContext {
    baseDbFile: string;
    /** The seeded PostgreSQL template database, or "" without PostgreSQL. */
    postgresTemplate: string;
  }
}
