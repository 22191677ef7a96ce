import { Router, type Request } from "express";
import { passwordEndpoints } from "../../../app/contracts/auth/password-endpoints.server";
import { newPasswordSchema } from "../../../app/contracts/auth/password-schema";
import type { LoginTicket } from "../../../app/contracts/auth/api-types";
import { applyNewPassword, findLink } from "../../auth/password-links";
import { checkResetCode, requestPasswordReset } from "../../auth/password-reset";
import { hashPassword, verifyPassword } from "../../auth/password";
import { rsaDecrypt } from "../../auth/secrets";
import { createSession, deleteSession, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "../../auth/sessions";
import { clientIp, readTicket, type ApiDeps } from "../context";
import { ApiCode, ApiError, parseInput, requestLanguage, fieldError } from "../envelope";
import { mount } from "../mount";

/**
 * The public invitation and forgot-password calls (issue 39, docs/decisions/033): no session; the
 * secret is the link's token or the SMS code. Setting the password ends the account's sessions and
 * signs the caller in, as a sign-in does.
 */
export function passwordLinkRoutes(deps: ApiDeps) {
  const router = Router();
  const { db, logger } = deps;

  mount(router, passwordEndpoints.forgotPassword, async (call) => {
    const { req, input } = call;
    return requestPasswordReset(deps, { ...input, ip: clientIp(req), language: requestLanguage(req) });
  });

  mount(router, passwordEndpoints.passwordLink, async (call) => {
    const found = await findLink(db, call.input.token);
    if ("state" in found) throw new ApiError(ApiCode.badRequest, `passwordLinks.link.${found.state}`, {}, { state: found.state });
    return { purpose: found.link.purpose, username: found.link.username };
  });

  mount(router, passwordEndpoints.setPassword, async (call) => {
    const { req, input } = call;
    const newPassword = readNewPassword(input.newPassword);
    const found = await findLink(db, input.token);
    if ("state" in found) throw new ApiError(ApiCode.badRequest, `passwordLinks.link.${found.state}`, {}, { state: found.state });
    const { link } = found;
    await refuseSameAsOld(newPassword, link.passwordHash);
    const saved = await applyNewPassword(db, { tokenId: link.id, userId: link.userId, passwordHash: await hashPassword(newPassword) });
    // Spent by a parallel request meanwhile: answered as that request left it.
    if (!saved) throw new ApiError(ApiCode.badRequest, "passwordLinks.link.used", {}, { state: "used" });
    logger.info({ event: "password-link", purpose: link.purpose, userId: link.userId, outcome: "success" }, "password set from a link");
    return signIn(req, link.userId);
  });

  mount(router, passwordEndpoints.resetByCode, async (call) => {
    const { req, input } = call;
    const newPassword = readNewPassword(input.newPassword);
    const open = await checkResetCode(deps, { username: input.username, code: input.code, ip: clientIp(req) });
    await refuseSameAsOld(newPassword, open.passwordHash);
    const saved = await applyNewPassword(db, { tokenId: open.tokenId, userId: open.userId, passwordHash: await hashPassword(newPassword) });
    if (!saved) throw fieldError("passwordLinks.code.expired", "code");
    logger.info({ event: "password-reset-code", userId: open.userId, outcome: "success" }, "password set with an SMS code");
    return signIn(req, open.userId);
  });

  /** The new password arrives RSA-encrypted (as /login/modifyPasswd's) and follows the change-password rules. */
  function readNewPassword(encrypted: string) {
    const newPassword = rsaDecrypt(deps.rsa.privateKey, encrypted);
    if (newPassword === null) throw new ApiError(ApiCode.badRequest, "errors.decryptFailed");
    return parseInput(newPasswordSchema, { newPassword }).newPassword;
  }

  async function refuseSameAsOld(newPassword: string, oldHash: string) {
    if (oldHash && (await verifyPassword(newPassword, oldHash))) {
      throw fieldError("password.sameAsOld", "newPassword");
    }
  }

  async function signIn(req: Request, userId: number): Promise<LoginTicket> {
    const previous = readTicket(req);
    if (previous) await deleteSession(db, previous);
    const booth = await db.selectFrom("booths").select("id").where("user_id", "=", userId).orderBy("id").executeTakeFirst();
    const ticket = await createSession(db, {
      userId,
      boothId: booth?.id ?? null,
      ip: clientIp(req),
      userAgent: req.get("x-client-user-agent") ?? req.get("user-agent"),
    });
    return { ticket, idleTimeoutSeconds: SESSION_IDLE_MS / 1000, absoluteTimeoutSeconds: SESSION_ABSOLUTE_MS / 1000 };
  }

  return router;
}
