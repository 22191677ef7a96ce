import { describe, expect, it } from "vitest";
import { HS_CODE } from "../../app/contracts/vehicles/plates";
import { taiwanLineFields, taiwanLineSchema, taiwanReviewSchema } from "../../app/contracts/vehicles/schema";
import { lineValueCents, totalsByCurrency } from "../../app/contracts/vehicles/taiwan/values";

/** The Taiwan exhibits filing (issue 18): line values and totals per currency, the HS code and the line's numbers as the schema reads them. */
const line = (extra: Record<string, string> = {}) => ({
  filingId: "1",
  version: "0",
  nameZh: "数控车床",
  nameEn: "CNC lathe",
  hsCode: "8458110090",
  quantity: "3",
  unit: "台",
  unitValue: "1,250.50",
  currency: "USD",
  disposition: "sold",
  packages: "1",
  grossWeight: "1200.5",
  ...extra,
});
const issuesOf = (extra: Record<string, string>) => {
  const result = taiwanLineSchema.safeParse(line(extra));
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("Taiwan filing values", () => {
  it("prices a line as quantity × unit value in cents", () => {
    expect(lineValueCents({ quantity: 3, unitValueCents: 125_050 })).toBe(375_150);
    expect(lineValueCents({ quantity: 1, unitValueCents: 1 })).toBe(1);
    // Near 2^53, where a float product of two large factors starts to round: every cent is kept.
    expect(lineValueCents({ quantity: 999_999, unitValueCents: 9_007_199_254 })).toBe(9_007_190_246_800_746);
  });

  it("totals per currency, in the fixed currency order, never converted", () => {
    expect(totalsByCurrency([])).toEqual([]);
    expect(
      totalsByCurrency([
        { quantity: 2, unitValueCents: 100_000, currency: "USD" },
        { quantity: 20, unitValueCents: 1_200_000, currency: "TWD" },
        { quantity: 1, unitValueCents: 50, currency: "USD" },
        { quantity: 10, unitValueCents: 3_000, currency: "CNY" },
      ]),
    ).toEqual([
      { currency: "CNY", cents: 30_000 },
      { currency: "TWD", cents: 24_000_000 },
      { currency: "USD", cents: 200_050 },
    ]);
  });
});

describe("Taiwan filing line schema", () => {
  it("takes HS codes of 6 to 10 digits, with the dots and spaces people type", () => {
    for (const code of ["845811", "8458110090", "8458.11.00.90", "8458 11 00"]) expect(taiwanLineFields.hsCode.safeParse(code).success, code).toBe(true);
    expect(taiwanLineFields.hsCode.parse("8458.11.00.90")).toBe("8458110090");
    expect(HS_CODE.test("845811")).toBe(true);
  });

  it("refuses HS codes of letters, 5 or 11 digits with the translated key", () => {
    for (const code of ["ABCDEF", "8458A1", "84581", "84581100901", "-845811"]) {
      expect(issuesOf({ hsCode: code }), code).toEqual(["hsCode: vehicles.errors.hsCode"]);
    }
    // Empty: "required" first (the one message the API answers with).
    expect(issuesOf({ hsCode: "" })[0]).toBe("hsCode: validation.required|vehicles.fields.hsCode");
  });

  it("reads the unit value in cents and the gross weight in grams", () => {
    const parsed = taiwanLineSchema.parse(line());
    expect(parsed).toMatchObject({ unitValue: 125_050, grossWeight: 1_200_500, quantity: 3, packages: 1, filingId: 1, version: 0 });
    expect(taiwanLineSchema.parse(line({ unitValue: "0.01", grossWeight: "0.001" }))).toMatchObject({ unitValue: 1, grossWeight: 1 });
  });

  it("refuses a negative, zero or fractional-cent unit value, a zero quantity and unknown choices", () => {
    expect(issuesOf({ unitValue: "-5" })).toEqual(["unitValue: validation.correct|vehicles.fields.unitValue"]);
    expect(issuesOf({ unitValue: "0" })).toEqual(["unitValue: validation.correct|vehicles.fields.unitValue"]);
    expect(issuesOf({ unitValue: "1.005" })).toEqual(["unitValue: validation.correct|vehicles.fields.unitValue"]);
    expect(issuesOf({ quantity: "0" })).toEqual(["quantity: validation.positive|vehicles.fields.quantity"]);
    expect(issuesOf({ quantity: "1.5" })).toEqual(["quantity: validation.correct|vehicles.fields.quantity"]);
    expect(issuesOf({ currency: "EUR" })).toEqual(["currency: validation.required|vehicles.fields.currency"]);
    expect(issuesOf({ disposition: "gift" })).toEqual(["disposition: validation.required|vehicles.fields.disposition"]);
    expect(issuesOf({ grossWeight: "-1" })).toEqual(["grossWeight: validation.correct|vehicles.fields.grossWeight"]);
  });

  it("needs comments to return a filing, not to accept it", () => {
    expect(taiwanReviewSchema.safeParse({ id: "1", decision: "accept" }).success).toBe(true);
    const returned = taiwanReviewSchema.safeParse({ id: "1", decision: "return", comment: " " });
    expect(returned.success ? [] : returned.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["comment", "validation.required|vehicles.fields.comment"],
    ]);
  });
});
