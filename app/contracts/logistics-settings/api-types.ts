import type { BadgeQuotaRule } from "../badges/quota";
import type { ConstructionSettings } from "../booth-construction/api-types";
import type { DiscountRule, PriceRow } from "../transport/pricing";
import type { LiftingKindName } from "./values";

/** A carrier as the organizer's page shows it: its fields, the usernames acting for it, its prices and discounts. */
export type CarrierSettingsView = {
  id: number;
  code: string;
  nameZh: string;
  nameEn: string;
  email: string;
  phone: string;
  active: boolean;
  sort: number;
  accounts: string[];
  prices: PriceRow[];
  discounts: DiscountRule[];
};

/** A lifting fee class: the fee per piece up to a weight (kg). */
export type LiftingFeeView = { kind: LiftingKindName; maxWeightKg: number; feeCents: number };

export type CarriersSettingsAnswer = { carriers: CarrierSettingsView[]; liftingFees: LiftingFeeView[] };

export type BadgeQuotaAnswer = BadgeQuotaRule;
export type ConstructionSettingsAnswer = ConstructionSettings;
