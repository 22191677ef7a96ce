import { DEFAULT_QUOTA_RULE, freeBadges, type BadgeQuotaRule } from "../../app/contracts/badges/quota";
import type { Database } from "../db/database";
import { commandExhibition } from "../seed/command-exhibition";
import { quotaRule, saveQuotaRule } from "./badges";
import { formatMoney } from "../../app/contracts/common/format";

/**
 * `cli.js badge-quota [<exhibition code>] [key=value ...]`: shows an exhibition's badge quota, or
 * changes it (free-base, base-area, step-area, free-per-step, paid-max, price-cents). Badges
 * already applied for keep their kind and price; the new rule counts from the next one.
 */
const KEYS: Record<string, keyof BadgeQuotaRule> = {
  "free-base": "freeBase",
  "base-area": "baseAreaM2",
  "step-area": "stepAreaM2",
  "free-per-step": "freePerStep",
  "paid-max": "paidMax",
  "price-cents": "paidPriceCents",
};
const USAGE = `Usage: cli.js badge-quota [<exhibition code>] [${Object.keys(KEYS)
  .map((k) => `${k}=<n>`)
  .join(" ")}]`;

export async function badgeQuotaCommand(db: Database, args: string[]) {
  const exhibition = await commandExhibition(db, args, USAGE);

  const changes: Partial<BadgeQuotaRule> = {};
  for (const arg of args) {
    const [name, raw] = arg.split("=");
    const key = KEYS[name ?? ""];
    const value = Number(raw);
    const isArea = key === "baseAreaM2" || key === "stepAreaM2";
    if (!key || raw === undefined || raw === "" || !Number.isFinite(value) || value < 0 || (isArea ? value === 0 : !Number.isInteger(value))) {
      throw new Error(`Not understood: "${arg}".\n${USAGE}`);
    }
    changes[key] = value;
  }
  const rule = { ...(await quotaRule(db, exhibition.id)), ...changes };
  if (Object.keys(changes).length) await saveQuotaRule(db, exhibition.id, rule);
  const examples = [9, 18, 36, 54].map((area) => `${area} m²: ${freeBadges(rule, area)} free`).join(", ");
  const isDefault = JSON.stringify(rule) === JSON.stringify(DEFAULT_QUOTA_RULE);
  return [
    `${exhibition.code}: ${rule.freeBase} free badges up to ${rule.baseAreaM2} m², ${rule.freePerStep} more per further ${rule.stepAreaM2} m²; up to ${rule.paidMax} paid at ${formatMoney(rule.paidPriceCents)} each${isDefault ? " (the default rule)" : ""}.`,
    `  (${examples})`,
  ].join("\n");
}
