import { DEFAULT_QUOTA_RULE, freeBadges } from "../../app/contracts/badges/quota";
import { badgeQuotaSchema, centsToYuanText } from "../../app/contracts/logistics-settings/schema";
import type { Database } from "../db/database";
import { commandExhibition } from "../ops/command-exhibition";
import { noMorePositionals, textOption } from "../ops/command-arguments";
import { type OptionValues, UsageRefusal } from "../ops/command-types";
import { quotaRule } from "./badges";
import { formatMoney } from "../../app/contracts/common/format";
import { type BadgeQuotaForm, quotaForm, saveQuotaInput } from "./quota-settings";

/**
 * `cli.js badge-quota [<exhibition code>] [--free-base <n> …]`: shows an exhibition's badge quota, or
 * changes it (--free-base, --base-area, --step-area, --free-per-step, --paid-max, --price-cents). Badges
 * already applied for keep their kind and price; the new rule counts from the next one. The values
 * are checked by the schema of the organizer's page (/index/settings/badgeQuota) and saved the same way.
 */
const FIELDS: Record<string, keyof BadgeQuotaForm> = {
  "free-base": "freeBase",
  "base-area": "baseAreaM2",
  "step-area": "stepAreaM2",
  "free-per-step": "freePerStep",
  "paid-max": "paidMax",
  "price-cents": "paidPrice",
};
export const BADGE_QUOTA_USAGE = `[<exhibition code>] [${Object.keys(FIELDS)
  .map((option) => `--${option} <n>`)
  .join(" ")}]`;
export const BADGE_QUOTA_OPTIONS = Object.fromEntries(Object.keys(FIELDS).map((option) => [option, { type: "string" as const }]));

export async function badgeQuotaCommand(db: Database, args: string[], values: OptionValues) {
  const rest = [...args];
  const exhibition = await commandExhibition(db, rest);
  noMorePositionals(rest);

  const form = quotaForm(await quotaRule(db, exhibition.id));
  const given = Object.keys(FIELDS).filter((option) => textOption(values, option) !== undefined);
  for (const option of given) {
    const raw = textOption(values, option)!;
    const key = FIELDS[option]!;
    const notUnderstood = new UsageRefusal(`Not understood: --${option} ${JSON.stringify(raw)}.`);
    if (key === "paidPrice") {
      // The command takes cents; the page's field is yuan.
      if (!/^\d{1,10}$/.test(raw)) throw notUnderstood;
      form.paidPrice = centsToYuanText(Number(raw));
    } else {
      form[key] = raw;
    }
    if (!badgeQuotaSchema.shape[key].safeParse(form[key]).success) throw notUnderstood;
  }
  const parsed = badgeQuotaSchema.safeParse(form);
  if (!parsed.success) throw new UsageRefusal(`Not understood: ${given.map((option) => `--${option} ${textOption(values, option)}`).join(" ")}.`);
  const rule = given.length ? await saveQuotaInput(db, exhibition.id, parsed.data) : await quotaRule(db, exhibition.id);
  const examples = [9, 18, 36, 54].map((area) => `${area} m²: ${freeBadges(rule, area)} free`).join(", ");
  const isDefault = JSON.stringify(rule) === JSON.stringify(DEFAULT_QUOTA_RULE);
  return [
    `${exhibition.code}: ${rule.freeBase} free badges up to ${rule.baseAreaM2} m², ${rule.freePerStep} more per further ${rule.stepAreaM2} m²; up to ${rule.paidMax} paid at ${formatMoney(rule.paidPriceCents)} each${isDefault ? " (the default rule)" : ""}.`,
    `  (${examples})`,
  ].join("\n");
}
