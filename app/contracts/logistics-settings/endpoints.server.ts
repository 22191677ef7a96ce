import { endpoint } from "../api/endpoint";
import type { BadgeQuotaAnswer, CarriersSettingsAnswer, ConstructionSettingsAnswer } from "./api-types";
import {
  badgeQuotaSchema,
  carrierSaveSchema,
  constructionSettingsSchema,
  discountRemoveSchema,
  discountSaveSchema,
  liftingFeeRemoveSchema,
  liftingFeeSaveSchema,
  priceRemoveSchema,
  priceSaveSchema,
} from "./schema";

/**
 * The organizer's logistics settings (issue 52), roleId 1 only: the same rows the CLI commands
 * carriers, badge-quota and construction-settings change. Each save is one transaction.
 */
export const logisticsSettingsEndpoints = {
  carriers: endpoint.get("/smeb/settings/carriers").answers<CarriersSettingsAnswer>(),
  saveCarrier: endpoint.post("/smeb/settings/carriers/save", carrierSaveSchema).answers<CarriersSettingsAnswer>(),
  savePrice: endpoint.post("/smeb/settings/carriers/price/save", priceSaveSchema).answers<CarriersSettingsAnswer>(),
  removePrice: endpoint.post("/smeb/settings/carriers/price/remove", priceRemoveSchema).answers<CarriersSettingsAnswer>(),
  saveDiscount: endpoint.post("/smeb/settings/carriers/discount/save", discountSaveSchema).answers<CarriersSettingsAnswer>(),
  removeDiscount: endpoint.post("/smeb/settings/carriers/discount/remove", discountRemoveSchema).answers<CarriersSettingsAnswer>(),
  saveLiftingFee: endpoint.post("/smeb/settings/liftingFees/save", liftingFeeSaveSchema).answers<CarriersSettingsAnswer>(),
  removeLiftingFee: endpoint.post("/smeb/settings/liftingFees/remove", liftingFeeRemoveSchema).answers<CarriersSettingsAnswer>(),
  badgeQuota: endpoint.get("/smeb/settings/badgeQuota").answers<BadgeQuotaAnswer>(),
  saveBadgeQuota: endpoint.post("/smeb/settings/badgeQuota/save", badgeQuotaSchema).answers<BadgeQuotaAnswer>(),
  construction: endpoint.get("/smeb/settings/construction").answers<ConstructionSettingsAnswer>(),
  saveConstruction: endpoint.post("/smeb/settings/construction/save", constructionSettingsSchema).answers<ConstructionSettingsAnswer>(),
};
