import { appClock } from "../../clock";
import { Router } from "express";
import { contractorEndpoints } from "../../../app/contracts/contractors/endpoints.server";
import { reserveLoginAttempt, settleLoginAttempt } from "../../auth/login-throttle";
import { createSession, deleteSession, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "../../auth/sessions";
import { entrustContractor, listAccesses, redeemAccessCode, resendCode, revokeAccess } from "../../contractors/access";
import { clientIp, readTicket, type ApiDeps } from "../context";
import { ApiCode, ApiError, fieldError } from "../envelope";
import { mount } from "../mount";
import { requireSession } from "../require-session";

/**
 * Entrusted contractors (spec: /bookingService/ECReservation). The exhibitor's side under
 * /smeb/service/contractor/*: entrust, list, send a new code, revoke (a contractor's session
 * cannot reach these: server/contractors/scope.ts). The contractor's side: POST
 * /login/contractorLogin with the exhibitor number and the one-time code.
 */
export function contractorRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { db, logger } = deps;
  // Code lifetimes are business time (server/clock.ts); the once-a-minute resend runs on it too.
  const now = () => appClock.now();

  const exhibitorOf = async (req: Parameters<typeof requireSession>[1], res: Parameters<typeof requireSession>[2]) => {
    const { user, session } = await requireSession(deps, req, res);
    return {
      exhibitor: {
        id: user.id,
        username: user.username,
        exhibitionId: user.exhibitionId,
        businessName: user.businessName,
        businessNameEn: user.businessNameEn,
      },
      session,
    };
  };

  mount(router, contractorEndpoints.list, async ({ req, res }) => {
    const { exhibitor } = await exhibitorOf(req, res);
    return listAccesses(db, exhibitor.id, now());
  });

  mount(router, contractorEndpoints.entrust, async (call) => {
    const { exhibitor, session } = await exhibitorOf(call.req, call.res);
    const input = call.input;
    const view = await entrustContractor(deps, exhibitor, session.boothId, input, now());
    logger.info({ event: "contractor-entrusted", userId: exhibitor.id, accessId: view.accessId }, "contractor entrusted");
    return view;
  });

  mount(router, contractorEndpoints.resendCode, async (call) => {
    const { exhibitor } = await exhibitorOf(call.req, call.res);
    const { accessId } = call.input;
    return resendCode(deps, exhibitor, accessId, now());
  });

  mount(router, contractorEndpoints.revoke, async (call) => {
    const { exhibitor } = await exhibitorOf(call.req, call.res);
    const { accessId } = call.input;
    const view = await revokeAccess(db, exhibitor.id, accessId, now());
    logger.info({ event: "contractor-revoked", userId: exhibitor.id, accessId }, "contractor access revoked");
    return view;
  });

  /** The contractor signs in: the code is spent, and the session acts for the exhibitor in booking only. */
  mount(router, contractorEndpoints.login, async (call) => {
    const { req, input } = call;
    const ip = clientIp(req);
    // Failures count with sign-in's own throttle (per IP), under a name of their own.
    const throttleName = `contractor:${input.exhibitorNo}`.slice(0, 100);
    const { state, attemptId } = await reserveLoginAttempt(db, { username: throttleName, ip, captchaMode: "never" });
    if (attemptId === null) throw new ApiError(ApiCode.tooManyRequests, "login.locked", { minutes: state.retryAfterMinutes }, { locked: true });

    const access = await redeemAccessCode(db, input.exhibitorNo, input.code, now());
    if (!access) {
      logger.info({ event: "contractor-login", ip, outcome: "wrong-code" }, "contractor sign-in failed");
      throw fieldError("contractors.errors.wrongCode", "code");
    }
    await settleLoginAttempt(db, attemptId, "succeeded");
    const previous = readTicket(req);
    if (previous) await deleteSession(db, previous);
    const ticket = await createSession(db, {
      userId: access.user_id,
      boothId: access.booth_id,
      contractorAccessId: access.id,
      ip,
      userAgent: req.get("x-client-user-agent") ?? req.get("user-agent"),
    });
    logger.info({ event: "contractor-login", ip, outcome: "success", userId: access.user_id, accessId: access.id }, "contractor signed in");
    return {
      ticket,
      idleTimeoutSeconds: SESSION_IDLE_MS / 1000,
      absoluteTimeoutSeconds: SESSION_ABSOLUTE_MS / 1000,
      contractor: { accessId: access.id, companyName: access.company_name, contactName: access.contact_name },
    };
  });

  return router;
}
