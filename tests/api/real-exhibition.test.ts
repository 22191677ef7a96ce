import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../server/auth/password";
import { prepareServices } from "../../server/boot";
import { loadConfig } from "../../server/config";
import type { Database } from "../../server/db/database";
import { publicBaseUrl } from "../../server/exhibition-settings/public-url";
import { readExhibitionSettings } from "../../server/exhibition-settings/store";
import { createLogger } from "../../server/logger";
import type { OpsContext } from "../../server/ops/command-types";
import { opsHelp, runOpsCommand } from "../../server/ops/commands";
import { databaseKind, MixedDatabaseRefusal } from "../../server/setup/database-kind";
import { adminQuery, databaseUrlFor } from "../support/postgres-template";
import { backendsOf, postgresSkipReason, postgresUrl, startTestApi, type Backend } from "../support/test-api";

/**
 * Two kinds of database, never confused (issue 52, docs/decisions/054): a plain start seeds nothing,
 * `npm start` asks for the demo, `cli.js setup` makes the real exhibition with the organizer's own
 * password, and the two refuse to mix.
 */
const PASSWORD = "Our own organizer pass 7";
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The environment of a server on an empty database of this test's own: a fresh data directory, or a new PostgreSQL database. */
async function emptyDatabaseEnv(backend: Backend): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "real-exhibition-"));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (backend === "pglite") return { DATA_DIR: dataDir };
  const name = `portal_real_${crypto.randomBytes(5).toString("hex")}`;
  await adminQuery(postgresUrl!, `CREATE DATABASE ${name}`);
  cleanups.push(() => adminQuery(postgresUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  return { DATA_DIR: dataDir, DATABASE_URL: databaseUrlFor(postgresUrl!, name) };
}

/** The server's start (migrations, seeding as configured) on that database; its log lines kept. */
async function plainStart(env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: "test", PORT: "0", ...env });
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) });
  const services = await prepareServices(config, logger);
  cleanups.push(() => services.database.close());
  return {
    db: services.database.db,
    context: { db: services.database.db, store: services.store } as OpsContext,
    lines,
    close: () => services.database.close(),
  };
}

const setupArgs = (overrides: Record<string, string> = {}) =>
  Object.entries({
    code: "EXPO2099",
    "name-zh": "2099 智能科技博览会",
    "name-en": "Smart Tech Expo 2099",
    "starts-on": "2099-03-18",
    "ends-on": "2099-03-21",
    "venue-en": "Hall Road 1",
    "public-url": "https://expo.example.com",
    username: "organizer",
    password: PASSWORD,
    ...overrides,
  }).map(([name, value]) => `--${name}=${value}`);

const counts = async (db: Database) => ({
  exhibitions: (await db.selectFrom("exhibitions").select("id").execute()).length,
  users: (await db.selectFrom("users").select(["id", "role_id"]).execute()).length,
  settings: (await db.selectFrom("exhibition_settings").select("key").execute()).length,
});

// Each test migrates (and may seed) fresh databases from scratch: minutes on a busy machine, not the usual seconds.
const FRESH_DATABASES_MS = 600_000;

describe.each(backendsOf(import.meta.url))("two kinds of database on %s", { timeout: FRESH_DATABASES_MS }, (backend) => {
  it("a plain start on an empty database creates no demo and no account (auto is never too); npm start asks for the demo", async () => {
    for (const seed of [{}, { SEED_DEMO_DATA: "auto" }] as Record<string, string>[]) {
      const plain = await plainStart({ ...(await emptyDatabaseEnv(backend)), ...seed });
      expect(await counts(plain.db)).toEqual({ exhibitions: 0, users: 0, settings: 0 });
      expect(await databaseKind(plain.db)).toBe("empty");
      expect(plain.lines.some((line) => String(line.msg).includes("cli.js setup"))).toBe(true);
      await plain.close();
    }

    // `npm start` sets SEED_DEMO_DATA=always (package.json), the README's first command.
    const start = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts.start as string;
    expect(start).toMatch(/SEED_DEMO_DATA=always node [^&]*build\/server\/index\.js$/);
    const demo = await plainStart({ ...(await emptyDatabaseEnv(backend)), SEED_DEMO_DATA: "always" });
    expect(await databaseKind(demo.db)).toBe("demo");
    const admin = await demo.db.selectFrom("users").select(["password_hash", "role_id"]).where("username", "=", "admin").executeTakeFirstOrThrow();
    expect(admin.role_id).toBe(1);
    expect(await verifyPassword("Admin#2026", admin.password_hash)).toBe(true);
    expect(demo.lines.some((line) => line.database === "demo")).toBe(true);

    // Setup on the demo refuses, and changes nothing.
    const before = await counts(demo.db);
    await expect(runOpsCommand(demo.context, "setup", setupArgs())).rejects.toThrow(/holds the demo/);
    expect(await counts(demo.db)).toEqual(before);
    await demo.close();
  });

  it("setup creates the exhibition and one organizer whose own password signs in, and refuses a second run; demo data never goes in", async () => {
    const env = await emptyDatabaseEnv(backend);
    const first = await plainStart(env);
    const output = await runOpsCommand(first.context, "setup", setupArgs());
    expect(output).toContain("Set up the exhibition EXPO2099 with its organizer account organizer (roleId 1)");
    expect(output).toContain("https://expo.example.com/login");
    expect(await databaseKind(first.db)).toBe("real");
    const users = await first.db.selectFrom("users").select(["id", "username", "role_id", "password_hash", "exhibition_id"]).execute();
    expect(users.map((u) => [u.username, u.role_id])).toEqual([["organizer", 1]]);
    const exhibition = await first.db.selectFrom("exhibitions").selectAll().executeTakeFirstOrThrow();
    expect(exhibition).toMatchObject({ code: "EXPO2099", name_zh: "2099 智能科技博览会", name_en: "Smart Tech Expo 2099", is_current: true, is_demo: false });
    expect(await readExhibitionSettings(first.db, exhibition.id)).toEqual({ publicUrl: "https://expo.example.com" });
    expect(await publicBaseUrl(first.db, exhibition.id, { PUBLIC_URL: "https://env.example.com" })).toBe("https://expo.example.com");
    // The portal's menus come with it: the organizer has pages to go to.
    expect((await first.db.selectFrom("menus").select("id").execute()).length).toBeGreaterThan(10);

    const again = await counts(first.db);
    await expect(runOpsCommand(first.context, "setup", setupArgs({ code: "OTHER2099", username: "second" }))).rejects.toThrow(
      "already holds a real exhibition: setup runs once",
    );
    await expect(runOpsCommand(first.context, "seed", [])).rejects.toThrow(/holds a real exhibition: the demo .* is never loaded into it/);
    expect(await counts(first.db)).toEqual(again);
    expect(await first.db.selectFrom("users").select("id").where("username", "=", "admin").executeTakeFirst()).toBeUndefined();
    await first.close();

    // SEED_DEMO_DATA=always on it stops the start instead of seeding.
    await expect(plainStart({ ...env, SEED_DEMO_DATA: "always" })).rejects.toBeInstanceOf(MixedDatabaseRefusal);

    // Restarted plainly: the organizer signs in with the password chosen at setup; the log names the real exhibition.
    const restarted = await plainStart(env);
    expect(restarted.lines.some((line) => line.database === "real" && line.exhibition === "EXPO2099")).toBe(true);
    const organizer = await restarted.db.selectFrom("users").select("password_hash").where("username", "=", "organizer").executeTakeFirstOrThrow();
    expect(await verifyPassword(PASSWORD, organizer.password_hash)).toBe(true);
  });

  it("refuses bad input to setup, each with its own message, and saves nothing", async () => {
    const empty = await plainStart(await emptyDatabaseEnv(backend));
    const refusals: [Record<string, string>, RegExp][] = [
      [{ password: "Admin#2026" }, /the demo's, printed in the README/],
      [{ password: "" }, /Please enter the new password|password/i],
      [{ "public-url": "http://expo.example.com" }, /public address "http:\/\/expo.example.com" is not valid/],
      [{ "public-url": "not a url" }, /public address "not a url" is not valid/],
      [{ "starts-on": "2099-02-30" }, /opening day "2099-02-30" is not a date/],
      [{ "ends-on": "2099-03-01" }, /closing day 2099-03-01 is before the opening day 2099-03-18/],
      [{ "starts-on": "2000-01-01", "ends-on": "2000-01-03" }, /has passed already/],
      [{ code: "no spaces" }, /exhibition code "no spaces" is not valid/],
      [{ "name-en": " " }, /English name is empty/],
    ];
    for (const [overrides, message] of refusals) {
      await expect(runOpsCommand(empty.context, "setup", setupArgs(overrides)), JSON.stringify(overrides)).rejects.toThrow(message);
    }
    await expect(runOpsCommand(empty.context, "setup", ["--code=X1"])).rejects.toThrow(/Missing --name-zh, --name-en/);
    expect(await counts(empty.db)).toEqual({ exhibitions: 0, users: 0, settings: 0 });
    await empty.close();
  });

  it("answers setup --help without the internal password option", () => {
    const help = opsHelp("setup", ["--help"])!;
    expect(help).toContain("Usage: cli.js setup --code <code>");
    expect(help).toContain("--password-file <value>");
    expect(help).not.toMatch(/--password <value>/);
    expect(opsHelp("--help", [])).toContain("  setup");
  });

  it.skipIf(backend === "postgres" && postgresSkipReason)(
    "on the demo with real delivery configured, the import and invitations refuse; the site settings say demo (its mark)",
    async () => {
      const api = await startTestApi(backend, { SMTP_URL: "smtp://127.0.0.1:9" });
      try {
        const ticket = await api.login("admin", "Admin#2026");
        expect((await api.call("/site/settings")).data).toMatchObject({ demo: true });
        const preview = await api.call("/smeb/exhibitors/import/preview", { method: "POST", ticket });
        expect(preview.status).toBe(409);
        expect(preview.message).toContain("real exhibitors are not imported into it");
        const zh = await api.call("/smeb/exhibitors/import/confirm", { form: { stageId: "a".repeat(20) }, ticket, lang: "zh" });
        expect(zh.message).toContain("不能向其中导入真实展商");
        const invite = await api.call("/smeb/exhibitors/invitations/send", { form: { all: "true" }, ticket });
        expect(invite.status).toBe(409);
        expect(invite.message).toContain("it sends no invitations to real addresses");
        await expect(runOpsCommand({ db: api.db, store: undefined as never, mail: api as never }, "send-invitations", ["--all"])).rejects.toThrow(
          /no invitations to real addresses/,
        );
      } finally {
        await api.close();
      }
      // With the outboxes only, the demo stays a sandbox: the same call is not refused for being the demo.
      const sandbox = await startTestApi(backend);
      try {
        const ticket = await sandbox.login("admin", "Admin#2026");
        const preview = await sandbox.call("/smeb/exhibitors/import/preview", { method: "POST", ticket });
        expect(preview.message).not.toContain("real exhibitors are not imported");
      } finally {
        await sandbox.close();
      }
    },
  );
});
