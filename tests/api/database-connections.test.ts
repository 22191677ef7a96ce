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
        // A witness left open on purpose: the drop terminates it as it would a connection close() left
        // behind, so once the witness has heard of it, so would they have.
        const witness = new pg.Client({ connectionString: databaseUrlFor(postgresUrl!, name) });
        await witness.connect();
        // Its first error is the termination; "terminated unexpectedly" follows when the socket closes.
        const terminated = new Promise<string>((resolve) => witness.on("error", (error) => resolve(error.message)));
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
        expect(await terminated).toBe("terminating connection due to administrator command");
      }
    } finally {
      await admin.end();
    }
    expect(lost).toEqual([]);
  });

  it("an idle connection the server drops is reported and replaced, not a crash", async () => {
    const lost: Error[] = [];
    let reported!: () => void;
    const firstReport = new Promise<void>((resolve) => (reported = resolve));
    const { db } = await open((error) => {
      lost.push(error);
      reported();
    });
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
    await adminQuery(postgresUrl!, `select pg_terminate_backend(${rows[0]!.pid})`);
    await firstReport;
    expect(lost.map((error) => error.message)).toEqual(["terminating connection due to administrator command"]);
    const again = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(again.rows).toEqual([{ one: 1 }]);
  });
});
