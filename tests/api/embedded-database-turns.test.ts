import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/database";
import { openTestDatabase } from "../support/test-api";

/**
 * PGlite answers synchronously: without a turn of the event loop between two waiters, 50 queued
 * queries ran as one chain, and sockets and timers waited for all of them (issue 19's p99).
 */
describe("the embedded database's queue", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase("pglite");
  });
  afterAll(() => handle.close());

  it("lets Node's event loop turn between queued queries", async () => {
    let done = false;
    let turns = 0;
    const countTurns = () => {
      turns++;
      if (!done) setImmediate(countTurns);
    };
    setImmediate(countTurns);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => sql<{ n: number }>`select ${i}::int as n`.execute(handle.db)));
    done = true;
    expect(answers.map((a) => a.rows[0]!.n)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(turns).toBeGreaterThanOrEqual(40);
  });

  it("still runs a transaction's statements without another query in between", async () => {
    const seen: number[] = [];
    await Promise.all([
      handle.db.transaction().execute(async (trx) => {
        await sql`create temporary table turn_probe (n int)`.execute(trx);
        await sql`insert into turn_probe values (1)`.execute(trx);
        seen.push((await sql<{ c: number }>`select count(*)::int as c from turn_probe`.execute(trx)).rows[0]!.c);
        await sql`drop table turn_probe`.execute(trx);
      }),
      sql`select 1`.execute(handle.db).then(() => seen.push(-1)),
    ]);
    expect(seen).toEqual([1, -1]);
  });
});
