import { ApiCode, ApiError } from "../api/envelope";
import { consumeVerifiedCaptcha, verifyTextCaptcha } from "../captcha";
import type { Database } from "../db/database";
import { countHits, hit } from "../rate-limits/hits";
import { RATE_LIMITS } from "../rate-limits/named-limits";

/**
 * The public visitor calls' limit per address (issue 38), the named limit visitorRequestsPerIp
 * (server/rate-limits): every code send and registration counts; after `captchaAfter` in the window a
 * captcha is asked for, after `max` the address is refused until the window has passed.
 */

const E = (name: string) => `promotion.visitors.errors.${name}`;
const LIMIT = RATE_LIMITS.visitorRequestsPerIp;
const checkOf = (ip: string) => ({ limit: "visitorRequestsPerIp", subject: ip }) as const;

type VisitorThrottle = { requests: number; captchaRequired: boolean; locked: boolean; retryAfterMinutes: number };

export async function visitorThrottle(db: Database, ip: string, now = new Date()): Promise<VisitorThrottle> {
  const { count, retryAfterMinutes } = await countHits(db, checkOf(ip), now);
  return { requests: count, captchaRequired: count >= LIMIT.captchaAfter, locked: count >= LIMIT.max, retryAfterMinutes };
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
export async function admitVisitorRequest(db: Database, ip: string, captcha: CaptchaAnswer, now = new Date()) {
  const verdict = await hit(db, checkOf(ip), now);
  if (!verdict.allowed) throw new ApiError(ApiCode.tooManyRequests, E("tooManyRequests"), { minutes: verdict.retryAfterMinutes }, { locked: true });
  const answer = verdict.counts[0]!.count >= LIMIT.captchaAfter ? await captchaVerdict(db, captcha) : "ok";
  if (answer !== "ok") {
    const key = answer === "missing" ? "captchaRequired" : answer === "expired" ? "captchaExpired" : "captchaWrong";
    throw new ApiError(ApiCode.badRequest, E(key), {}, { captchaRequired: true, fields: { vCode: [E(key)] } });
  }
}

/** Housekeeping: SMS codes older than a day count for nothing. Safe from any process. */
export async function purgeOldVisitorCodes(db: Database, now = new Date()) {
  await db
    .deleteFrom("visitor_codes")
    .where("created_at", "<", new Date(now.getTime() - 24 * 60 * 60 * 1000))
    .execute();
}
