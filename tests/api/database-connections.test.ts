import crypto from "node:crypto";
import pg from "pg";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../server/db/database";
import { adminQuery, databaseUrlFor } from "../support/postgres-template";
import { postgresSkipReason, postgresUrl } from "../support/test-api";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/** Connections PostgreSQL still has open to the database, other than the asking one. */
async function connectionsTo(database: string) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    const { rows } = await client.query("select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [database]);
    return rows[0].n as number;
  } finally {
    await client.end();
  }
}

describe.skipIf(!postgresUrl)("PostgreSQL connections", () => {
  let name = "";
  let handle: DatabaseHandle | null = null;

  async function open(onConnectionError?: (error: Error) => void) {
    name = `portal_conn_${crypto.randomBytes(5).toString("hex")}`;
    await adminQuery(postgresUrl!, `CREATE DATABASE ${name}`);
    handle = await openDatabase({ databaseUrl: databaseUrlFor(postgresUrl!, name), poolSize: 4, onConnectionError });
    return handle;
  }
  afterEach(async () => {
    await handle?.close();
    handle = null;
    await adminQuery(postgresUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it("close() returns once every connection is gone, so dropping the database next kills none", async () => {
    // pg's pool.end() alone resolves while the connections are still closing: a DROP … WITH (FORCE)
    // right after could terminate them, and with no listener their errors crashed the process (the
    // race lost about once in ten here, hence the rounds).
    const lost: Error[] = [];
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      for (let round = 0; round < 12; round++) {
        const { db, close } = await open((error) => lost.push(error));
        await Promise.all(Array.from({ length: 4 }, () => sql`select pg_sleep(0.01)`.execute(db)));
        if (round === 0) expect(await connectionsTo(name)).toBe(4);
        await close();
        handle = null;
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      }
    } finally {
      await admin.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lost).toEqual([]);
  });

  it("an idle connection the server drops is reported and replaced, not a crash", async () => {
    const lost: Error[] = [];
    const { db } = await open((error) => lost.push(error));
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
    await adminQuery(postgresUrl!, `select pg_terminate_backend(${rows[0]!.pid})`);
    for (let i = 0; i < 100 && !lost.length; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(lost.map((error) => error.message)).toEqual(["terminating connection due to administrator command"]);
    const again = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(again.rows).toEqual([{ one: 1 }]);
  });
});
