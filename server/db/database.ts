import fs from "node:fs";
import path from "node:path";
import { Kysely, type LogEvent, Migrator, PostgresDialect, sql, type Transaction } from "kysely";
import pg from "pg";
import type { DB } from "./schema";
import { migrationProvider } from "./migrations";
import { PgliteDialect } from "./pglite-pool";
import { enablePreparedStatements } from "./postgres-statements";
import { noteStatement } from "../request-scope";
import { observeQuery } from "../metrics/registry";
import { claimDataDir, type DataDirOwner, type HolderRole } from "./data-dir-owner";

export type Database = Kysely<DB>;
/** The database or an open transaction: what a query takes that may run inside its caller's transaction. */
export type Db = Database | Transaction<DB>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** The embedded engine, when used (tests dump and clone it). */
  pglite?: import("@electric-sql/pglite").PGlite;
  /** The embedded database's claim on its data directory (docs/decisions/027). */
  owner?: DataDirOwner;
  /** PostgreSQL: the pool's connections (for /metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Cheap round trip for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /** PostgreSQL only: run each statement text as a named prepared statement (default true). */
  preparedStatements?: boolean;
  /** Only for tests: a PostgreSQL schema to isolate one test file on a shared database. */
  schema?: string;
  /** Only for tests: start the embedded database from a dumped data directory. */
  loadDataDir?: Blob;
  /**
   * Embedded with `dataDir`: who claims the directory (a server, a CLI command, a script). A live
   * holder makes openDatabase throw DataDirHeldError; the default is a script.
   */
  claimAs?: { role: HolderRole; command?: string };
  /** Told when an idle PostgreSQL connection fails (server restart, failover, terminated backend). */
  onConnectionError?: (error: Error) => void;
};

/** Every statement: counted in its request's scope (Server-Timing, the access log) and timed for /metrics. */
function onStatement(event: LogEvent) {
  noteStatement();
  observeQuery(event);
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      options: options.schema ? `-c search_path=${options.schema}` : undefined,
    });
    // Without a listener, an idle connection that the server drops would crash the process; the
    // pool discards it and the next query opens a new one.
    pool.on("error", (error) => options.onConnectionError?.(error));
    // pool.end() resolves before the connections have closed: close() waits for them, so whoever
    // drops or restarts the database next does not kill connections still saying goodbye.
    const open = new Set<pg.PoolClient>();
    pool.on("connect", (client) => open.add(client));
    if (options.preparedStatements !== false) enablePreparedStatements(pool);
    pool.on("remove", (client) => open.delete(client));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: onStatement });
    return {
      db,
      kind: "postgres",
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      ping: async () => void (await sql`select 1`.execute(db)),
      close: async () => {
        await db.destroy();
        const deadline = Date.now() + 5000;
        while (open.size && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      },
    };
  }
  const pgliteModule = await import("@electric-sql/pglite");
  const { PGlite } = pgliteModule;
  let pglite: import("@electric-sql/pglite").PGlite;
  let owner: DataDirOwner | undefined;
  if (options.loadDataDir) {
    pglite = await PGlite.create({ loadDataDir: options.loadDataDir });
  } else {
    // Two engines on one set of files lose each other's writes: the directory is claimed first.
    const dataDir = path.resolve(options.dataDir ?? "./data");
    owner = await claimDataDir(dataDir, options.claimAs ?? { role: "script" });
    try {
      const dir = path.join(dataDir, "pglite");
      fs.mkdirSync(dir, { recursive: true });
      pglite = await PGlite.create(dir);
    } catch (error) {
      await owner.release();
      throw error;
    }
  }
  const db = new Kysely<DB>({ dialect: new PgliteDialect(pglite, pgliteModule), log: onStatement });
  return {
    db,
    kind: "pglite",
    pglite,
    owner,
    ping: async () => void (await sql`select 1`.execute(db)),
    // Commands still running in this owner finish first; the claim goes only once the files are closed.
    close: async () => {
      await owner?.stopServing();
      try {
        await db.destroy();
      } finally {
        await owner?.release();
      }
    },
  };
}

/**
 * `schema` names the PostgreSQL schema the migrations' own tables belong to. Without it Kysely
 * looks for its lock table in every schema, and with several schemas on one database (the tests)
 * it may see another schema's table and skip creating its own.
 */
export async function migrateToLatest(db: Database, options: { schema?: string } = {}) {
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: options.schema });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
