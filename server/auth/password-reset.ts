import crypto from "node:crypto";
import { sql } from "kysely";
import type { ForgotPasswordAnswer } from "../../app/contracts/auth/password-api-types";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import type { ApiDeps } from "../api/context";
import { ApiCode, ApiError, fieldError } from "../api/envelope";
import { consumeVerifiedCaptcha, verifyTextCaptcha } from "../captcha";
import { appClock } from "../clock";
import type { Database } from "../db/database";
import { hit } from "../rate-limits/hits";
import { RATE_LIMITS } from "../rate-limits/named-limits";
import { issueLink, newLinkToken, passwordLink, RESET_CODE_TRIES, RESET_LINK_MINUTES, storeToken, tokenHash } from "./password-links";

/**
 * Forgot password (issue 39, docs/decisions/033): by user name, e-mail or mobile, the same answer
 * whether or not an account matches, in about the same time (the messages go out after the answer,
 * and the answer never comes sooner than MIN_ANSWER_MS). A reset link by e-mail, or a 6-digit code by
 * SMS entered with the user name. Limits per address and per identifier typed (a captcha, then a
 * refusal), and per account (messages per hour, silently: a refusal would say the account exists).
 * Limits are real time (server/clock.ts); the link's and code's expiry are business time.
 */

/** Requests (or code attempts) per address and per identifier (a captcha, then a refusal); reset messages per account (more are dropped without a word). */
const LIMITS = { passwordResetRequests: RATE_LIMITS.passwordResetRequests, messagesPerAccount: RATE_LIMITS.passwordResetMessagesPerAccount };
/** Accounts one e-mail or mobile can reach at once. */
const MAX_ACCOUNTS = 3;
const MIN_ANSWER_MS = 300;
const RESET_CODE_MINUTES = 10;

type Kind = "username" | "email" | "mobile";
const MOBILE = /^\+?\d{7,15}$/;

function classify(identifier: string): { kind: Kind; value: string } {
  const trimmed = identifier.trim();
  if (trimmed.includes("@")) return { kind: "email", value: trimmed.toLowerCase() };
  const digits = trimmed.replace(/[\s-]+/g, "");
  if (MOBILE.test(digits) && digits.length >= 11) return { kind: "mobile", value: digits };
  return { kind: "username", value: trimmed.toLowerCase() };
}

type Captcha = { captchaId?: string; vCode?: string };

async function captchaVerdict(db: Database, answer: Captcha): Promise<"ok" | "missing" | "wrong" | "expired"> {
  if (!answer.captchaId || !answer.vCode) return "missing";
  const checked = await verifyTextCaptcha(db, answer.captchaId, answer.vCode);
  if (checked !== "ok") return checked;
  return (await consumeVerifiedCaptcha(db, answer.captchaId)) ? "ok" : "expired";
}

/**
 * Admits one public call by its address and the identifier typed, known account or not: refused
 * while either is locked (not recorded: a flood adds no rows); a reset request past `captchaAfter`
 * needs a right text captcha (LOGIN_CAPTCHA applies as on sign-in). Recorded otherwise, as one hit
 * of the named limit under both subjects (server/rate-limits): 40 parallel calls from one address
 * admit exactly `max`, in one process or several (issue 50 item 10: 19 of 40 passed a limit of 10).
 */
async function admit(deps: Pick<ApiDeps, "db" | "config">, input: { ip: string; identifier: string; action: "request" | "code" } & Captcha) {
  const counted = await hit(deps.db, [
    { limit: "passwordResetRequests", subject: `${input.action}:ip:${input.ip.slice(0, 100)}` },
    { limit: "passwordResetRequests", subject: `${input.action}:identifier:${input.identifier}` },
  ]);
  if (!counted.allowed) {
    const key = input.action === "request" ? "passwordLinks.forgot.locked" : "passwordLinks.code.locked";
    throw new ApiError(ApiCode.tooManyRequests, key, { minutes: counted.retryAfterMinutes }, { locked: true });
  }
  const mode = deps.config.LOGIN_CAPTCHA;
  const captchaDue =
    input.action === "request" && (mode === "always" || (mode === "auto" && counted.counts.some((c) => c.count >= LIMITS.passwordResetRequests.captchaAfter)));
  // After the lock is let go: the captcha's own rows, checked on the database outside that transaction.
  const verdict = captchaDue ? await captchaVerdict(deps.db, input) : "ok";
  if (verdict !== "ok") {
    const key = verdict === "missing" ? "login.captchaRequired" : verdict === "expired" ? "login.captchaExpired" : "login.captchaWrong";
    throw new ApiError(ApiCode.badRequest, key, {}, { captchaRequired: true, fields: { vCode: [key] } });
  }
}

type Account = { id: number; username: string; email: string | null; mobile: string | null };

/** The accounts an identifier names: the user name, or an e-mail or mobile on the account or verified in its profile. */
async function findAccounts(db: Database, kind: Kind, value: string): Promise<Account[]> {
  const phoneOf = sql<string>`regexp_replace(coalesce(users.contact_phone, ''), '[[:space:]-]', '', 'g')`;
  const rows = await db
    .selectFrom("users")
    .select(["users.id", "users.username", "users.contact_email", phoneOf.as("phone")])
    .where((eb) => {
      if (kind === "username") return eb(sql`lower(users.username)`, "=", value);
      const channel = kind === "email" ? "email" : "sms";
      const onAccount = kind === "email" ? eb(sql`lower(users.contact_email)`, "=", value) : eb(phoneOf, "=", value);
      return eb.or([
        onAccount,
        eb("users.id", "in", eb.selectFrom("verified_contacts").select("user_id").where("channel", "=", channel).where("target", "=", value)),
      ]);
    })
    .orderBy("users.id")
    .limit(MAX_ACCOUNTS)
    .execute();
  const accounts: Account[] = [];
  for (const row of rows) {
    let email = kind === "email" ? value : row.contact_email?.trim() || null;
    let mobile = kind === "mobile" ? value : row.phone || null;
    if (!email || !mobile) {
      // A contact the exhibitor verified in the profile (server/exhibitor/verification.ts) also reaches the account.
      const verified = await db.selectFrom("verified_contacts").select(["channel", "target"]).where("user_id", "=", row.id).orderBy("target").execute();
      email ??= verified.find((v) => v.channel === "email")?.target ?? null;
      mobile ??= verified.find((v) => v.channel === "sms")?.target ?? null;
    }
    accounts.push({ id: row.id, username: row.username, email, mobile });
  }
  return accounts;
}

async function messagesLastHour(db: Database, userId: number) {
  const row = await db
    .selectFrom("password_tokens")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("user_id", "=", userId)
    .where("purpose", "=", "reset")
    .where("created_at", ">", new Date(Date.now() - LIMITS.messagesPerAccount.windowMs))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** sha256 over a per-row salt, the account and the code: "v1$salt$hash" (as server/exhibitor/verification.ts). */
function codeHash(salt: string, userId: number, code: string) {
  return crypto.createHash("sha256").update(`${salt}\0reset\0${userId}\0${code}`).digest("hex");
}

function codeMatches(stored: string, userId: number, code: string) {
  const [version, salt, hash] = stored.split("$");
  if (version !== "v1" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "hex");
  const actual = Buffer.from(codeHash(salt, userId, code), "hex");
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

type Delivery = { userId: number; send: () => Promise<unknown> };

/** The reset message for one account: a link by e-mail, or a code by SMS (to the mobile typed, or the only contact known). */
async function prepareReset(deps: Pick<ApiDeps, "db" | "config" | "notifier">, account: Account, kind: Kind, language: Language): Promise<Delivery | null> {
  const { email, mobile } = account;
  if (kind !== "mobile" && email) {
    const { token } = await issueLink(deps.db, account.id, "reset");
    const values = { username: account.username, link: await passwordLink(deps, account.id, token), minutes: RESET_LINK_MINUTES };
    const message = {
      kind: "passwordReset",
      userId: account.id,
      to: email,
      subject: translate(language, "passwordLinks.mail.resetSubject"),
      text: translate(language, "passwordLinks.mail.resetText", values),
    };
    return { userId: account.id, send: () => deps.notifier.sendEmail(message) };
  }
  if (mobile) {
    const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
    const salt = crypto.randomBytes(16).toString("hex");
    await storeToken(deps.db, {
      userId: account.id,
      purpose: "reset",
      channel: "sms",
      hash: `v1$${salt}$${codeHash(salt, account.id, code)}`,
      lifetimeMs: RESET_CODE_MINUTES * 60_000,
    });
    const params = { username: account.username, code, minutes: String(RESET_CODE_MINUTES) };
    const text = translate(language, "passwordLinks.mail.resetSms", params);
    return { userId: account.id, send: () => deps.notifier.sendSms({ to: mobile, text, kind: "passwordResetCode", params, userId: account.id }) };
  }
  return null;
}

/**
 * POST /login/forgotPassword. The answer is the same for every identifier; what is sent (if
 * anything) is decided and stored before answering and delivered after it.
 */
export async function requestPasswordReset(
  deps: Pick<ApiDeps, "db" | "config" | "notifier" | "logger">,
  input: { identifier: string; ip: string; language: Language } & Captcha,
): Promise<ForgotPasswordAnswer> {
  const started = Date.now();
  const { kind, value } = classify(input.identifier);
  await admit(deps, { ip: input.ip, identifier: value, action: "request", captchaId: input.captchaId, vCode: input.vCode });

  const accounts = await findAccounts(deps.db, kind, value);
  const deliveries: Delivery[] = [];
  for (const account of accounts) {
    if ((await messagesLastHour(deps.db, account.id)) >= LIMITS.messagesPerAccount.max) {
      deps.logger.warn({ event: "password-reset", userId: account.id, outcome: "account-limit" }, "reset message not sent: the account's hourly limit");
      continue;
    }
    const delivery = await prepareReset(deps, account, kind, input.language);
    if (delivery) deliveries.push(delivery);
  }
  // No account: the same hashing work, so the answer takes about as long.
  if (!accounts.length) tokenHash(newLinkToken());
  deps.logger.info({ event: "password-reset", kind, accounts: accounts.length, messages: deliveries.length }, "password reset asked for");

  // Delivered after answering: a slow mail server must not tell that an account exists.
  setImmediate(() => {
    for (const delivery of deliveries) {
      delivery
        .send()
        .catch((error: unknown) => deps.logger.error({ event: "password-reset-send", userId: delivery.userId, err: error }, "reset message not delivered"));
    }
  });
  const wait = started + MIN_ANSWER_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return { linkMinutes: RESET_LINK_MINUTES, codeMinutes: RESET_CODE_MINUTES };
}

/**
 * The open SMS code of the account named, checked (POST /login/resetByCode): a wrong code counts a try
 * (the fifth kills it); an unknown user name answers as a wrong code. Returns what applyNewPassword spends.
 */
export async function checkResetCode(deps: Pick<ApiDeps, "db" | "config">, input: { username: string; code: string; ip: string }, now = appClock.now()) {
  const username = input.username.trim().toLowerCase();
  await admit(deps, { ip: input.ip, identifier: username, action: "code" });
  const wrong = () => fieldError("passwordLinks.code.wrong", "code");
  const latest = await deps.db
    .selectFrom("password_tokens")
    .innerJoin("users", "users.id", "password_tokens.user_id")
    .select([
      "password_tokens.id",
      "password_tokens.user_id",
      "password_tokens.token_hash",
      "password_tokens.attempts",
      "password_tokens.expires_at",
      "users.password_hash",
    ])
    .where(sql`lower(users.username)`, "=", username)
    .where("password_tokens.channel", "=", "sms")
    .where("password_tokens.used_at", "is", null)
    .where("password_tokens.voided_at", "is", null)
    .orderBy("password_tokens.id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!latest) throw wrong();
  if (new Date(latest.expires_at).getTime() <= now.getTime()) throw fieldError("passwordLinks.code.expired", "code");
  const tooMany = () => fieldError("passwordLinks.code.tooManyTries", "code");
  if (latest.attempts >= RESET_CODE_TRIES) throw tooMany();
  const code = input.code.trim();
  if (/^\d{6}$/.test(code) && codeMatches(latest.token_hash, latest.user_id, code)) {
    return { tokenId: latest.id, userId: latest.user_id, passwordHash: latest.password_hash };
  }
  const counted = await deps.db
    .updateTable("password_tokens")
    .set({ attempts: sql<number>`attempts + 1` })
    .where("id", "=", latest.id)
    .where("used_at", "is", null)
    .where("attempts", "<", RESET_CODE_TRIES)
    .returning("attempts")
    .executeTakeFirst();
  if (!counted || counted.attempts >= RESET_CODE_TRIES) throw tooMany();
  throw wrong();
}
