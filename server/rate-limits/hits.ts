import { sql } from "kysely";
import type { Database, Db } from "../db/database";
import { minutesUntilFree, RATE_LIMITS, type RateLimitName } from "./named-limits";

/**
 * The one rate limiter (issue 54, docs/decisions/060): a sliding window of hits per named limit and
 * subject in `rate_limit_hits`, so that every Node process (PostgreSQL or the embedded PGlite)
 * counts the same. A refused hit is not recorded: a flood adds no rows.
 */
export type RateCheck = { limit: RateLimitName; subject: string };

/** The window's state for one check, before this hit: hits counted and whole minutes until one leaves. */
export type RateCount = { count: number; retryAfterMinutes: number };

export type RateVerdict = {
  allowed: boolean;
  /** Per check, in the order given: the hits in the window before this one. */
  counts: RateCount[];
  /** While refused: the longest wait among the checks at their limit (else 0). */
  retryAfterMinutes: number;
};

/** Subjects are addresses, account ids, identifiers: bounded so a long one cannot bloat the table. */
const subjectOf = (subject: string) => subject.slice(0, 200);

/** Hits of `check` in its window now, and the minutes until the oldest of them leaves it. */
export async function countHits(db: Db, check: RateCheck, now = new Date()): Promise<RateCount> {
  const row = await db
    .selectFrom("rate_limit_hits")
    .select([sql<number>`count(*)::int`.as("count"), sql<Date | null>`min(at)`.as("oldest")])
    .where("limit_name", "=", check.limit)
    .where("subject", "=", subjectOf(check.subject))
    .where("at", ">", new Date(now.getTime() - RATE_LIMITS[check.limit].windowMs))
    .executeTakeFirstOrThrow();
  return { count: row.count, retryAfterMinutes: minutesUntilFree(check.limit, row.oldest ? new Date(row.oldest) : null, now) };
}

/**
 * One hit against every check at once: refused (nothing recorded) when any of them is at its max,
 * else recorded under each. Count-and-record is one step under an advisory lock per check (taken
 * in one order, so no deadlock): of N parallel hits at max-1, exactly one passes, in one process or several.
 */
export async function hit(db: Database, checks: RateCheck | readonly RateCheck[], now = new Date()): Promise<RateVerdict> {
  const list = Array.isArray(checks) ? (checks as readonly RateCheck[]) : [checks as RateCheck];
  return db.transaction().execute(async (trx) => {
    for (const key of [...new Set(list.map((c) => `rate:${c.limit}:${subjectOf(c.subject)}`))].sort())
      await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    const counts: RateCount[] = [];
    for (const check of list) counts.push(await countHits(trx, check, now));
    const full = list.map((check, i) => (counts[i]!.count >= RATE_LIMITS[check.limit].max ? counts[i]!.retryAfterMinutes : 0));
    if (full.some((minutes) => minutes > 0)) return { allowed: false, counts, retryAfterMinutes: Math.max(...full) };
    await recordHits(trx, list, 1, now);
    return { allowed: true, counts, retryAfterMinutes: 0 };
  });
}

/**
 * Records `times` hits without asking (a limit checked before the work, counted by what the work
 * found: badge saves and import rows that matched another exhibitor's holder).
 */
export async function recordHits(db: Db, checks: RateCheck | readonly RateCheck[], times = 1, now = new Date()) {
  const list = Array.isArray(checks) ? (checks as readonly RateCheck[]) : [checks as RateCheck];
  if (times <= 0 || !list.length) return;
  const rows = list.flatMap((check) => Array.from({ length: times }, () => ({ limit_name: check.limit, subject: subjectOf(check.subject), at: now })));
  await db.insertInto("rate_limit_hits").values(rows).execute();
}

/** The longest window: a hit older than it counts for no limit. */
const LONGEST_WINDOW_MS = Math.max(...Object.values(RATE_LIMITS).map((limit) => limit.windowMs));

/** Housekeeping: hits older than every window (a limit renamed since included). Safe from any process. */
export async function purgeOldRateLimitHits(db: Database, now = new Date()) {
  await db
    .deleteFrom("rate_limit_hits")
    .where("at", "<", new Date(now.getTime() - LONGEST_WINDOW_MS))
    .execute();
}
