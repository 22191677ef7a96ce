import { describe, expect, it } from "vitest";
import { policyProblems } from "../../server/booth-construction/insurance";

/**
 * The insurance rule at its edges: the policy covers build-up through dismantling, both ends
 * included, and insures at least the exhibition's minimum (amounts in cents).
 */
const settings = { buildUpFrom: "2026-12-01", dismantleTo: "2026-12-08", insuranceMinCents: 500_000_000 };
const good = { insuredCents: 500_000_000, validFrom: "2026-12-01", validTo: "2026-12-08" };

describe("policyProblems", () => {
  it("accepts a policy exactly from the first build-up day to the last dismantling day, at exactly the minimum", () => {
    expect(policyProblems(good, settings)).toEqual([]);
  });

  it("accepts a longer policy and a larger amount", () => {
    expect(policyProblems({ insuredCents: 900_000_000, validFrom: "2026-11-01", validTo: "2027-01-31" }, settings)).toEqual([]);
  });

  it("refuses one cent less than the minimum, at insuredAmount, naming the minimum in yuan", () => {
    expect(policyProblems({ ...good, insuredCents: 499_999_999 }, settings)).toEqual([
      { field: "insuredAmount", messageKey: "boothConstruction.errors.insuredBelowMinimum", values: { min: "5,000,000.00" } },
    ]);
  });

  it("refuses a policy ending one day before dismantling ends, at validTo", () => {
    expect(policyProblems({ ...good, validTo: "2026-12-07" }, settings)).toEqual([
      { field: "validTo", messageKey: "boothConstruction.errors.policyDoesNotCover", values: { from: "2026-12-01", to: "2026-12-08" } },
    ]);
  });

  it("refuses a policy starting one day after build-up starts, at validFrom", () => {
    expect(policyProblems({ ...good, validFrom: "2026-12-02" }, settings)).toEqual([
      { field: "validFrom", messageKey: "boothConstruction.errors.policyDoesNotCover", values: { from: "2026-12-01", to: "2026-12-08" } },
    ]);
  });

  it("names every problem at once, across a month end", () => {
    const problems = policyProblems(
      { insuredCents: 1, validFrom: "2026-12-01", validTo: "2026-12-31" },
      { buildUpFrom: "2026-11-30", dismantleTo: "2027-01-01", insuranceMinCents: 100 },
    );
    expect(problems.map((p) => p.field)).toEqual(["insuredAmount", "validFrom", "validTo"]);
    expect(problems[0]!.values).toEqual({ min: "1.00" });
  });

  it("has no minimum when the exhibition sets none", () => {
    expect(policyProblems({ ...good, insuredCents: 1 }, { ...settings, insuranceMinCents: 0 })).toEqual([]);
  });
});
