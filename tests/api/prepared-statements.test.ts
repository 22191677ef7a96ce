import { sql, type Generated, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../server/db/database";
import { PREPARED_STATEMENT_LIMIT } from "../../server/db/pglite-statements";
import { PREPARED_TEXT_LIMIT } from "../../server/db/postgres-statements";
import { copyPostgresTemplate } from "../support/postgres-template";
import { openTestDatabase, postgresSkipReason, postgresUrl, type Backend } from "../support/test-api";

// Decision 026: every statement text runs as a named prepared statement, on both databases.
if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

type Probe = { id: number; n: number; at: Date | null; doc: unknown; tags: string[] | null; flag: boolean | null };
/** The probe table is the only one these tests touch; its id is a serial. */
type ProbeDatabase = { prepared_probe: Omit<Probe, "id"> & { id: Generated<number> } };

/** Statements the connection holds whose text mentions the probe table. */
async function preparedProbeStatements(db: Kysely<ProbeDatabase>) {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_prepared_statements where statement like '%prepared_probe%' and not from_sql`.execute(db);
  return rows[0]!.n;
}

const limits: Record<Backend, number> = { pglite: PREPARED_STATEMENT_LIMIT, postgres: PREPARED_TEXT_LIMIT };

/** A fresh database with the (empty) probe table. */
async function openProbeDatabase(backend: Backend) {
  const handle = await openTestDatabase(backend);
  const db = handle.db as unknown as Kysely<ProbeDatabase>;
  await sql`create table prepared_probe (id serial primary key, n int unique, at timestamptz, doc jsonb, tags text[], flag boolean)`.execute(db);
  return { handle, db };
}

describe.each<Backend>(["pglite", "postgres"])("prepared statements on %s", (backend) => {
  let handle: DatabaseHandle;
  let db: Kysely<ProbeDatabase>;
  beforeAll(async () => {
    if (backend === "postgres" && !postgresUrl) return;
    ({ handle, db } = await openProbeDatabase(backend));
  });
  afterAll(() => handle?.close());
  const run = backend === "postgres" && !postgresUrl ? it.skip : it;

  run("prepares a text once and runs it with other values", async () => {
    await db
      .insertInto("prepared_probe")
      .values([{ n: 1 }, { n: 2 }, { n: 3 }])
      .execute();
    // One transaction: on PostgreSQL each of the pool's connections keeps its own statements.
    await db.transaction().execute(async (trx) => {
      const find = async (n: number) => (await trx.selectFrom("prepared_probe").select("n").where("n", "=", n).executeTakeFirstOrThrow()).n;
      expect(await find(3)).toBe(3);
      const kept = await preparedProbeStatements(trx);
      expect(kept).toBeGreaterThanOrEqual(2); // the select and the count itself
      expect(await find(1)).toBe(1);
      expect(await find(2)).toBe(2);
      expect(await preparedProbeStatements(trx)).toBe(kept);
    });
  });

  run("sends each kind of value as the column's type and reads it back", async () => {
    const at = new Date("2026-11-26T01:02:03.456Z");
    const inserted = await db
      .insertInto("prepared_probe")
      .values({ n: 10, at, doc: JSON.stringify({ zh: "展位", list: [1, 2] }), tags: ["甲", "b,c", 'quote"d'], flag: false })
      .returningAll()
      .executeTakeFirstOrThrow();
    const read = (await db.selectFrom("prepared_probe").selectAll().where("n", "=", 10).executeTakeFirstOrThrow()) as Probe;
    for (const row of [inserted as Probe, read]) {
      expect(row.at).toEqual(at);
      expect(row.doc).toEqual({ zh: "展位", list: [1, 2] });
      expect(row.tags).toEqual(["甲", "b,c", 'quote"d']);
      expect(row.flag).toBe(false);
    }
    const nulls = await db.updateTable("prepared_probe").set({ at: null, tags: null }).where("n", "=", 10).executeTakeFirstOrThrow();
    expect(Number(nulls.numUpdatedRows)).toBe(1);
    await db.insertInto("prepared_probe").values({ n: 12 }).execute();
    const inList = await db.selectFrom("prepared_probe").select("n").where("n", "in", [12, 10]).orderBy("n").execute();
    expect(inList.map((r) => r.n)).toEqual([10, 12]);
  });

  run("keeps PostgreSQL's error codes (a unique violation stays 23505 with its constraint)", async () => {
    await db.insertInto("prepared_probe").values({ n: 20 }).execute();
    const error = await db
      .insertInto("prepared_probe")
      .values({ n: 20 })
      .execute()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "23505", constraint: "prepared_probe_n_key" });
    // The statement is still good after its failure.
    await db.insertInto("prepared_probe").values({ n: 21 }).execute();
    expect(await db.selectFrom("prepared_probe").select("n").where("n", "=", 21).execute()).toHaveLength(1);
  });

  run("answers with the new columns after a migration changes a table under a kept statement", async () => {
    await db.insertInto("prepared_probe").values({ n: 30 }).execute();
    const select = () => db.selectFrom("prepared_probe").selectAll().where("n", "=", 30).executeTakeFirstOrThrow();
    // Enough runs on every connection of the pool for the statement to be kept everywhere.
    await Promise.all(Array.from({ length: 8 }, select));
    await sql`alter table prepared_probe add column added int default 7`.execute(db);
    expect(await select()).toMatchObject({ n: 30, added: 7 });
    await Promise.all(Array.from({ length: 8 }, async () => expect(await select()).toMatchObject({ added: 7 })));

    // Inside a transaction the stale statement fails that transaction only; it works again after.
    await sql`alter table prepared_probe add column later int default 8`.execute(db);
    const outcome = await db
      .transaction()
      .execute(async (trx) => trx.selectFrom("prepared_probe").selectAll().where("n", "=", 30).executeTakeFirstOrThrow())
      .then(
        (row) => ({ row }),
        (error: { code?: string }) => ({ code: error.code }),
      );
    // PostgreSQL may also have re-planned before the transaction used it: both are right.
    if ("code" in outcome) expect(outcome.code).toBe("0A000");
    else expect(outcome.row).toMatchObject({ later: 8 });
    expect(await select()).toMatchObject({ added: 7, later: 8 });
  });

  run("keeps at most its limit of statements", async () => {
    const limit = limits[backend];
    // A database of its own: on PostgreSQL the pool names only its first texts, and this test takes
    // them all, which would leave the other tests' statements unnamed.
    const own = await openProbeDatabase(backend);
    try {
      await own.db.insertInto("prepared_probe").values({ n: 40 }).execute();
      await own.db.transaction().execute(async (trx) => {
        for (let k = 0; k < limit + 20; k++) {
          const { rows } = await sql<{ v: number }>`select ${k}::int + ${sql.raw(String(k))} as v from prepared_probe limit 1`.execute(trx);
          expect(rows[0]!.v).toBe(2 * k);
        }
        const { rows } = await sql<{
          n: number;
        }>`select count(*)::int as n from pg_prepared_statements where statement like '%as v from prepared_probe limit 1' and not from_sql`.execute(trx);
        // The insert took one of the PostgreSQL side's names; PGlite closes its oldest with the next new one.
        expect(rows[0]!.n).toBeGreaterThanOrEqual(limit - 20);
        expect(rows[0]!.n).toBeLessThanOrEqual(limit);
      });
    } finally {
      await own.handle.close();
    }
  });
});

describe.skipIf(!postgresUrl)("DATABASE_PREPARED_STATEMENTS=false on PostgreSQL", () => {
  it("runs every statement unnamed", async () => {
    const copy = await copyPostgresTemplate(postgresUrl!, inject("postgresTemplate"));
    const handle = await openDatabase({ databaseUrl: copy.url, poolSize: 1, preparedStatements: false });
    try {
      await handle.db.transaction().execute(async (trx) => {
        await trx.selectFrom("users").select("id").where("id", "=", 1).execute();
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(trx);
        expect(rows[0]!.n).toBe(0);
      });
    } finally {
      await handle.close();
      await copy.drop();
    }
  });
});
