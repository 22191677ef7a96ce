import { Router } from "express";
import { translate } from "../../../app/contracts/i18n/translate.server";
import { logisticsSettingsEndpoints as endpoints } from "../../../app/contracts/logistics-settings/endpoints.server";
import { quotaRule } from "../../badges/badges";
import { saveQuotaInput } from "../../badges/quota-settings";
import { constructionSettings } from "../../booth-construction/common";
import { saveConstructionInput } from "../../booth-construction/settings-rules";
import { deleteLiftingFee, removeDiscount, removePrice, saveCarrier, saveDiscount, saveLiftingFee, savePrice } from "../../logistics-settings/carriers";
import { carriersSettings } from "../../transport/carrier-settings";
import { organizerFor } from "../caller";
import type { ApiDeps } from "../context";
import { requestLanguage } from "../envelope";
import { mount, withMessage } from "../mount";

/**
 * The organizer's logistics settings (issue 52): carriers with prices, discounts and lifting fee
 * classes, the badge quota, the construction calendar. roleId 1 only (others 403); the same rows
 * and rules as `cli.js carriers`, `badge-quota` and `construction-settings`. Mounted inside /api.
 */
export function logisticsSettingsRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { db, logger } = deps;
  const said = (req: Parameters<typeof requestLanguage>[0], key: "saved" | "removed") => translate(requestLanguage(req), `logisticsSettings.${key}`);
  const logged = (event: string, organizer: { userId: number; exhibitionId: number }) =>
    logger.info({ event: `logistics-settings-${event}`, userId: organizer.userId, exhibitionId: organizer.exhibitionId }, "logistics settings changed");

  mount(router, endpoints.carriers, async ({ req, res }) => carriersSettings(db, (await organizerFor(deps, req, res)).exhibitionId));

  // Each change: the organizer's own exhibition, one transaction, the page's whole answer back.
  mount(router, endpoints.saveCarrier, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    const answer = await saveCarrier(db, organizer, input);
    logged("carrier", organizer);
    return withMessage(answer, said(req, "saved"));
  });
  mount(router, endpoints.savePrice, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    const answer = await savePrice(db, organizer, input);
    logged("price", organizer);
    return withMessage(answer, said(req, "saved"));
  });
  mount(router, endpoints.removePrice, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    const answer = await removePrice(db, organizer, input);
    logged("price-removed", organizer);
    return withMessage(answer, said(req, "removed"));
  });
  mount(router, endpoints.saveDiscount, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    const answer = await saveDiscount(db, organizer, input);
    logged("discount", organizer);
    return withMessage(answer, said(req, "saved"));
  });
  mount(router, endpoints.removeDiscount, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    const answer = await removeDiscount(db, organizer, input);
    logged("discount-removed", organizer);
    return withMessage(answer, said(req, "removed"));
  });
  mount(router, endpoints.saveLiftingFee, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    const answer = await saveLiftingFee(db, organizer, input);
    logged("lifting-fee", organizer);
    return withMessage(answer, said(req, "saved"));
  });
  mount(router, endpoints.removeLiftingFee, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    const answer = await deleteLiftingFee(db, organizer, input);
    logged("lifting-fee-removed", organizer);
    return withMessage(answer, said(req, "removed"));
  });

  mount(router, endpoints.badgeQuota, async ({ req, res }) => quotaRule(db, (await organizerFor(deps, req, res)).exhibitionId));
  mount(router, endpoints.saveBadgeQuota, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    const rule = await saveQuotaInput(db, organizer.exhibitionId, input);
    logged("badge-quota", organizer);
    return withMessage(rule, said(req, "saved"));
  });

  mount(router, endpoints.construction, async ({ req, res }) => constructionSettings(db, (await organizerFor(deps, req, res)).exhibitionId));
  mount(router, endpoints.saveConstruction, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    const settings = await saveConstructionInput(db, organizer.exhibitionId, input);
    logged("construction", organizer);
    return withMessage(settings, said(req, "saved"));
  });

  return router;
}
