import { sql } from "kysely";
import type { Database, Db } from "../db/database";
import { RATE_LIMITS } from "../rate-limits/named-limits";

/**
 * The named limit signInFailures (server/rate-limits), counted in login_attempts rather than in
 * rate_limit_hits: an attempt is reserved as a failure before its password is judged, then settled
 * (succeeded, or withdrawn when it was refused before), which a plain hit cannot express.
 */
const { windowMs: THROTTLE_WINDOW_MS, captchaAfter: CAPTCHA_AFTER_FAILURES, max: LOCK_AFTER_FAILURES } = RATE_LIMITS.signInFailures;

export type ThrottleState = {
  usernameFailures: number;
  ipFailures: number;
  captchaRequired: boolean;
  locked: boolean;
  /** Minutes until the oldest counted failure leaves the window. */
  retryAfterMinutes: number;
};

/** Counters live in the database so every Node process sees the same numbers. */
export async function getThrottleState(
  db: Db,
  input: { username: string; ip: string; captchaMode: "auto" | "always" | "never" },
  now = new Date(),
): Promise<ThrottleState> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const username = input.username.trim().toLowerCase();
  const row = await db
    .selectFrom("login_attempts")
    .select([
      sql<number>`count(*) filter (where lower(username) = ${username})::int`.as("username_failures"),
      sql<number>`count(*) filter (where ip = ${input.ip})::int`.as("ip_failures"),
      sql<Date | null>`min(created_at) filter (where lower(username) = ${username})`.as("oldest_username"),
      sql<Date | null>`min(created_at) filter (where ip = ${input.ip})`.as("oldest_ip"),
    ])
    .where("succeeded", "=", false)
    .where("created_at", ">", since)
    .where((eb) => eb.or([eb(sql`lower(username)`, "=", username), eb("ip", "=", input.ip)]))
    .executeTakeFirstOrThrow();
  const usernameFailures = row.username_failures;
  const ipFailures = row.ip_failures;
  const locked = usernameFailures >= LOCK_AFTER_FAILURES || ipFailures >= LOCK_AFTER_FAILURES;
  const oldest = [usernameFailures >= LOCK_AFTER_FAILURES ? row.oldest_username : null, ipFailures >= LOCK_AFTER_FAILURES ? row.oldest_ip : null]
    .filter((d): d is Date => d instanceof Date)
    .map((d) => d.getTime());
  const unlockAt = oldest.length ? Math.min(...oldest) + THROTTLE_WINDOW_MS : now.getTime();
  return {
    usernameFailures,
    ipFailures,
    locked,
    retryAfterMinutes: Math.max(1, Math.ceil((unlockAt - now.getTime()) / 60_000)),
    captchaRequired:
      input.captchaMode === "always" || (input.captchaMode === "auto" && (usernameFailures >= CAPTCHA_AFTER_FAILURES || ipFailures >= CAPTCHA_AFTER_FAILURES)),
  };
}

/**
 * Counts the failures and, unless the name or the address is locked, records this attempt as a
 * failure until it is settled, under a lock per user name and per address (taken in one order):
 * parallel attempts each count the ones before them, so no more than LOCK_AFTER_FAILURES passwords
 * are tried however many arrive at once, in one process or several (issue 50 item 10). The state
 * is the one before this attempt; `attemptId` is null when locked.
 */
export async function reserveLoginAttempt(
  db: Database,
  input: { username: string; ip: string; captchaMode: "auto" | "always" | "never" },
  now = new Date(),
): Promise<{ state: ThrottleState; attemptId: number | null }> {
  const username = input.username.trim().slice(0, 100);
  return db.transaction().execute(async (trx) => {
    for (const key of [`login:name:${username.toLowerCase()}`, `login:ip:${input.ip}`].sort())
      await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    const state = await getThrottleState(trx, input, now);
    if (state.locked) return { state, attemptId: null };
    const row = await trx
      .insertInto("login_attempts")
      // created_at from this process's clock, which getThrottleState compares it with (not the database's).
      .values({ username, ip: input.ip, succeeded: false, created_at: new Date() })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { state, attemptId: row.id };
  });
}

/**
 * The reserved attempt's outcome: "succeeded" (the right password or code), or "withdrawn" when it
 * was refused before its password was judged (a captcha missing, the hash thread busy): neither counts as a failure.
 */
export async function settleLoginAttempt(db: Database, attemptId: number, outcome: "succeeded" | "withdrawn") {
  if (outcome === "withdrawn") await db.deleteFrom("login_attempts").where("id", "=", attemptId).execute();
  else await db.updateTable("login_attempts").set({ succeeded: true }).where("id", "=", attemptId).execute();
}

export async function purgeOldLoginAttempts(db: Database, now = new Date()) {
  await db
    .deleteFrom("login_attempts")
    .where("created_at", "<", new Date(now.getTime() - 24 * 60 * 60 * 1000))
    .execute();
}
