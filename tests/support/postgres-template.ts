import crypto from "node:crypto";
import pg from "pg";
import { migrateToLatest, openDatabase } from "../../server/db/database";
import { seedDemoData } from "../../server/seed/demo-data";
import { TEST_NOW } from "./test-clock";

// PostgreSQL copies a database from a template in about a second, where migrating and seeding one
// (password hashes included) took ~8 s per test file. The template is made once per run (the vitest
// global setup); each test file gets a database of its own from it and drops it at the end.

/** The same server's URL, naming another database. */
export function databaseUrlFor(serverUrl: string, database: string) {
  return Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();
}

/** Runs SQL on the database the URL names (CREATE/DROP DATABASE cannot run inside it). */
export async function adminQuery(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createPostgresTemplate(serverUrl: string) {
  const name = `portal_tpl_${crypto.randomBytes(5).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const drop = () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  try {
    const handle = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, name), poolSize: 4 });
    try {
      await migrateToLatest(handle.db);
      await seedDemoData(handle.db, new Date(TEST_NOW));
    } finally {
      await handle.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, drop };
}

/** A database of its own for one test file, copied from the template; `drop` removes it. */
export async function copyPostgresTemplate(serverUrl: string, template: string) {
  const name = `portal_t_${crypto.randomBytes(6).toString("hex")}`;
  // Two workers copying the same template at once: PostgreSQL may refuse the second while the first
  // holds the template ("being accessed by other users"); try again shortly.
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
      break;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  return { url: databaseUrlFor(serverUrl, name), drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
