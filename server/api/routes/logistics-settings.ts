import { Router } from "express";
import { logisticsSettingsEndpoints as endpoints } from "../../../app/contracts/logistics-settings/endpoints.server";
import { quotaRule } from "../../badges/badges";
import { saveQuotaInput } from "../../badges/quota-settings";
import { constructionSettings } from "../../booth-construction/common";
import { saveConstructionInput } from "../../booth-construction/settings-rules";
import { deleteLiftingFee, removeDiscount, removePrice, saveCarrier, saveDiscount, saveLiftingFee, savePrice } from "../../logistics-settings/carriers";
import { carriersSettings } from "../../transport/carrier-settings";
import { organizerFor } from "../caller";
import type { ApiDeps } from "../context";
import { mount } from "../mount";
import { mountOrganizerChange } from "../organizer-change";

/**
 * The organizer's logistics settings (issue 52): carriers with prices, discounts and lifting fee
 * classes, the badge quota, the construction calendar. roleId 1 only (others 403); the same rows
 * and rules as `cli.js carriers`, `badge-quota` and `construction-settings`. Mounted inside /api.
 */
export function logisticsSettingsRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { db } = deps;
  const saved = "logisticsSettings.saved";
  const removed = "logisticsSettings.removed";

  mount(router, endpoints.carriers, async ({ req, res }) => carriersSettings(db, (await organizerFor(deps, req, res)).exhibitionId));

  // Each change: the organizer's own exhibition, one transaction, the page's whole answer back.
  const carrierChanges = [
    [endpoints.saveCarrier, "carrier", saved, saveCarrier],
    [endpoints.savePrice, "price", saved, savePrice],
    [endpoints.removePrice, "price-removed", removed, removePrice],
    [endpoints.saveDiscount, "discount", saved, saveDiscount],
    [endpoints.removeDiscount, "discount-removed", removed, removeDiscount],
    [endpoints.saveLiftingFee, "lifting-fee", saved, saveLiftingFee],
    [endpoints.removeLiftingFee, "lifting-fee-removed", removed, deleteLiftingFee],
  ] as const;
  for (const [endpoint, event, message, write] of carrierChanges)
    mountOrganizerChange(router, deps, endpoint, {
      // Each write takes its own endpoint's input; the tuple's union cannot say which goes with which.
      run: (organizer, input) => write(db, organizer, input as never),
      message,
      event: `logistics-settings-${event}`,
    });

  mount(router, endpoints.badgeQuota, async ({ req, res }) => quotaRule(db, (await organizerFor(deps, req, res)).exhibitionId));
  mountOrganizerChange(router, deps, endpoints.saveBadgeQuota, {
    run: (organizer, input) => saveQuotaInput(db, organizer.exhibitionId, input),
    message: saved,
    event: "logistics-settings-badge-quota",
  });

  mount(router, endpoints.construction, async ({ req, res }) => constructionSettings(db, (await organizerFor(deps, req, res)).exhibitionId));
  mountOrganizerChange(router, deps, endpoints.saveConstruction, {
    run: (organizer, input) => saveConstructionInput(db, organizer.exhibitionId, input),
    message: saved,
    event: "logistics-settings-construction",
  });

  return router;
}
