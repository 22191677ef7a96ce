import { ApiCode, ApiError } from "../api/envelope";
import type { Database } from "../db/database";
import { countHits, recordHits } from "../rate-limits/hits";
import { RATE_LIMITS, type RateLimitName } from "../rate-limits/named-limits";

/**
 * Badge uniqueness without an oracle (issue 36, finding 2; decision 014). An ID number, mobile or
 * e-mail is held once per exhibition, so a save must be refused when another exhibitor's badge
 * holds it; that refusal says the person is registered elsewhere. So: the live check as the user
 * types only ever names the caller's own badges, and each account may learn of other exhibitors'
 * holders only so many times an hour (saves and import rows alike), and check live so many times in
 * ten minutes: the named limits badgeForeignMatches and badgeLiveChecks (server/rate-limits).
 */
type ProbeKind = "live" | "foreign";
const LIMIT = { live: "badgeLiveChecks", foreign: "badgeForeignMatches" } as const satisfies Record<ProbeKind, RateLimitName>;
const MESSAGE: Record<ProbeKind, string> = { live: "badges.errors.checksThrottled", foreign: "badges.errors.holderMatchesThrottled" };

const checkOf = (userId: number, kind: ProbeKind) => ({ limit: LIMIT[kind], subject: String(userId) });

const throttled = (kind: ProbeKind, minutes: number) => new ApiError(ApiCode.tooManyRequests, MESSAGE[kind], { minutes });

/** How many more probes of the kind the account has in its window (0 when throttled). */
export async function probesLeft(db: Database, userId: number, kind: ProbeKind, now = new Date()) {
  return Math.max(0, RATE_LIMITS[LIMIT[kind]].max - (await countHits(db, checkOf(userId, kind), now)).count);
}

/** Throws 429 with the minutes to wait when the account has used up its probes of the kind. */
export async function requireProbesLeft(db: Database, userId: number, kind: ProbeKind, now = new Date()) {
  const { count, retryAfterMinutes } = await countHits(db, checkOf(userId, kind), now);
  if (count >= RATE_LIMITS[LIMIT[kind]].max) throw throttled(kind, retryAfterMinutes);
}

/** Counts `count` probes of the kind (a live check; a save or import rows matching another's holder). */
export async function noteProbes(db: Database, userId: number, kind: ProbeKind, count = 1) {
  await recordHits(db, checkOf(userId, kind), count);
}

/** The refusal an import gets when it names more foreign holders than the account may still learn of. */
export async function foreignMatchesRefusal(db: Database, userId: number, now = new Date()) {
  return throttled("foreign", (await countHits(db, checkOf(userId, "foreign"), now)).retryAfterMinutes);
}
