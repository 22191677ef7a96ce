import { sql } from "kysely";
import { ApiCode, ApiError } from "../api/envelope";
import { consumeVerifiedCaptcha, verifyTextCaptcha } from "../captcha";
import type { Database } from "../db/database";

/**
 * The public visitor calls' limit per address (issue 38): every code send and registration counts;
 * after CAPTCHA_AFTER in the window a captcha is asked for, after LOCK_AFTER the address is refused
 * until the window has passed. Real time, in the database (several processes agree; moving business
 * time never lifts a limit).
 */

const E = (name: string) => `promotion.visitors.errors.${name}`;

const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Requests (sends and registrations) from one address in the window after which a captcha is asked for: three visitors' worth. */
const CAPTCHA_AFTER = 6;
/** Requests from one address in the window after which it is refused. */
const LOCK_AFTER = 30;

type VisitorThrottle = { requests: number; captchaRequired: boolean; locked: boolean; retryAfterMinutes: number };

export async function visitorThrottle(db: Database, ip: string, now = new Date()): Promise<VisitorThrottle> {
  const row = await db
    .selectFrom("visitor_requests")
    .select([sql<number>`count(*)::int`.as("n"), sql<Date | null>`min(created_at)`.as("oldest")])
    .where("ip", "=", ip)
    .where("created_at", ">", new Date(now.getTime() - THROTTLE_WINDOW_MS))
    .executeTakeFirstOrThrow();
  const oldest = row.oldest ? new Date(row.oldest).getTime() : now.getTime();
  return {
    requests: row.n,
    captchaRequired: row.n >= CAPTCHA_AFTER,
    locked: row.n >= LOCK_AFTER,
    retryAfterMinutes: Math.max(1, Math.ceil((oldest + THROTTLE_WINDOW_MS - now.getTime()) / 60_000)),
  };
}

export type CaptchaAnswer = { captchaId?: string; vCode?: string };

async function captchaVerdict(db: Database, answer: CaptchaAnswer): Promise<"ok" | "missing" | "wrong" | "expired"> {
  if (!answer.captchaId || !answer.vCode) return "missing";
  const checked = await verifyTextCaptcha(db, answer.captchaId, answer.vCode);
  if (checked !== "ok") return checked;
  return (await consumeVerifiedCaptcha(db, answer.captchaId)) ? "ok" : "expired";
}

/**
 * Admits one public request from `ip` (before its input is looked at): refused while the address is
 * locked (not recorded: a flood adds no rows); with a captcha due, only with a right one. Recorded
 * otherwise, a wrong captcha too.
 */
export async function admitVisitorRequest(db: Database, ip: string, action: "sendCode" | "register", captcha: CaptchaAnswer, now = new Date()) {
  const state = await visitorThrottle(db, ip, now);
  if (state.locked) throw new ApiError(ApiCode.tooManyRequests, E("tooManyRequests"), { minutes: state.retryAfterMinutes }, { locked: true });
  const verdict = state.captchaRequired ? await captchaVerdict(db, captcha) : "ok";
  await db
    .insertInto("visitor_requests")
    .values({ ip: ip.slice(0, 100), action, created_at: now })
    .execute();
  if (verdict !== "ok") {
    const key = verdict === "missing" ? "captchaRequired" : verdict === "expired" ? "captchaExpired" : "captchaWrong";
    throw new ApiError(ApiCode.badRequest, E(key), {}, { captchaRequired: true, fields: { vCode: [E(key)] } });
  }
}

/** Housekeeping: request rows and SMS codes older than a day count for nothing. Safe from any process. */
export async function purgeOldVisitorRows(db: Database, now = new Date()) {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await db.deleteFrom("visitor_requests").where("created_at", "<", dayAgo).execute();
  await db.deleteFrom("visitor_codes").where("created_at", "<", dayAgo).execute();
}
