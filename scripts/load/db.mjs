// Database access for setup and verification: the embedded database's files (only while no server
// has them open: PGlite is single-process) or PostgreSQL through pg, plus a throwaway PostgreSQL database.
import crypto from "node:crypto";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { ROOT } from "./server.mjs";

/**
 * Opens DATA_DIR/pglite, owning the directory meanwhile as the portal does (docs/decisions/027):
 * refused with the holder's name while a portal process has it.
 */
export async function openPglite(dataDir) {
  const { claimDataDir } = await import(pathToFileURL(path.join(ROOT, "build/server/db/data-dir-owner.js")).href);
  const owner = await claimDataDir(dataDir, { role: "script", command: "load suite" });
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const db = await PGlite.create(path.join(dataDir, "pglite"));
    return {
      kind: "pglite",
      query: async (sql, params = []) => (await db.query(sql, params)).rows,
      close: async () => {
        await db.close();
        await owner.release();
      },
    };
  } catch (error) {
    await owner.release();
    throw error;
  }
}

export function openPostgres(url) {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  // As in server/db/database.ts: a dropped idle connection must not end the run, and close() waits
  // for the connections to go, since the throwaway database is dropped WITH (FORCE) right after.
  pool.on("error", () => {});
  const open = new Set();
  pool.on("connect", (client) => open.add(client));
  pool.on("remove", (client) => open.delete(client));
  return {
    kind: "postgres",
    query: async (sql, params = []) => (await pool.query(sql, params)).rows,
    close: async () => {
      await pool.end();
      const deadline = Date.now() + 5000;
      while (open.size && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    },
  };
}

/** Runs `fn(db)` on the embedded database of `dataDir`, closing it afterwards. */
export async function withPglite(dataDir, fn) {
  const db = await openPglite(dataDir);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/**
 * Copies the account `template` under new usernames, same password hash, role and exhibition:
 * hashing a password costs ~0.3 s of CPU (scrypt N=2^17), so 100 accounts made with the CLI would
 * take half a minute on two cores. Columns are read from the schema, so new ones are copied too.
 */
export async function cloneUsers(db, template, names) {
  const columns = (
    await db.query(
      `select column_name from information_schema.columns
        where table_name = 'users' and table_schema = current_schema() order by ordinal_position`,
    )
  )
    .map((r) => r.column_name)
    .filter((c) => !["id", "username", "business_name", "business_name_en", "created_at", "password_changed_at"].includes(c));
  const found = await db.query(`select id from users where lower(username) = lower($1)`, [template]);
  if (!found.length) throw new Error(`template account ${template} not found`);
  const list = columns.map((c) => `"${c}"`).join(", ");
  for (const name of names) {
    await db.query(`insert into users (username, business_name, ${list}) select $1, $2, ${list} from users where lower(username) = lower($3)`, [
      name,
      `Load test ${name}`,
      template,
    ]);
  }
}

function canConnect(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/** TEST_DATABASE_URL, else a PostgreSQL on 127.0.0.1:5432 (trust auth, database test); else { skipped }. */
export async function findPostgres() {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, source: "TEST_DATABASE_URL" };
  if (await canConnect("127.0.0.1", 5432)) return { url: "postgres://postgres@127.0.0.1:5432/test", source: "127.0.0.1:5432" };
  return { skipped: "no PostgreSQL (set TEST_DATABASE_URL)" };
}

/** REQUIRE_POSTGRES=1 (CI): PostgreSQL is required, so its checks fail instead of skipping. */
export const postgresRequired = process.env.REQUIRE_POSTGRES === "1";

/**
 * Creates an empty database load_<random> on that server (never touching the database the URL
 * names) and returns { url, name, drop }; connects through the named database, else `postgres`.
 */
export async function throwawayDatabase(serverUrl) {
  const name = `load_${crypto.randomBytes(5).toString("hex")}`;
  const withDatabase = (db) => Object.assign(new URL(serverUrl), { pathname: `/${db}` }).toString();
  const admin = async (sql) => {
    let lastError;
    for (const url of [serverUrl, withDatabase("postgres")]) {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      try {
        await client.connect();
      } catch (error) {
        lastError = error;
        continue;
      }
      try {
        return await client.query(sql);
      } finally {
        await client.end().catch(() => {});
      }
    }
    throw lastError;
  };
  await admin(`CREATE DATABASE ${name}`);
  return { url: withDatabase(name), name, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export function redactUrl(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}
