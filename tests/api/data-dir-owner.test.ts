import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { claimDataDir, DataDirHeldError, socketPathOf } from "../../server/db/data-dir-owner";
import { openDatabase } from "../../server/db/database";
import { runCli, signIn, spawnPortal, startPortal, stopPortal, type Portal } from "../support/portal-processes";
import { copyPostgresTemplate } from "../support/postgres-template";
import { postgresSkipReason, postgresUrl } from "../support/test-api";

/**
 * One owner for the embedded database (docs/decisions/027), with real processes from the build:
 * the portal, a second portal, the CLI, a script, and a portal killed with SIGKILL.
 */
const built = fs.existsSync("build/server/index.js") && fs.existsSync("build/server/cli.js") && fs.existsSync("build/index.js");
const PASSWORD = "Own#2026pass";

describe.skipIf(!built)("the embedded database's one owner, across processes", { timeout: 180_000 }, () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "portal-owner-"));
  const portals: Portal[] = [];
  let template: string;
  let copies = 0;

  /** A seeded data directory of the test's own (a copy of one made once). */
  function freshDataDir() {
    const dir = path.join(root, `d${++copies}`);
    fs.cpSync(template, dir, { recursive: true });
    return dir;
  }
  async function portalOn(dataDir: string) {
    const portal = await startPortal(dataDir);
    portals.push(portal);
    return portal;
  }

  beforeAll(async () => {
    // The demo the global setup seeded, unpacked where the portal keeps its embedded database
    // (server/db/database.ts): seeding again with the CLI took ~12 s.
    template = path.join(root, "template");
    const dir = path.join(template, "pglite");
    fs.mkdirSync(dir, { recursive: true });
    const pglite = await PGlite.create(dir, { loadDataDir: new Blob([fs.readFileSync(inject("baseDbFile"))]) });
    await pglite.close();
  });
  afterAll(async () => {
    await Promise.all(portals.map((p) => stopPortal(p, "SIGKILL")));
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("runs create-user in the running portal: the account signs in at once, after a restart and after a SIGKILL", async () => {
    const dataDir = freshDataDir();
    const portal = await portalOn(dataDir);
    const created = await runCli(dataDir, ["create-user", "owner01", "--password", PASSWORD, "--role", "exhibitor", "--business-name", "One Owner Ltd"]);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/Created user owner01 \(id \d+\)/);
    expect(created.stderr).toContain(`run by the running portal (PID ${portal.child.pid}, port ${portal.port})`);
    expect((await signIn(portal, "owner01", PASSWORD)).code).toBe(200);

    // A failure in the owner is the CLI's failure, with the owner's message.
    const again = await runCli(dataDir, ["create-user", "owner01", "--password", PASSWORD, "--role", "exhibitor", "--business-name", "One Owner Ltd"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("User owner01 already exists");

    expect(await stopPortal(portal)).toBe(0);
    expect(fs.existsSync(socketPathOf(dataDir))).toBe(false);
    const restarted = await portalOn(dataDir);
    expect((await signIn(restarted, "owner01", PASSWORD)).code).toBe(200);

    // After a SIGKILL of the owner, the next start takes the directory over by itself.
    expect((await runCli(dataDir, ["create-user", "killed01", "--password", PASSWORD, "--role", "exhibitor"])).code).toBe(0);
    await stopPortal(restarted, "SIGKILL");
    expect(fs.existsSync(socketPathOf(dataDir))).toBe(true); // left behind: nobody listens on it
    expect((await runCli(dataDir, ["holder"])).stdout).toContain("No process holds");
    const afterCrash = await portalOn(dataDir);
    expect((await signIn(afterCrash, "owner01", PASSWORD)).code).toBe(200);
    expect((await signIn(afterCrash, "killed01", PASSWORD)).code).toBe(200);
  });

  it("runs another area's write (badge-quota) in the running portal, and refuses a second portal and a script meanwhile", async () => {
    const dataDir = freshDataDir();
    const first = await portalOn(dataDir);
    const changed = await runCli(dataDir, ["badge-quota", "--free-base", "5"]);
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stdout).toContain("5 free badges up to 9 m²");
    // The old key=value form: refused by the owner, with the usage, as a local run refuses it.
    const old = await runCli(dataDir, ["badge-quota", "free-base=6"]);
    expect(old.code).toBe(1);
    expect(old.stderr).toContain('Not understood: "free-base=6" (settings are options: --free-base 6).\nUsage: cli.js badge-quota');
    const { ticket } = await signIn(first, "std01", "Expo#2026");
    const list = await fetch(`${first.baseUrl}/api/smeb/pass/ticket/list`, { headers: { ticket: ticket! } }).then((r) => r.json());
    expect(list.data.quota.free).toBe(5);

    // A second portal on the same DATA_DIR exits with the first one's name; the first keeps serving.
    const second = await spawnPortal(dataDir);
    portals.push(second);
    expect(await second.exited).toBe(75);
    expect(second.output()).toContain(`in use by the portal server (PID ${first.child.pid}, port ${first.port}`);
    expect(second.output()).toContain("DATABASE_URL");
    expect((await fetch(`${first.baseUrl}/readyz`)).status).toBe(200);
    expect((await signIn(first, "std01", "Expo#2026")).code).toBe(200);
    // `npm start` asks the same before it rebuilds under a running portal.
    const holder = await runCli(dataDir, ["holder"]);
    expect(holder.code).toBe(75);
    expect(holder.stderr).toContain(`PID ${first.child.pid}, port ${first.port}`);
    // A script is refused too, before it opens the files.
    const refused = await openDatabase({ dataDir, claimAs: { role: "script", command: "a test" } }).catch((error) => error);
    expect(refused).toBeInstanceOf(DataDirHeldError);
    expect(refused.holder).toMatchObject({ pid: first.child.pid, role: "server", port: first.port });

    await stopPortal(first);
    const shown = await runCli(dataDir, ["badge-quota"]);
    expect(shown.stdout).toContain("5 free badges up to 9 m²");
  });

  it("runs two CLI commands at the same time, with the portal and without it", async () => {
    const dataDir = freshDataDir();
    // Without a portal: one CLI owns the directory and runs the other's command too.
    const alone = await Promise.all(["both01", "both02"].map((name) => runCli(dataDir, ["create-user", name, "--password", PASSWORD, "--role", "exhibitor"])));
    for (const result of alone) expect(result.code, result.stderr).toBe(0);
    const portal = await portalOn(dataDir);
    const withPortal = await Promise.all(
      ["both03", "both04"].map((name) => runCli(dataDir, ["create-user", name, "--password", PASSWORD, "--role", "exhibitor"])),
    );
    for (const result of withPortal) expect(result.code, result.stderr).toBe(0);
    for (const name of ["both01", "both02", "both03", "both04"]) expect((await signIn(portal, name, PASSWORD)).code, name).toBe(200);
  });

  it("refuses the CLI while a script that runs no commands holds the directory, and nothing changes", async () => {
    const dataDir = freshDataDir();
    const owner = await claimDataDir(dataDir, { role: "script", command: "a backup" });
    try {
      const refused = await runCli(dataDir, ["create-user", "never01", "--password", PASSWORD, "--role", "exhibitor"]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`in use by a script (a backup) (PID ${process.pid}`);
    } finally {
      await owner.release();
    }
    const database = await openDatabase({ dataDir });
    try {
      const user = await database.db.selectFrom("users").select("id").where("username", "=", "never01").executeTakeFirst();
      expect(user).toBeUndefined();
    } finally {
      await database.close();
    }
  });
});

/** PostgreSQL needs no owner: several portals and CLIs at once, sharing a DATA_DIR (the uploads) too. */
describe.skipIf(!built || !postgresUrl)(`with DATABASE_URL, any number of processes${postgresSkipReason ? ` (${postgresSkipReason})` : ""}`, () => {
  it("serves two portals and runs two CLI commands at once, each with its own connections", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-owner-pg-"));
    const copy = await copyPostgresTemplate(postgresUrl!, inject("postgresTemplate"));
    const settings = { DATABASE_URL: copy.url };
    const portals: Portal[] = [];
    try {
      portals.push(await startPortal(dataDir, settings), await startPortal(dataDir, settings));
      const created = await Promise.all(
        ["pg01", "pg02"].map((name) => runCli(dataDir, ["create-user", name, "--password", PASSWORD, "--role", "exhibitor"], settings)),
      );
      for (const result of created) {
        expect(result.code, result.stderr).toBe(0);
        expect(result.stderr).not.toContain("run by"); // each ran in its own process
      }
      expect(fs.existsSync(socketPathOf(dataDir))).toBe(false);
      for (const portal of portals) for (const name of ["pg01", "pg02"]) expect((await signIn(portal, name, PASSWORD)).code).toBe(200);
    } finally {
      await Promise.all(portals.map((portal) => stopPortal(portal)));
      await copy.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
