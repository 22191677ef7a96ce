/**
 * The organizer's logistics settings on pages (issue 52): carriers with their prices, discounts and
 * lifting fee classes, the badge quota, the construction calendar with the insurance minimum. The
 * same rules serve the pages' API and the CLI commands (carriers, badge-quota, construction-settings).
 */

/** The pages, linked from /index/settings; they take its permission (roleId 1). */
export const LOGISTICS_SETTINGS_PATHS = {
  carriers: "/index/settings/carriers",
  badgeQuota: "/index/settings/badgeQuota",
  construction: "/index/settings/construction",
} as const;

/** A carrier's or a discount's code: letters, digits, - and _, at most 40. */
export const SETTING_CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;
export const CARRIER_NAME_MAX = 200;
export const CARRIER_EMAIL_MAX = 120;
/** A carrier's phone: digits, spaces, + ( ) -, at most 40. */
export const CARRIER_PHONE = /^[0-9+()\- ]{0,40}$/;
/** A carrier's place in lists: a whole number of at most six digits. */
export const CARRIER_SORT = /^-?\d{1,6}$/;

/** Decimal places of what people type: a percent (basis points), m³ (kept in cm³), tons (kept in kg), m². */
export const PERCENT_SCALE = 2;
export const VOLUME_SCALE = 6;
export const WEIGHT_SCALE = 3;
export const AREA_SCALE = 2;
/** 100 % in basis points. */
export const PERCENT_MAX_BP = 10_000;
/** A count of badges: a whole number of at most six digits. */
export const QUOTA_COUNT = /^\d{1,6}$/;

/**
 * A non-negative decimal with at most `scale` decimals and `maxWhole` whole digits, as an integer
 * of 10^-scale units (no float touches it); anything else (a sign, text, too many decimals) is null.
 */
export function scaledDecimal(value: string, scale: number, maxWhole: number): number | null {
  const match = new RegExp(`^(\\d{1,${maxWhole}})(?:\\.(\\d{1,${scale}}))?$`).exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 10 ** scale + Number((match[2] ?? "").padEnd(scale, "0"));
}

/** An integer number of 10^-scale units as the decimal people read and type, trailing zeros dropped. */
export function decimalText(units: number, scale: number): string {
  const whole = Math.floor(units / 10 ** scale);
  const fraction = String(units % 10 ** scale)
    .padStart(scale, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** Cents as the yuan a form shows and takes back (125050 → "1250.50"), without thousands separators. */
export const centsToYuanText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** The construction calendar's four days, in the order they must run. */
const CALENDAR_DAYS = ["buildUpFrom", "buildUpTo", "dismantleFrom", "dismantleTo"] as const;
export type CalendarDay = (typeof CALENDAR_DAYS)[number];

/** The first day that comes before the one it must follow (YYYY-MM-DD compare as text), or null when they run in order. */
export function dayOutOfOrder(days: Record<CalendarDay, string>): CalendarDay | null {
  for (let i = 1; i < CALENDAR_DAYS.length; i++) {
    if (days[CALENDAR_DAYS[i]!] < days[CALENDAR_DAYS[i - 1]!]) return CALENDAR_DAYS[i]!;
  }
  return null;
}

export const LIFTING_KINDS = ["forklift", "crane"] as const;
export type LiftingKindName = (typeof LIFTING_KINDS)[number];
export const DISCOUNT_KINDS = ["early", "volume"] as const;
