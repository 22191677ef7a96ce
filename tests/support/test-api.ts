import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type { AddressInfo } from "node:net";
import { inject } from "vitest";
import { loadConfig, type Config } from "../../server/config";
import { createServerApp } from "../../server/app";
import { openDatabase, type DatabaseHandle } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { loadRsaKeys } from "../../server/auth/secrets";
import { createTranslator } from "../../server/machine-translation/libretranslate";
import { copyPostgresTemplate } from "./postgres-template";
import { recordRouteCalls } from "./route-calls";
import { BOTH_ENGINES } from "./both-engines";

export type Backend = "pglite" | "postgres";

/** PostgreSQL for the database tests; npm test fills it in when 127.0.0.1:5432 answers. */
export const postgresUrl = process.env.TEST_DATABASE_URL;
/** Both engines where PostgreSQL answers: what the engine-sensitive files run on (./both-engines.ts). */
export const backends: Backend[] = postgresUrl ? ["pglite", "postgres"] : ["pglite"];

/**
 * The engines one API test file runs on (docs/decisions/064): both for the files about the engine
 * itself (./both-engines.ts), PostgreSQL alone for the others, since every page and form also runs on
 * the embedded engine in the end-to-end suite. The embedded engine alone where no PostgreSQL answers;
 * every file on both with TEST_EVERY_FILE_ON_BOTH=1 (before an engine upgrade).
 */
export function backendsOf(testFileUrl: string): Backend[] {
  if (!postgresUrl) return ["pglite"];
  if (process.env.TEST_EVERY_FILE_ON_BOTH === "1" || BOTH_ENGINES.has(path.basename(new URL(testFileUrl).pathname))) return backends;
  return ["postgres"];
}
/** The engine of a file whose subject is not the engine (docs/decisions/064): PostgreSQL where one answers. */
export const DEFAULT_BACKEND: Backend = postgresUrl ? "postgres" : "pglite";
export const postgresSkipReason = postgresUrl ? null : "skipped on PostgreSQL: TEST_DATABASE_URL is not set and no server answered at 127.0.0.1:5432";

/** A migrated, seeded database: a copy of the prepared embedded one, or a fresh schema on PostgreSQL. */
export async function openTestDatabase(backend: Backend): Promise<DatabaseHandle> {
  if (backend === "pglite") {
    const file = inject("baseDbFile");
    const handle = await openDatabase({ loadDataDir: new Blob([fs.readFileSync(file)]) });
    return handle;
  }
  const copy = await copyPostgresTemplate(postgresUrl!, inject("postgresTemplate"));
  const handle = await openDatabase({ databaseUrl: copy.url, poolSize: 4 });
  const close = handle.close;
  handle.close = async () => {
    await close();
    copy.dropLater();
  };
  return handle;
}

/** The scrypt N of new password hashes here: test strength under PASSWORD_HASHING=fast (vitest.config.ts), else ASVS's. */
export const passwordHashN = process.env.PASSWORD_HASHING === "fast" ? 2 ** 10 : 2 ** 17;

export type TestApi = Awaited<ReturnType<typeof startTestApi>>;

/** The production Remix build, for tests that drive pages and actions; `npm test` builds it first. */
export async function loadRemixBuild(): Promise<ServerBuild> {
  const file = path.resolve("build/index.js");
  if (!fs.existsSync(file)) throw new Error("build/index.js is missing: run `npm run build` first (npm test does)");
  return (await import(pathToFileURL(file).href)) as ServerBuild;
}

/**
 * Our exhibition API on a random port, over real HTTP, on the given backend; with `remixBuild`,
 * the whole portal (pages and actions) in the same server, as in production. With `recordRouteCalls`,
 * `routeCalls` notes which routes the requests reach and who sends them (tests/support/route-calls.ts).
 */
export async function startTestApi(
  backend: Backend = DEFAULT_BACKEND,
  env: Record<string, string> = {},
  options: { remixBuild?: ServerBuild; recordRouteCalls?: boolean } = {},
) {
  const database = await openTestDatabase(backend);
  const config: Config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", PORT: "0", ...env });
  // Log lines are kept so tests can check what is (and is not) logged.
  const logLines: Record<string, unknown>[] = [];
  const logger = createLogger(env.LOG_LEVEL ?? "info", { write: (line: string) => void logLines.push(JSON.parse(line)) });
  const rsa = await loadRsaKeys(database.db);
  const sessionSecrets = ["test-secret-0123456789"];
  const app = createServerApp({
    config,
    database,
    logger,
    rsa,
    translator: createTranslator(config),
    sessionSecrets,
    remixBuild: options.remixBuild,
    publicDir: path.resolve("public"),
  });
  const routeCalls = options.recordRouteCalls ? recordRouteCalls(app, { db: database.db, sessionSecrets, remixBuild: options.remixBuild }) : null;
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The port is only known now; the pages' API client reads this per request.
  if (!env.API_BASE_URL) config.apiBaseUrl = `${baseUrl}/api`;

  async function call<T = unknown>(
    path: string,
    init: { method?: string; form?: Record<string, string>; json?: unknown; ticket?: string; lang?: string; ip?: string; query?: Record<string, string> } = {},
  ) {
    const url = new URL(`${baseUrl}/api${path}`);
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = { "accept-language": init.lang ?? "en" };
    if (init.ticket) headers.ticket = init.ticket;
    if (init.ip) headers["x-forwarded-for"] = init.ip;
    let body: string | undefined;
    if (init.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, { method: init.method ?? (body ? "POST" : "GET"), headers, body });
    const envelope = (await response.json()) as { code: number; message: string; data: T };
    return { status: response.status, ...envelope };
  }

  async function login(username: string, password: string, ip = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) {
    const result = await call<{ ticket: string }>("/login/login", { form: { username, password }, ip });
    if (result.code !== 200) throw new Error(`login failed: ${result.message}`);
    return result.data.ticket;
  }

  return {
    baseUrl,
    app,
    config,
    logLines,
    db: database.db,
    database,
    rsa,
    /** What signs cookies and badge codes in this server. */
    sessionSecrets,
    /** With `recordRouteCalls`: which routes were called, and by whom, between a `start()` and its `stop()`. */
    routeCalls,
    call,
    login,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await database.close();
    },
  };
}

/**
 * startTestApi with a data folder of its own (a new temporary folder named from `prefix`, as DATA_DIR),
 * which `close()` removes after closing the server; `dataDir` is that folder.
 */
export async function startTestApiInTempDir(
  backend: Backend,
  prefix: string,
  env: Record<string, string> = {},
  options: { remixBuild?: ServerBuild; recordRouteCalls?: boolean } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const api = await startTestApi(backend, { DATA_DIR: dataDir, ...env }, options).catch((error: unknown) => {
    removeDataDir();
    throw error;
  });
  return {
    ...api,
    dataDir,
    async close() {
      await api.close();
      removeDataDir();
    },
  };
}
export type TempDirTestApi = Awaited<ReturnType<typeof startTestApiInTempDir>>;
