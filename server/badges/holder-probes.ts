import { sql } from "kysely";
import { ApiCode, ApiError } from "../api/envelope";
import type { Database } from "../db/database";

/**
 * Badge uniqueness without an oracle (issue 36, finding 2; decision 014). An ID number, mobile or
 * e-mail is held once per exhibition, so a save must be refused when another exhibitor's badge
 * holds it; that refusal says the person is registered elsewhere. So: the live check as the user
 * types only ever names the caller's own badges, and each account may learn of other exhibitors'
 * holders only FOREIGN_MATCHES_MAX times an hour (saves and import rows alike), and check live
 * LIVE_CHECKS_MAX times in ten minutes. Counted in the database, so every process sees the same.
 */
const LIVE_CHECKS_MAX = 60;
const LIVE_CHECK_WINDOW_MS = 10 * 60 * 1000;
const FOREIGN_MATCHES_MAX = 10;
const FOREIGN_MATCH_WINDOW_MS = 60 * 60 * 1000;

type ProbeKind = "live" | "foreign";
const WINDOW_MS: Record<ProbeKind, number> = { live: LIVE_CHECK_WINDOW_MS, foreign: FOREIGN_MATCH_WINDOW_MS };
const MAX: Record<ProbeKind, number> = { live: LIVE_CHECKS_MAX, foreign: FOREIGN_MATCHES_MAX };
const MESSAGE: Record<ProbeKind, string> = { live: "badges.errors.checksThrottled", foreign: "badges.errors.holderMatchesThrottled" };

async function recent(db: Database, userId: number, kind: ProbeKind, now: Date) {
  const row = await db
    .selectFrom("badge_holder_probes")
    .select([sql<number>`count(*)::int`.as("count"), sql<Date | null>`min(created_at)`.as("oldest")])
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("created_at", ">", new Date(now.getTime() - WINDOW_MS[kind]))
    .executeTakeFirstOrThrow();
  return row;
}

function throttled(kind: ProbeKind, oldest: Date | null, now: Date) {
  const until = (oldest ? new Date(oldest).getTime() : now.getTime()) + WINDOW_MS[kind];
  const minutes = Math.max(1, Math.ceil((until - now.getTime()) / 60_000));
  return new ApiError(ApiCode.tooManyRequests, MESSAGE[kind], { minutes });
}

/** How many more probes of the kind the account has in its window (0 when throttled). */
export async function probesLeft(db: Database, userId: number, kind: ProbeKind, now = new Date()) {
  return Math.max(0, MAX[kind] - (await recent(db, userId, kind, now)).count);
}

/** Throws 429 with the minutes to wait when the account has used up its probes of the kind. */
export async function requireProbesLeft(db: Database, userId: number, kind: ProbeKind, now = new Date()) {
  const { count, oldest } = await recent(db, userId, kind, now);
  if (count >= MAX[kind]) throw throttled(kind, oldest, now);
}

/** Counts `count` probes of the kind (a live check; a save or import rows matching another's holder). */
export async function noteProbes(db: Database, userId: number, kind: ProbeKind, count = 1) {
  if (count <= 0) return;
  await db
    .insertInto("badge_holder_probes")
    .values(Array.from({ length: count }, () => ({ user_id: userId, kind })))
    .execute();
}

/** The refusal an import gets when it names more foreign holders than the account may still learn of. */
export async function foreignMatchesRefusal(db: Database, userId: number, now = new Date()) {
  const { oldest } = await recent(db, userId, "foreign", now);
  return throttled("foreign", oldest ?? now, now);
}

/** Housekeeping: the windows are an hour at most. */
export async function purgeOldHolderProbes(db: Database, now = new Date()) {
  await db
    .deleteFrom("badge_holder_probes")
    .where("created_at", "<", new Date(now.getTime() - 24 * 60 * 60 * 1000))
    .execute();
}
