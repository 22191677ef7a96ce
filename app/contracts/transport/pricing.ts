/**
 * Exhibit transport amounts (issue 17, decision 019), in cents, from the carrier's price list: per
 * service the larger of the volume charge (m³ × rate) and the weight charge (t × rate), never below
 * the service's minimum; then the discounts the declaration qualifies for. Volumes are cm³ and
 * weights grams (integers); the products run in BigInt, so no float touches money. The server prices
 * every declaration with this; the page only shows what the server computed.
 */
export const TRANSPORT_SERVICES = ["delivery", "return", "storage", "forklift", "crane"] as const;
export type TransportService = (typeof TRANSPORT_SERVICES)[number];

export type PriceRow = { service: TransportService; perM3Cents: number; perTonCents: number; minimumCents: number };
export type DiscountRule = {
  code: string;
  nameZh: string;
  nameEn: string;
  kind: "early" | "volume";
  /** early: declared on or before this day (YYYY-MM-DD). */
  untilOn: string | null;
  /** volume: at least this many cm³ in all. */
  minVolumeCm3: number | null;
  /** Either a share in basis points (1000 = 10 %) or a fixed amount. */
  percentBp: number | null;
  amountCents: number | null;
};
export type ExhibitSize = { packages: number; grossWeightG: number; lengthCm: number; widthCm: number; heightCm: number };

export type ServiceLine = { service: TransportService; basis: "volume" | "weight" | "minimum"; amountCents: number };
type DiscountLine = { code: string; nameZh: string; nameEn: string; amountCents: number };
export type Quote = {
  volumeCm3: number;
  weightG: number;
  lines: ServiceLine[];
  /** Services asked for that the carrier has no price for (it cannot take the declaration as it is). */
  unpriced: TransportService[];
  subtotalCents: number;
  discounts: DiscountLine[];
  discountCents: number;
  totalCents: number;
};

const CM3_PER_M3 = 1_000_000n;
const G_PER_TON = 1_000_000n;

/** A line's volume: every package's length × width × height. */
export const exhibitVolumeCm3 = (e: Pick<ExhibitSize, "packages" | "lengthCm" | "widthCm" | "heightCm">) => e.packages * e.lengthCm * e.widthCm * e.heightCm;

/** a × b / divisor, rounded half up (all non-negative). */
function mulDivRound(a: number | bigint, b: number | bigint, divisor: bigint): number {
  const product = BigInt(a) * BigInt(b);
  return Number((product * 2n + divisor) / (divisor * 2n));
}

export function serviceLine(price: PriceRow, volumeCm3: number, weightG: number): ServiceLine {
  const byVolume = mulDivRound(volumeCm3, price.perM3Cents, CM3_PER_M3);
  const byWeight = mulDivRound(weightG, price.perTonCents, G_PER_TON);
  const charge = Math.max(byVolume, byWeight);
  if (charge < price.minimumCents) return { service: price.service, basis: "minimum", amountCents: price.minimumCents };
  return { service: price.service, basis: byVolume >= byWeight ? "volume" : "weight", amountCents: charge };
}

/** Whether a discount applies to a declaration of this volume declared on `declaredOn` (YYYY-MM-DD). */
export function discountApplies(rule: DiscountRule, volumeCm3: number, declaredOn: string): boolean {
  if (rule.kind === "early") return rule.untilOn !== null && declaredOn <= rule.untilOn;
  return rule.minVolumeCm3 !== null && volumeCm3 >= rule.minVolumeCm3;
}

/**
 * The quote of a declaration: nothing to carry (no exhibits) costs nothing; otherwise each wanted
 * service the carrier prices, then percentage discounts on the subtotal and fixed ones, never more
 * than the subtotal in all.
 */
export function quoteDeclaration(input: {
  prices: PriceRow[];
  discounts: DiscountRule[];
  exhibits: ExhibitSize[];
  services: TransportService[];
  declaredOn: string;
}): Quote {
  const volumeCm3 = input.exhibits.reduce((sum, e) => sum + exhibitVolumeCm3(e), 0);
  const weightG = input.exhibits.reduce((sum, e) => sum + e.grossWeightG, 0);
  const wanted = TRANSPORT_SERVICES.filter((service) => input.services.includes(service));
  const unpriced = wanted.filter((service) => !input.prices.some((p) => p.service === service));
  const lines = input.exhibits.length
    ? wanted.flatMap((service) => {
        const price = input.prices.find((p) => p.service === service);
        return price ? [serviceLine(price, volumeCm3, weightG)] : [];
      })
    : [];
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  let left = subtotalCents;
  const discounts: DiscountLine[] = [];
  const applicable = subtotalCents > 0 ? input.discounts.filter((rule) => discountApplies(rule, volumeCm3, input.declaredOn)) : [];
  // Shares first (on the whole subtotal), fixed amounts after.
  for (const rule of [...applicable.filter((r) => r.percentBp !== null), ...applicable.filter((r) => r.percentBp === null)]) {
    const wantedCents = rule.percentBp !== null ? mulDivRound(subtotalCents, rule.percentBp, 10_000n) : (rule.amountCents ?? 0);
    const amountCents = Math.min(wantedCents, left);
    if (amountCents <= 0) continue;
    left -= amountCents;
    discounts.push({ code: rule.code, nameZh: rule.nameZh, nameEn: rule.nameEn, amountCents });
  }
  const discountCents = subtotalCents - left;
  return { volumeCm3, weightG, lines, unpriced, subtotalCents, discounts, discountCents, totalCents: left };
}

/** cm³ as m³ with three decimals ("1.235"), rounded half up. */
export function cm3ToM3Text(volumeCm3: number): string {
  const litres = mulDivRound(volumeCm3, 1, 1000n);
  return `${Math.floor(litres / 1000)}.${String(litres % 1000).padStart(3, "0")}`;
}

export type LiftingFeeClass = { kind: "forklift" | "crane"; maxWeightKg: number; feeCents: number };

/**
 * A hoisting or forklift booking's fee: the lightest weight class of its kind that takes one piece,
 * times the pieces; null when no class takes it (heavier than the table: the organizer arranges it).
 */
export function liftingFee(classes: LiftingFeeClass[], kind: LiftingFeeClass["kind"], weightKg: number, pieces: number) {
  const fitting = classes.filter((c) => c.kind === kind && c.maxWeightKg >= weightKg).sort((a, b) => a.maxWeightKg - b.maxWeightKg)[0];
  if (!fitting) return null;
  return { classMaxKg: fitting.maxWeightKg, feeCents: fitting.feeCents * pieces };
}
