import crypto from "node:crypto";
import { sql } from "kysely";
import type { PasswordLinkState } from "../../app/contracts/auth/password-api-types";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import type { ApiDeps } from "../api/context";
import { appClock } from "../clock";
import type { Database } from "../db/database";
import { exhibitionOfUser, portalLink } from "../exhibition-settings/public-url";

/**
 * One-time password links (issue 39, docs/decisions/033): the organizer's invitation (activation,
 * 7 days) and the forgot-password reset link (1 hour). Only a SHA-256 of the token is stored; a new
 * link voids the account's older unused ones of the same purpose; setting the password spends it
 * and voids every other open one. Expiry is business time (server/clock.ts): tests move it.
 */

export type LinkPurpose = "activate" | "reset";
const ACTIVATION_LINK_DAYS = 7;
export const RESET_LINK_MINUTES = 60;
/** Wrong tries an SMS reset code takes (server/auth/password-reset.ts); the last one kills it. */
export const RESET_CODE_TRIES = 5;
/** The page the links open (app/routes/setPassword.$token). */
const SET_PASSWORD_PAGE = "/setPassword/";
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const DAY_MS = 24 * 60 * 60 * 1000;

export const tokenHash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
export const newLinkToken = () => crypto.randomBytes(32).toString("base64url");

type Mailer = Pick<ApiDeps, "db" | "config" | "notifier" | "logger">;

/** The link's address: the exhibition's public address (publicBaseUrl), never the request's Host (a forged Host would send the token elsewhere). */
export async function passwordLink(deps: Pick<ApiDeps, "db" | "config">, userId: number, token: string) {
  return portalLink(deps.db, await exhibitionOfUser(deps.db, userId), deps.config, `${SET_PASSWORD_PAGE}${token}`);
}

/**
 * Stores one link or code for the account, voiding its older unused ones of the purpose, under a
 * lock per account (two parallel requests leave one valid token, in any process).
 */
export async function storeToken(
  db: Database,
  input: { userId: number; purpose: LinkPurpose; channel: "link" | "sms"; hash: string; lifetimeMs: number },
  now = appClock.now(),
) {
  const expiresAt = new Date(now.getTime() + input.lifetimeMs);
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`password-token:${input.userId}`}))`.execute(trx);
    await trx
      .updateTable("password_tokens")
      .set({ voided_at: now })
      .where("user_id", "=", input.userId)
      .where("purpose", "=", input.purpose)
      .where("used_at", "is", null)
      .where("voided_at", "is", null)
      .execute();
    await trx
      .insertInto("password_tokens")
      .values({
        user_id: input.userId,
        purpose: input.purpose,
        channel: input.channel,
        token_hash: input.hash,
        expires_at: expiresAt,
        // Real time: the messages per account and hour are counted from it (a limit never moves with business time).
        created_at: new Date(),
      })
      .execute();
  });
  return expiresAt;
}

/** A new link for the account; its older unused links of the purpose stop working. */
export async function issueLink(db: Database, userId: number, purpose: LinkPurpose, now = appClock.now()) {
  const token = newLinkToken();
  const lifetimeMs = purpose === "activate" ? ACTIVATION_LINK_DAYS * DAY_MS : RESET_LINK_MINUTES * 60_000;
  const expiresAt = await storeToken(db, { userId, purpose, channel: "link", hash: tokenHash(token), lifetimeMs }, now);
  return { token, expiresAt };
}

/**
 * The organizer's invitation (issue 39 "send invitations"): a new activation link (7 days, once; the
 * previous one stops working) by e-mail to the account's e-mail and by SMS to its mobile, where known,
 * through the notifier (the outbox by default). Sends nothing and issues nothing when the account has
 * neither; a failed channel is logged and reported as not sent.
 */
export async function sendActivation(deps: Mailer, userId: number, language: Language) {
  const user = await deps.db.selectFrom("users").select(["id", "username", "contact_email", "contact_phone"]).where("id", "=", userId).executeTakeFirst();
  if (!user) throw new Error(`sendActivation: no account ${userId}`);
  const email = user.contact_email?.trim() || null;
  const mobile = user.contact_phone?.replace(/[\s-]+/g, "") || null;
  if (!email && !mobile) return { email: false, sms: false, expiresAt: null };

  const { token, expiresAt } = await issueLink(deps.db, user.id, "activate");
  const values = { username: user.username, link: await passwordLink(deps, user.id, token), days: ACTIVATION_LINK_DAYS };
  const sent = { email: false, sms: false };
  if (email) {
    sent.email = await attempt(deps, user.id, "email", () =>
      deps.notifier.sendEmail({
        kind: "activation",
        userId: user.id,
        to: email,
        subject: translate(language, "passwordLinks.mail.activateSubject"),
        text: translate(language, "passwordLinks.mail.activateText", values),
      }),
    );
  }
  if (mobile) {
    sent.sms = await attempt(deps, user.id, "sms", () =>
      deps.notifier.sendSms({
        to: mobile,
        text: translate(language, "passwordLinks.mail.activateSms", values),
        kind: "activation",
        userId: user.id,
        params: { username: values.username, link: values.link, days: String(values.days) },
      }),
    );
  }
  deps.logger.info({ event: "activation-sent", userId: user.id, ...sent }, "activation link sent");
  return { ...sent, expiresAt };
}

async function attempt(deps: Mailer, userId: number, channel: "email" | "sms", send: () => Promise<unknown>) {
  try {
    await send();
    return true;
  } catch (error) {
    deps.logger.error({ event: "password-link-send", userId, channel, err: error }, "password link not delivered");
    return false;
  }
}

export type OpenLink = { id: number; userId: number; purpose: LinkPurpose; username: string; passwordHash: string };

/** What a link's token is worth now: the open link, or why it does not work. */
export async function findLink(db: Database, token: string, now = appClock.now()): Promise<{ link: OpenLink } | { state: PasswordLinkState }> {
  if (!TOKEN_SHAPE.test(token)) return { state: "invalid" };
  const row = await db
    .selectFrom("password_tokens")
    .innerJoin("users", "users.id", "password_tokens.user_id")
    .select([
      "password_tokens.id",
      "password_tokens.user_id",
      "password_tokens.purpose",
      "password_tokens.used_at",
      "password_tokens.voided_at",
      "password_tokens.expires_at",
      "users.username",
      "users.password_hash",
    ])
    .where("password_tokens.token_hash", "=", tokenHash(token))
    .where("password_tokens.channel", "=", "link")
    .executeTakeFirst();
  if (!row) return { state: "invalid" };
  if (row.used_at) return { state: "used" };
  if (row.voided_at) return { state: "replaced" };
  if (new Date(row.expires_at).getTime() <= now.getTime()) return { state: "expired" };
  return { link: { id: row.id, userId: row.user_id, purpose: row.purpose, username: row.username, passwordHash: row.password_hash } };
}

/**
 * Spends a link or code and sets the account's password, in one transaction: the token only if it is
 * still open and has tries left (a parallel use, or parallel wrong codes that used its tries up after
 * this one was checked, win), the account activated if it was not, every other open token voided
 * and every session of the account ended (contractors' grants are theirs: decision 009). False when the
 * token was spent, voided, expired or used up meanwhile.
 */
export async function applyNewPassword(db: Database, input: { tokenId: number; userId: number; passwordHash: string }, now = appClock.now()) {
  return db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable("password_tokens")
      .set({ used_at: now })
      .where("id", "=", input.tokenId)
      .where("user_id", "=", input.userId)
      .where("used_at", "is", null)
      .where("voided_at", "is", null)
      .where("expires_at", ">", now)
      .where("attempts", "<", RESET_CODE_TRIES)
      .returning("id")
      .executeTakeFirst();
    if (!spent) return false;
    await trx
      .updateTable("users")
      .set({ password_hash: input.passwordHash, password_changed_at: new Date(), activated_at: sql<Date>`coalesce(activated_at, ${now})` })
      .where("id", "=", input.userId)
      .execute();
    await trx
      .updateTable("password_tokens")
      .set({ voided_at: now })
      .where("user_id", "=", input.userId)
      .where("used_at", "is", null)
      .where("voided_at", "is", null)
      .execute();
    await trx.deleteFrom("sessions").where("user_id", "=", input.userId).where("contractor_access_id", "is", null).execute();
    return true;
  });
}
