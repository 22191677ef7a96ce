import type { BadgeQuotaRule } from "../../app/contracts/badges/quota";
import { type BadgeQuotaInput, centsToYuanText } from "../../app/contracts/logistics-settings/schema";
import { quotaRule, saveQuotaRule } from "./badges";
import type { Db } from "../db/database";

/**
 * The badge quota as the organizer's page (/index/settings/badgeQuota) and `cli.js badge-quota`
 * change it: the same form fields, checked by the same schema (badgeQuotaSchema), saved here.
 */
export type BadgeQuotaForm = Record<keyof BadgeQuotaInput, string>;

/** A rule as the form's typed fields (areas and counts as written, the price in yuan). */
export function quotaForm(rule: BadgeQuotaRule): BadgeQuotaForm {
  return {
    freeBase: String(rule.freeBase),
    baseAreaM2: String(rule.baseAreaM2),
    stepAreaM2: String(rule.stepAreaM2),
    freePerStep: String(rule.freePerStep),
    paidMax: String(rule.paidMax),
    paidPrice: centsToYuanText(rule.paidPriceCents),
  };
}

/** Saves a checked form as the exhibition's rule and answers the rule as read back. */
export async function saveQuotaInput(db: Db, exhibitionId: number, input: BadgeQuotaInput): Promise<BadgeQuotaRule> {
  const { paidPrice, ...rest } = input;
  await saveQuotaRule(db, exhibitionId, { ...rest, paidPriceCents: paidPrice });
  return quotaRule(db, exhibitionId);
}
