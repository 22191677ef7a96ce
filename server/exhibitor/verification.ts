import crypto from "node:crypto";
import { sql } from "kysely";
import { maskEmail, maskPhone } from "../../app/contracts/common/format";
import type { VerificationCodeSent } from "../../app/contracts/exhibitor/contact-endpoints.server";
import { translate } from "../../app/contracts/i18n/translate.server";
import type { ApiDeps } from "../api/context";
import { ApiCode, ApiError, fieldError } from "../api/envelope";
import type { Database } from "../db/database";
import { RATE_LIMITS } from "../rate-limits/named-limits";
import { DeliveryError } from "../notify/delivery-error";
import type { MessageDispatched } from "../notify/notifier";

/**
 * Verification codes for contact 1's mobile and e-mail (the organizer's notices go there).
 * Everything lives in the database (verification_codes, verified_contacts): several Node processes
 * share it, and the clock is the database's now(), so they also agree on expiry and throttles.
 */

export type VerifyChannel = "sms" | "email";
export type CodeCheck = "ok" | "wrong" | "expired" | "tooManyTries" | "noCode";

const CODE_LENGTH = 6;
const CODE_TTL_MINUTES = 10;
const MAX_WRONG_TRIES = 5;
/**
 * The named limits (server/rate-limits), counted on the code rows themselves (a code not delivered
 * is deleted and so not counted): one send per target (whoever asks, so nobody can flood one phone or
 * inbox from several accounts) per window, and so many per user and channel in a sliding hour.
 */
const RESEND_AFTER_SECONDS = RATE_LIMITS.verificationCodePerTarget.windowMs / 1000;
const MAX_SENDS_PER_HOUR = RATE_LIMITS.verificationCodesPerUserHour.max;

export function normalizeTarget(channel: VerifyChannel, target: string): string {
  return channel === "email" ? target.trim().toLowerCase() : target.replace(/[\s-]+/g, "");
}

/**
 * sha256 over a per-row salt, the row's owner and target, and the code; stored "v1$salt$hash".
 * A 6-digit code could be brute-forced from a database dump, but only for its 10 minutes of life;
 * binding the owner and target stops one row's hash from being replayed for another contact.
 */
function hashCode(salt: string, userId: number, channel: VerifyChannel, target: string, code: string) {
  return crypto.createHash("sha256").update(`${salt}\0${userId}\0${channel}\0${target}\0${code}`).digest("hex");
}

function storedHash(userId: number, channel: VerifyChannel, target: string, code: string) {
  const salt = crypto.randomBytes(16).toString("hex");
  return `v1$${salt}$${hashCode(salt, userId, channel, target, code)}`;
}

function codeMatches(stored: string, userId: number, channel: VerifyChannel, target: string, code: string) {
  const [version, salt, hash] = stored.split("$");
  if (version !== "v1" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "hex");
  const actual = Buffer.from(hashCode(salt, userId, channel, target, code), "hex");
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

/** Uniform over 000000–999999 (randomInt has no modulo bias). */
function newCode() {
  return crypto
    .randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, "0");
}

function message(language: "zh" | "en", channel: VerifyChannel, code: string) {
  const values = { code, minutes: CODE_TTL_MINUTES };
  return {
    subject: translate(language, "exhibitor.verify.emailSubject", values),
    text: translate(language, channel === "sms" ? "exhibitor.verify.smsText" : "exhibitor.verify.emailText", values),
  };
}

/**
 * Creates a code, stores its hash and sends it. Throttles: one send per target per minute and
 * MAX_SENDS_PER_HOUR per user and channel. The newest code for a target is the only valid one.
 */
export async function sendVerificationCode(
  deps: ApiDeps,
  user: { id: number },
  channel: VerifyChannel,
  target: string,
  language: "zh" | "en",
): Promise<VerificationCodeSent> {
  const normalized = normalizeTarget(channel, target);
  const code = newCode();

  // The checks and the insert must not interleave with a parallel request (another process
  // included): advisory locks on the target and the user, always in that order (no deadlock).
  const codeId = await deps.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`verify:target:${channel}:${normalized}`}))`.execute(trx);
    await sql`select pg_advisory_xact_lock(hashtext(${`verify:user:${channel}:${user.id}`}))`.execute(trx);

    const recent = await trx
      .selectFrom("verification_codes")
      .select(sql<number>`ceil(extract(epoch from (max(created_at) + make_interval(secs => ${RESEND_AFTER_SECONDS}) - now())))::int`.as("wait_seconds"))
      .where("channel", "=", channel)
      .where("target", "=", normalized)
      .where("created_at", ">", sql<Date>`now() - make_interval(secs => ${RESEND_AFTER_SECONDS})`)
      .executeTakeFirst();
    if (recent?.wait_seconds != null) {
      throw new ApiError(ApiCode.tooManyRequests, "exhibitor.verify.tooSoon", { seconds: Math.max(1, recent.wait_seconds) });
    }

    const hourly = await trx
      .selectFrom("verification_codes")
      .select([
        sql<number>`count(*)::int`.as("sends"),
        sql<number | null>`ceil(extract(epoch from (min(created_at) + interval '1 hour' - now())) / 60)::int`.as("wait_minutes"),
      ])
      .where("user_id", "=", user.id)
      .where("channel", "=", channel)
      .where("created_at", ">", sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    if (hourly.sends >= MAX_SENDS_PER_HOUR) {
      throw new ApiError(ApiCode.tooManyRequests, "exhibitor.verify.tooManySends", { minutes: Math.max(1, hourly.wait_minutes ?? 60) });
    }

    // Nothing else prunes the table: a day-old code is long dead and no longer counts for a throttle.
    await trx.deleteFrom("verification_codes").where("user_id", "=", user.id).where("created_at", "<", sql<Date>`now() - interval '1 day'`).execute();

    const row = await trx
      .insertInto("verification_codes")
      .values({
        user_id: user.id,
        channel,
        target: normalized,
        code_hash: storedHash(user.id, channel, normalized, code),
        expires_at: sql<Date>`now() + make_interval(mins => ${CODE_TTL_MINUTES})`,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });

  // Sent after the commit: a slow SMTP server must not hold a database connection and the locks.
  const { subject, text } = message(language, channel, code);
  let dispatched: MessageDispatched | undefined;
  try {
    if (channel === "sms")
      dispatched = await deps.notifier.sendSms({
        to: normalized,
        text,
        kind: "mobileVerification",
        params: { code, minutes: String(CODE_TTL_MINUTES) },
        userId: user.id,
      });
    else dispatched = await deps.notifier.sendEmail({ kind: "emailVerification", userId: user.id, to: normalized, subject, text });
  } catch (error) {
    // Not delivered: it must neither count against the throttles nor replace the previous code.
    await deps.db.deleteFrom("verification_codes").where("id", "=", codeId).execute();
    // Refused at once (no job queue, the provider said no): the asker reads it at the field, not as a 500.
    if (error instanceof DeliveryError) {
      const key = channel === "sms" ? "exhibitor.verify.smsFailed" : "exhibitor.verify.emailFailed";
      throw fieldError(key, channel === "sms" ? "mobile" : "email", {}, ApiCode.unavailable);
    }
    throw error;
  }
  return {
    resendAfterSeconds: RESEND_AFTER_SECONDS,
    expiresInSeconds: CODE_TTL_MINUTES * 60,
    delivery: { status: dispatched?.status ?? "queued", to: channel === "sms" ? maskPhone(normalized) : maskEmail(normalized) },
  };
}

/**
 * Checks a code against the newest one sent to the target. Wrong tries count (the fifth kills the
 * code and already answers "tooManyTries"); a right one consumes the code and records the contact
 * as verified. Guarded updates keep the counts right under parallel requests.
 */
export async function checkVerificationCode(db: Database, userId: number, channel: VerifyChannel, target: string, code: string): Promise<CodeCheck> {
  const normalized = normalizeTarget(channel, target);
  const latest = await db
    .selectFrom("verification_codes")
    .select(["id", "code_hash", "attempts", "consumed_at", sql<boolean>`expires_at <= now()`.as("expired")])
    .where("user_id", "=", userId)
    .where("channel", "=", channel)
    .where("target", "=", normalized)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!latest || latest.consumed_at) return "noCode";
  if (latest.expired) return "expired";
  if (latest.attempts >= MAX_WRONG_TRIES) return "tooManyTries";

  const submitted = code.trim();
  if (/^\d+$/.test(submitted) && codeMatches(latest.code_hash, userId, channel, normalized, submitted)) {
    const consumed = await db
      .updateTable("verification_codes")
      .set({ consumed_at: sql<Date>`now()` })
      .where("id", "=", latest.id)
      .where("consumed_at", "is", null)
      .where("attempts", "<", MAX_WRONG_TRIES)
      .where(sql<boolean>`expires_at > now()`)
      .returning("id")
      .executeTakeFirst();
    // Lost a race with a parallel check (consumed or killed meanwhile).
    if (!consumed) return "noCode";
    await db
      .insertInto("verified_contacts")
      .values({ user_id: userId, channel, target: normalized })
      .onConflict((oc) => oc.columns(["user_id", "channel", "target"]).doNothing())
      .execute();
    return "ok";
  }

  const counted = await db
    .updateTable("verification_codes")
    .set({ attempts: sql<number>`attempts + 1` })
    .where("id", "=", latest.id)
    .where("consumed_at", "is", null)
    .where("attempts", "<", MAX_WRONG_TRIES)
    .returning("attempts")
    .executeTakeFirst();
  if (!counted || counted.attempts >= MAX_WRONG_TRIES) return "tooManyTries";
  return "wrong";
}

export async function isVerifiedContact(db: Database, userId: number, channel: VerifyChannel, target: string): Promise<boolean> {
  const row = await db
    .selectFrom("verified_contacts")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("channel", "=", channel)
    .where("target", "=", normalizeTarget(channel, target))
    .executeTakeFirst();
  return Boolean(row);
}

const CHECK_MESSAGES: Record<Exclude<CodeCheck, "ok">, string> = {
  wrong: "exhibitor.verify.wrong",
  expired: "exhibitor.verify.expired",
  tooManyTries: "exhibitor.verify.tooManyTries",
  noCode: "exhibitor.verify.noCode",
};

/**
 * Field errors for saving contact 1: its mobile and e-mail must each be verified already, or come
 * with a valid code (which this call consumes). Empty values are left to the schema's own checks.
 */
export async function contactVerificationErrors(
  db: Database,
  userId: number,
  values: { contact1Mobile?: string; contact1Email?: string; contact1MobileCode?: string; contact1EmailCode?: string },
): Promise<Record<string, string[]>> {
  const checks = [
    { channel: "sms" as const, target: values.contact1Mobile, code: values.contact1MobileCode, field: "contact1MobileCode" },
    { channel: "email" as const, target: values.contact1Email, code: values.contact1EmailCode, field: "contact1EmailCode" },
  ];
  const errors: Record<string, string[]> = {};
  for (const { channel, target, code, field } of checks) {
    if (!target?.trim()) continue;
    if (await isVerifiedContact(db, userId, channel, target)) continue;
    if (!code?.trim()) {
      errors[field] = ["exhibitor.verify.required"];
      continue;
    }
    const result = await checkVerificationCode(db, userId, channel, target, code);
    if (result !== "ok") errors[field] = [CHECK_MESSAGES[result]];
  }
  return errors;
}

/** Housekeeping: codes older than a day are dead and no longer count for a throttle. Safe from any process. */
export async function purgeOldVerificationCodes(db: Database) {
  await db.deleteFrom("verification_codes").where("created_at", "<", sql<Date>`now() - interval '1 day'`).execute();
}
