import { ACCESS_CODE_RESEND_MS } from "../../app/contracts/contractors/schema";

/**
 * Every rate limit of the portal, by name (issue 54): how many in how long, per subject (an address,
 * an account, a mobile). The numbers are docs/product.md's (§ Security, § Sign-in and sessions,
 * § Visitors); tests/unit/rate-limits.test.ts holds them as written there. Counted in real time
 * (never the application clock: moving business time must not lift a limit), in the database
 * (server/rate-limits/hits.ts), except where a limit counts rows its domain keeps anyway (see `countedIn`).
 */
export type RateLimit = {
  max: number;
  windowMs: number;
  /** Hits in the window after which a captcha is asked for (the public forms). */
  captchaAfter?: number;
  /** The table that holds the hits when it is not rate_limit_hits (they are also the domain's records). */
  countedIn?: string;
};

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

export const RATE_LIMITS = {
  /** Failed sign-ins per user name and per address (also contractors' codes, under their own name). */
  signInFailures: { max: 10, windowMs: 15 * MINUTE, captchaAfter: 3, countedIn: "login_attempts" },
  /** Forgot-password requests, and SMS reset codes typed, per address and per identifier (each action apart). */
  passwordResetRequests: { max: 10, windowMs: 15 * MINUTE, captchaAfter: 3 },
  /** Reset links or codes sent to one account. */
  passwordResetMessagesPerAccount: { max: 5, windowMs: HOUR, countedIn: "password_tokens" },
  /** Both routes of the public invoice QR page, per address. */
  invoiceQrPerIp: { max: 30, windowMs: 10 * MINUTE },
  /** The public visitor calls (code sends and registrations), per address. */
  visitorRequestsPerIp: { max: 30, windowMs: 15 * MINUTE, captchaAfter: 6 },
  /** A visitor's SMS code: one send a minute per mobile, and a few an hour. */
  visitorSmsPerMobileMinute: { max: 1, windowMs: MINUTE, countedIn: "visitor_codes" },
  visitorSmsPerMobileHour: { max: 5, windowMs: HOUR, countedIn: "visitor_codes" },
  /** An exhibitor's contact verification: one code a minute per target, 10 an hour per account and channel. */
  verificationCodePerTarget: { max: 1, windowMs: MINUTE, countedIn: "verification_codes" },
  verificationCodesPerUserHour: { max: 10, windowMs: HOUR, countedIn: "verification_codes" },
  /** A contractor's access code e-mailed again: one a minute per grant (the page shows the same wait). */
  contractorCodeResend: { max: 1, windowMs: ACCESS_CODE_RESEND_MS, countedIn: "contractor_accesses" },
  /** The live badge duplicate check as the exhibitor types, per account. */
  badgeLiveChecks: { max: 60, windowMs: 10 * MINUTE },
  /** Saves and import rows that match another exhibitor's badge holder, per account. */
  badgeForeignMatches: { max: 10, windowMs: HOUR },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** Whole minutes until `oldest` (the window's first hit; none: now) leaves the window, at least 1. */
export function minutesUntilFree(name: RateLimitName, oldest: Date | null, now: Date) {
  const until = (oldest ? oldest.getTime() : now.getTime()) + RATE_LIMITS[name].windowMs;
  return Math.max(1, Math.ceil((until - now.getTime()) / 60_000));
}
