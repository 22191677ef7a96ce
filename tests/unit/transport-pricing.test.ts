import { describe, expect, it } from "vitest";
import {
  cm3ToM3Text,
  discountApplies,
  exhibitVolumeCm3,
  liftingFee,
  quoteDeclaration,
  serviceLine,
  type DiscountRule,
  type LiftingFeeClass,
  type PriceRow,
} from "../../app/contracts/transport/pricing";
import { exhibitRowSchema, liftingSchema } from "../../app/contracts/transport/schema";
import { decimalToUnits, positiveMeasure, unitsToDecimal } from "../../app/contracts/common/quantity";

/**
 * Exhibit transport arithmetic (issue 17, decision 019): volumes in cm³, weights in grams, money in
 * cents. Every expected amount below is worked out by hand in the comment beside it.
 */

/** The seeded price list of carrier01's company (shunda), cents: per m³, per t, minimum. */
const SHUNDA: PriceRow[] = [
  { service: "delivery", perM3Cents: 18_000, perTonCents: 12_000, minimumCents: 50_000 },
  { service: "return", perM3Cents: 20_000, perTonCents: 14_000, minimumCents: 60_000 },
  { service: "storage", perM3Cents: 6_000, perTonCents: 4_000, minimumCents: 20_000 },
];
const delivery = SHUNDA[0]!;
const EARLY: DiscountRule = {
  code: "early",
  nameZh: "提前申报优惠",
  nameEn: "Early declaration",
  kind: "early",
  untilOn: "2026-12-02",
  minVolumeCm3: null,
  percentBp: 1_000,
  amountCents: null,
};
const VOLUME: DiscountRule = {
  code: "volume20",
  nameZh: "大批量优惠",
  nameEn: "Volume",
  kind: "volume",
  untilOn: null,
  minVolumeCm3: 20_000_000,
  percentBp: null,
  amountCents: 30_000,
};
const box = (packages: number, lengthCm: number, widthCm: number, heightCm: number, grossWeightG: number) => ({
  packages,
  lengthCm,
  widthCm,
  heightCm,
  grossWeightG,
});

describe("volume", () => {
  it("is every package's length × width × height, in cm³", () => {
    expect(exhibitVolumeCm3(box(2, 120, 80, 100, 1))).toBe(1_920_000);
    expect(exhibitVolumeCm3(box(1, 1, 1, 1, 1))).toBe(1);
  });

  it("reads as m³ with three decimals, rounded half up", () => {
    expect(cm3ToM3Text(1_920_000)).toBe("1.920");
    expect(cm3ToM3Text(1_234_500)).toBe("1.235");
    expect(cm3ToM3Text(1_234_499)).toBe("1.234");
    expect(cm3ToM3Text(500)).toBe("0.001");
    expect(cm3ToM3Text(499)).toBe("0.000");
    expect(cm3ToM3Text(0)).toBe("0.000");
    expect(cm3ToM3Text(72_000_000)).toBe("72.000");
  });
});

describe("a service's charge: the larger of volume and weight, never below the minimum", () => {
  it("charges by volume when it is the larger", () => {
    // 5 m³ × ¥180 = ¥900; 3 t × ¥120 = ¥360.
    expect(serviceLine(delivery, 5_000_000, 3_000_000)).toEqual({ service: "delivery", basis: "volume", amountCents: 90_000 });
  });

  it("charges by weight when it is the larger", () => {
    // 1 m³ × ¥180 = ¥180; 10 t × ¥120 = ¥1,200.
    expect(serviceLine(delivery, 1_000_000, 10_000_000)).toEqual({ service: "delivery", basis: "weight", amountCents: 120_000 });
  });

  it("charges the minimum when both are below it", () => {
    // 1.92 m³ × ¥180 = ¥345.60; 0.8505 t × ¥120 = ¥102.06; the minimum is ¥500.
    expect(serviceLine(delivery, 1_920_000, 850_500)).toEqual({ service: "delivery", basis: "minimum", amountCents: 50_000 });
    // Exactly the minimum is a volume charge, not a minimum.
    expect(serviceLine(delivery, 2_777_778, 0)).toEqual({ service: "delivery", basis: "volume", amountCents: 50_000 });
  });

  it("rounds each charge half up to the cent, never half to even", () => {
    const cent = (perM3Cents: number, perTonCents = 0): PriceRow => ({ service: "storage", perM3Cents, perTonCents, minimumCents: 0 });
    expect(serviceLine(cent(1), 500_000, 0).amountCents).toBe(1); // 0.5 cent
    expect(serviceLine(cent(1), 499_999, 0).amountCents).toBe(0);
    expect(serviceLine(cent(1), 2_500_000, 0).amountCents).toBe(3); // 2.5 cents (half to even would say 2)
    expect(serviceLine(cent(0, 1), 0, 1_500_000).amountCents).toBe(2); // 1.5 t at 1 cent
    // 1.234567 m³ × ¥180.01 = 22,223.44… cents.
    expect(serviceLine(cent(18_001), 1_234_567, 0).amountCents).toBe(22_223);
  });

  it("stays exact on amounts a float would lose", () => {
    // 9,999.999999 m³ × 99,999,999 cents: far past 2^53 as a product.
    expect(serviceLine({ service: "delivery", perM3Cents: 99_999_999, perTonCents: 0, minimumCents: 0 }, 9_999_999_999, 0).amountCents).toBe(999_999_989_900);
  });
});

describe("discounts", () => {
  it("early: declared on or before its day", () => {
    expect(discountApplies(EARLY, 1, "2026-11-23")).toBe(true);
    expect(discountApplies(EARLY, 1, "2026-12-02")).toBe(true);
    expect(discountApplies(EARLY, 1, "2026-12-03")).toBe(false);
  });

  it("volume: at least its volume in all", () => {
    expect(discountApplies(VOLUME, 20_000_000, "2027-01-01")).toBe(true);
    expect(discountApplies(VOLUME, 19_999_999, "2026-11-23")).toBe(false);
  });
});

describe("a declaration's quote", () => {
  const exhibits = [box(2, 120, 80, 100, 850_500), box(1, 200, 150, 100, 1_200_000)];
  // 1,920,000 + 3,000,000 = 4,920,000 cm³ (4.92 m³); 2,050,500 g (2.0505 t).

  it("prices each wanted service, then takes 10 % off for an early declaration", () => {
    const quote = quoteDeclaration({ prices: SHUNDA, discounts: [EARLY, VOLUME], exhibits, services: ["return", "delivery"], declaredOn: "2026-11-23" });
    // delivery: 4.92 × ¥180 = ¥885.60 (weight ¥246.06); return: 4.92 × ¥200 = ¥984 (weight ¥287.07).
    expect(quote.lines).toEqual([
      { service: "delivery", basis: "volume", amountCents: 88_560 },
      { service: "return", basis: "volume", amountCents: 98_400 },
    ]);
    expect(quote).toMatchObject({ volumeCm3: 4_920_000, weightG: 2_050_500, unpriced: [], subtotalCents: 186_960 });
    // 10 % of ¥1,869.60 = ¥186.96; 4.92 m³ is below the volume discount.
    expect(quote.discounts).toEqual([{ code: "early", nameZh: "提前申报优惠", nameEn: "Early declaration", amountCents: 18_696 }]);
    expect(quote).toMatchObject({ discountCents: 18_696, totalCents: 168_264 });
  });

  it("has no early discount the day after its deadline", () => {
    const quote = quoteDeclaration({ prices: SHUNDA, discounts: [EARLY], exhibits, services: ["delivery"], declaredOn: "2026-12-03" });
    expect(quote).toMatchObject({ subtotalCents: 88_560, discounts: [], discountCents: 0, totalCents: 88_560 });
  });

  it("rounds a share half up", () => {
    // One delivery at the minimum ¥500.05: 10 % = 5,000.5 cents → 5,001.
    const prices: PriceRow[] = [{ ...delivery, minimumCents: 50_005 }];
    const quote = quoteDeclaration({ prices, discounts: [EARLY], exhibits: [box(1, 10, 10, 10, 1_000)], services: ["delivery"], declaredOn: "2026-11-23" });
    expect(quote).toMatchObject({ subtotalCents: 50_005, discountCents: 5_001, totalCents: 45_004 });
  });

  it("takes shares first on the whole subtotal, then fixed amounts", () => {
    // 4 × (300 × 200 × 200) = 48 m³: delivery 48 × ¥180 = ¥8,640.
    const big = [box(4, 300, 200, 200, 5_000_000)];
    const quote = quoteDeclaration({ prices: SHUNDA, discounts: [VOLUME, EARLY], exhibits: big, services: ["delivery"], declaredOn: "2026-11-23" });
    expect(quote.subtotalCents).toBe(864_000);
    expect(quote.discounts.map((d) => [d.code, d.amountCents])).toEqual([
      ["early", 86_400],
      ["volume20", 30_000],
    ]);
    expect(quote).toMatchObject({ discountCents: 116_400, totalCents: 747_600 });
  });

  it("never discounts more than the subtotal", () => {
    // Storage at its ¥200 minimum; 10 % = ¥20, then ¥300 off capped at the ¥180 left.
    const generous: DiscountRule = { ...VOLUME, minVolumeCm3: 1 };
    const quote = quoteDeclaration({
      prices: SHUNDA,
      discounts: [generous, EARLY],
      exhibits: [box(1, 10, 10, 10, 1_000)],
      services: ["storage"],
      declaredOn: "2026-11-23",
    });
    expect(quote.discounts.map((d) => [d.code, d.amountCents])).toEqual([
      ["early", 2_000],
      ["volume20", 18_000],
    ]);
    expect(quote).toMatchObject({ subtotalCents: 20_000, discountCents: 20_000, totalCents: 0 });
  });

  it("costs nothing without exhibits, discounts included", () => {
    const quote = quoteDeclaration({
      prices: SHUNDA,
      discounts: [EARLY, { ...VOLUME, minVolumeCm3: 0 }],
      exhibits: [],
      services: ["delivery", "return"],
      declaredOn: "2026-11-23",
    });
    expect(quote).toMatchObject({ volumeCm3: 0, weightG: 0, lines: [], subtotalCents: 0, discounts: [], discountCents: 0, totalCents: 0 });
  });

  it("names the services the carrier does not price and charges only the others", () => {
    const quote = quoteDeclaration({ prices: SHUNDA, discounts: [], exhibits, services: ["crane", "delivery", "forklift"], declaredOn: "2026-12-03" });
    expect(quote.unpriced).toEqual(["forklift", "crane"]);
    expect(quote.lines.map((l) => l.service)).toEqual(["delivery"]);
    expect(quote.totalCents).toBe(88_560);
  });
});

describe("hoisting and forklift fees by weight class", () => {
  const classes: LiftingFeeClass[] = [
    { kind: "forklift", maxWeightKg: 3_000, feeCents: 40_000 },
    { kind: "forklift", maxWeightKg: 1_000, feeCents: 20_000 },
    { kind: "forklift", maxWeightKg: 5_000, feeCents: 70_000 },
    { kind: "crane", maxWeightKg: 5_000, feeCents: 120_000 },
  ];

  it("takes the lightest class that holds one piece, times the pieces", () => {
    expect(liftingFee(classes, "forklift", 1_000, 3)).toEqual({ classMaxKg: 1_000, feeCents: 60_000 });
    expect(liftingFee(classes, "forklift", 1_001, 1)).toEqual({ classMaxKg: 3_000, feeCents: 40_000 });
    expect(liftingFee(classes, "forklift", 1, 2)).toEqual({ classMaxKg: 1_000, feeCents: 40_000 });
    expect(liftingFee(classes, "crane", 1_001, 2)).toEqual({ classMaxKg: 5_000, feeCents: 240_000 });
  });

  it("has no fee for a piece heavier than every class of its kind", () => {
    expect(liftingFee(classes, "forklift", 5_001, 1)).toBeNull();
    expect(
      liftingFee(
        classes.filter((c) => c.kind === "forklift"),
        "crane",
        10,
        1,
      ),
    ).toBeNull();
  });
});

describe("measurements typed as decimals, kept as integers", () => {
  it("turns a decimal into units of its smallest part", () => {
    expect(decimalToUnits("12.5", 3)).toBe(12_500);
    expect(decimalToUnits("0.001", 3)).toBe(1);
    expect(decimalToUnits("1,234.5", 3)).toBe(1_234_500);
    expect(decimalToUnits(" 3 ", 0)).toBe(3);
    expect(decimalToUnits("3.25", 2)).toBe(325);
    expect(decimalToUnits("0", 3)).toBe(0);
  });

  it("refuses text, signs, exponents and extra decimals", () => {
    for (const [text, decimals] of [
      ["12.5", 0],
      ["1.2345", 3],
      ["-1", 3],
      ["+1", 3],
      ["abc", 3],
      ["1e3", 3],
      ["", 3],
      [".5", 3],
      ["1.", 3],
      ["1234567890", 0],
    ] as const) {
      expect(decimalToUnits(text, decimals), `${text} with ${decimals}`).toBeNull();
    }
  });

  it("reads units back as the shortest decimal", () => {
    expect(unitsToDecimal(12_500, 3)).toBe("12.5");
    expect(unitsToDecimal(12_000, 3)).toBe("12");
    expect(unitsToDecimal(5, 3)).toBe("0.005");
    expect(unitsToDecimal(0, 3)).toBe("0");
    expect(unitsToDecimal(7, 0)).toBe("7");
    expect(unitsToDecimal(325, 2)).toBe("3.25");
  });

  it("checks a required positive measure with its limit", () => {
    const length = positiveMeasure("transport.fields.length", 0, 2_000);
    const message = (value: unknown) => {
      const result = length.safeParse(value);
      return result.success ? result.data : result.error.issues[0]!.message;
    };
    expect(message("2000")).toBe(2_000);
    expect(message(" 180 ")).toBe(180);
    expect(message(180)).toBe(180);
    // A 40 m piece is 4,000 cm.
    expect(message("4000")).toBe("validation.atMost|transport.fields.length|2000");
    expect(message("0")).toBe("validation.positive|transport.fields.length");
    expect(message("-5")).toBe("validation.correct|transport.fields.length");
    expect(message("12.5")).toBe("validation.correct|transport.fields.length");
    expect(message("长")).toBe("validation.correct|transport.fields.length");
    expect(message("")).toBe("validation.required|transport.fields.length");
    expect(message(undefined)).toBe("validation.required|transport.fields.length");
  });

  it("gives an exhibit row grams and centimetres, and refuses the issue's bad input", () => {
    const row = { nameZh: "数控机床", quantity: "1", packages: "2", grossWeight: "850.5", length: "120", width: "80", height: "100" };
    expect(exhibitRowSchema.parse(row)).toEqual({
      nameZh: "数控机床",
      nameEn: undefined,
      quantity: 1,
      packages: 2,
      grossWeight: 850_500,
      length: 120,
      width: 80,
      height: 100,
    });
    const firstError = (change: Record<string, string>) => {
      const result = exhibitRowSchema.safeParse({ ...row, ...change });
      return result.success ? null : result.error.issues[0]!.message;
    };
    expect(firstError({ grossWeight: "-1" })).toBe("validation.correct|transport.fields.grossWeight");
    expect(firstError({ grossWeight: "0" })).toBe("validation.positive|transport.fields.grossWeight");
    expect(firstError({ grossWeight: "0.0001" })).toBe("validation.correct|transport.fields.grossWeight");
    expect(firstError({ length: "4000" })).toBe("validation.atMost|transport.fields.length|2000");
    expect(firstError({ quantity: "十" })).toBe("validation.correct|transport.fields.quantity");
    expect(firstError({ packages: "0" })).toBe("validation.positive|transport.fields.packages");
  });

  it("gives a lifted piece kilograms and centimetres, and refuses a 40 m piece", () => {
    const booking = {
      boothId: "1",
      carrierId: "1",
      kind: "crane",
      weight: "2.5",
      length: "3.25",
      width: "2",
      height: "1.8",
      pieces: "2",
      workDay: "2026-12-05",
      slot: "08:00-10:00",
    };
    expect(liftingSchema.parse(booking)).toMatchObject({ weight: 2_500, length: 325, width: 200, height: 180, pieces: 2 });
    const result = liftingSchema.safeParse({ ...booking, length: "40" });
    expect(result.success ? null : result.error.issues[0]!.message).toBe("validation.atMost|transport.fields.lengthM|20");
  });
});
