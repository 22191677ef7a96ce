import { Router } from "express";
import { sql } from "kysely";
import type { PublicKey } from "../../../app/contracts/auth/api-types";
import { authEndpoints } from "../../../app/contracts/auth/endpoints.server";
import { modifyPasswordRequestSchema } from "../../../app/contracts/auth/change-password-schema";
import { getDummyHash, hashPassword, needsRehash, verifyPassword } from "../../auth/password";
import { HashQueueFull } from "../../auth/password-hasher";
import { signInsRefusedBusy } from "../../metrics/registry";
import { getThrottleState, reserveLoginAttempt, settleLoginAttempt } from "../../auth/login-throttle";
import { createSession, deleteOtherSessions, deleteSession, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "../../auth/sessions";
import { rsaDecrypt } from "../../auth/secrets";
import { consumeVerifiedCaptcha, verifyTextCaptcha } from "../../captcha";
import { clientIp, readTicket, type ApiDeps } from "../context";
import { ApiCode, ApiError, parseInput, requestLanguage, fieldError } from "../envelope";
import { siteSettingsFor } from "../../exhibition-settings/site";
import { mount, withMessage } from "../mount";
import { translate } from "../../../app/contracts/i18n/translate.server";
import { requireSession } from "../require-session";
import { isSkinId } from "../../../app/contracts/settings/skin-values";
import { personSigningIn, recordSignIn, signInSeat } from "../../team/sign-in";

export function loginRoutes(deps: ApiDeps) {
  const router = Router();
  const { db, logger, config } = deps;

  /** Whether the next attempt for this username (and the caller's IP) must pass a captcha. */
  mount(router, authEndpoints.captchaRequired, async (call) => {
    const { req } = call;
    const { username } = call.input;
    const state = await getThrottleState(db, { username, ip: clientIp(req), captchaMode: config.LOGIN_CAPTCHA });
    return { captchaRequired: state.captchaRequired, locked: state.locked };
  });

  mount(router, authEndpoints.login, async (call) => {
    const { req, input } = call;
    const ip = clientIp(req);
    const attempt = { event: "login", username: input.username, ip, requestId: req.get("x-request-id") };
    // Counted as a failure from here on, so parallel attempts see each other; settled below.
    const { state, attemptId } = await reserveLoginAttempt(db, { username: input.username, ip, captchaMode: config.LOGIN_CAPTCHA });

    if (attemptId === null) {
      logger.warn({ ...attempt, outcome: "locked" }, "sign-in refused: too many failures");
      throw new ApiError(ApiCode.tooManyRequests, "login.locked", { minutes: state.retryAfterMinutes }, { locked: true });
    }
    let user: { id: number; password_hash: string; exhibition_id: number; business_name: string | null; username: string; role_id: number } | undefined;
    let valid: boolean;
    try {
      if (state.captchaRequired) {
        const passed = await passCaptcha(input.captchaId, input.vCode);
        if (passed !== "ok") {
          logger.info({ ...attempt, outcome: `captcha-${passed}` }, "sign-in refused: captcha");
          const key = passed === "missing" ? "login.captchaRequired" : passed === "expired" ? "login.captchaExpired" : "login.captchaWrong";
          throw new ApiError(ApiCode.badRequest, key, {}, { captchaRequired: true });
        }
      }

      user = await db
        .selectFrom("users")
        .select(["id", "password_hash", "exhibition_id", "business_name", "username", "role_id"])
        .where(sql`lower(username)`, "=", input.username.toLowerCase())
        .executeTakeFirst();
      // Unknown usernames still pay for one hash, so timing does not reveal which accounts exist.
      // An account without a password yet (imported, not activated: empty hash) pays the same and gets the same answer.
      valid = await verifyPassword(input.password, user?.password_hash || (await getDummyHash()), { refuseWhenBusy: true }).catch((error) => {
        if (!(error instanceof HashQueueFull)) throw error;
        // Too many sign-ins waiting for the hash thread: answered now, pages keep the CPU (decision 041).
        logger.warn({ ...attempt, outcome: "busy", retryAfterSeconds: error.retryAfterSeconds }, "sign-in refused: hash queue full");
        signInsRefusedBusy.inc();
        call.res.set("Retry-After", String(error.retryAfterSeconds));
        throw new ApiError(ApiCode.unavailable, "login.busy", { seconds: error.retryAfterSeconds }, { retryAfterSeconds: error.retryAfterSeconds });
      });
    } catch (error) {
      // Refused before the password was judged: no failure.
      await settleLoginAttempt(db, attemptId, "withdrawn");
      throw error;
    }
    if (!user?.password_hash || !valid) {
      const after = await getThrottleState(db, { username: input.username, ip, captchaMode: config.LOGIN_CAPTCHA });
      logger.info({ ...attempt, outcome: "wrong-credentials", failures: after.usernameFailures }, "sign-in failed");
      if (user) await recordSignIn(db, user, "signInFailed", ip);
      throw new ApiError(ApiCode.badRequest, "login.wrongCredentials", {}, { captchaRequired: after.captchaRequired });
    }

    // A team member signs in to act for the company; a revoked member or staff account does not sign in.
    const seat = await signInSeat(db, user.id);
    if (seat.revoked) {
      await settleLoginAttempt(db, attemptId, "withdrawn");
      await recordSignIn(db, user, "signInFailed", ip);
      throw new ApiError(ApiCode.forbidden, "team.errors.revoked");
    }
    await settleLoginAttempt(db, attemptId, "succeeded");
    if (needsRehash(user.password_hash)) {
      await db
        .updateTable("users")
        .set({ password_hash: await hashPassword(input.password) })
        .where("id", "=", user.id)
        .execute();
    }
    // Rotation: a ticket the caller already held is ended, a fresh one issued.
    const previous = readTicket(req);
    if (previous) await deleteSession(db, previous);
    const accountId = seat.companyUserId ?? user.id;
    const booth = await db.selectFrom("booths").select("id").where("user_id", "=", accountId).orderBy("id").executeTakeFirst();
    const ticket = await createSession(db, {
      userId: accountId,
      memberUserId: seat.companyUserId === null ? undefined : user.id,
      boothId: booth?.id ?? null,
      ip,
      userAgent: req.get("x-client-user-agent") ?? req.get("user-agent"),
    });
    logger.info({ ...attempt, outcome: "success", userId: user.id }, "signed in");
    await recordSignIn(db, user, "signIn", ip);
    return { ticket, idleTimeoutSeconds: SESSION_IDLE_MS / 1000, absoluteTimeoutSeconds: SESSION_ABSOLUTE_MS / 1000 };
  });

  async function passCaptcha(captchaId?: string, vCode?: string): Promise<"ok" | "missing" | "wrong" | "expired"> {
    if (!captchaId) return "missing";
    if (vCode) {
      const result = await verifyTextCaptcha(db, captchaId, vCode);
      if (result !== "ok") return result;
    }
    return (await consumeVerifiedCaptcha(db, captchaId)) ? "ok" : "expired";
  }

  mount(router, authEndpoints.authTicket, async ({ req, res }) => {
    const { session, ticket, user, skin, contractor } = await requireSession(deps, req, res);
    return {
      ticket,
      userId: session.userId,
      boothId: session.boothId,
      // Changes whenever something the permission info shows changes (booth, role, contractor grant);
      // clients may cache that info under this value. The skin travels here instead, so choosing one
      // does not make every process build the menus again.
      stateVersion: [session.boothId ?? 0, user.roleId, session.contractorAccessId ?? 0, session.memberUserId ?? 0].join("."),
      skin: !contractor && isSkinId(skin) ? skin : null,
      site: await siteSettingsFor(db, user.exhibitionId),
      idleExpiresAt: new Date(session.lastSeenAt.getTime() + SESSION_IDLE_MS).toISOString(),
      absoluteExpiresAt: new Date(session.createdAt.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
    };
  });

  mount(router, authEndpoints.publicKey, (): PublicKey => ({ publicKey: deps.rsa.publicKeyPem, algorithm: "RSA-OAEP-256" }));

  /** Logout. Idempotent: an unknown or missing ticket is already signed out. */
  mount(router, authEndpoints.cancellation, async ({ req }) => {
    const ticket = readTicket(req);
    if (ticket) await deleteSession(db, ticket);
    logger.info({ event: "logout", ip: clientIp(req) }, "signed out");
    return null;
  });

  mount(router, authEndpoints.modifyPasswd, async (call) => {
    const { req, res } = call;
    const { user: account, session } = await requireSession(deps, req, res);
    // A team member changes their own password, never the company's.
    const user = await personSigningIn(db, session.memberUserId ?? account.id);
    const encrypted = call.input;
    const password = rsaDecrypt(deps.rsa.privateKey, encrypted.password);
    const newPassword = rsaDecrypt(deps.rsa.privateKey, encrypted.newPassword);
    if (password === null || newPassword === null) throw new ApiError(ApiCode.badRequest, "errors.decryptFailed");
    const input = parseInput(modifyPasswordRequestSchema, { password, newPassword });
    if (!(await verifyPassword(input.password, user.passwordHash))) {
      logger.info({ event: "password-change", userId: user.id, outcome: "wrong-old-password" }, "password change refused");
      throw fieldError("password.oldWrong", "password");
    }
    await db
      .updateTable("users")
      .set({ password_hash: await hashPassword(input.newPassword), password_changed_at: new Date() })
      .where("id", "=", user.id)
      .execute();
    // Other browsers signed in with the old password are signed out; this one stays.
    await deleteOtherSessions(db, user.id, session.id);
    logger.info({ event: "password-change", userId: user.id, outcome: "success" }, "password changed");
    return withMessage(null, translate(requestLanguage(req), "password.success"));
  });

  return router;
}
