import { Router } from "express";
import { deliveryLogEndpoints } from "../../../app/contracts/delivery-log/endpoints.server";
import { translate } from "../../../app/contracts/i18n/translate.server";
import { deliveryLog } from "../../delivery-log/list";
import { organizerFor } from "../caller";
import type { ApiDeps } from "../context";
import { ApiCode, ApiError, requestLanguage } from "../envelope";
import { mount, withMessage } from "../mount";

/**
 * The organizer's delivery log (issue 52): the list and the resend of a failed message; roleId 1
 * only (organizerFor refuses everyone else before anything is read), the exhibition's rows only.
 */
export function deliveryLogRoutes(deps: ApiDeps): Router {
  const router = Router();

  mount(router, deliveryLogEndpoints.list, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    return { ...(await deliveryLog(deps.db, organizer.exhibitionId, input)), emailChannel: deps.notifier.emailTransport };
  });

  mount(router, deliveryLogEndpoints.resend, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    const id = await deps.notifier.resendFailed(organizer.exhibitionId, input.id);
    if (id === null) throw new ApiError(ApiCode.badRequest, "deliveryLog.notResendable");
    deps.logger.info({ userId: organizer.userId, messageId: input.id, resentAs: id }, "message resent by the organizer");
    return withMessage({ id }, translate(requestLanguage(req), "deliveryLog.resent", { id }));
  });

  return router;
}
