import { describe, expect, it } from "vitest";
import { lineCents, orderWindowOpen, priceInForce, totalCents } from "../../server/orders/pricing";
import { DEMO_SERVICES } from "../../server/seed/service-catalogue";
import { exhibitionDate } from "../../app/contracts/common/exhibition-time";

/** An exhibition with advance prices through 2026-11-28, on-site from the opening day 2026-12-08 (UTC+8). */
const dates = { advanceUntil: "2026-11-28", opensOn: "2026-12-08" };
const box = { advanceCents: 80_000, standardCents: 96_000, onsiteCents: 120_000 };
/** A moment given in exhibition time. */
const at = (local: string) => new Date(`${local}+08:00`);

describe("priceInForce at each boundary (exhibition time, UTC+8)", () => {
  it.each([
    ["the day before the advance deadline", "2026-11-27T12:00:00", "advance"],
    ["the advance deadline day, first second", "2026-11-28T00:00:00", "advance"],
    ["the advance deadline day, last second", "2026-11-28T23:59:59", "advance"],
    ["the advance deadline day, last millisecond", "2026-11-28T23:59:59.999", "advance"],
    ["the day after the advance deadline, first second", "2026-11-29T00:00:00", "standard"],
    ["the day before opening, last second", "2026-12-07T23:59:59", "standard"],
    ["the opening day, first second", "2026-12-08T00:00:00", "onsite"],
    ["the day after opening", "2026-12-09T10:00:00", "onsite"],
    ["after the exhibition", "2026-12-20T10:00:00", "onsite"],
  ] as const)("%s (%s) → %s", (_name, local, kind) => {
    const price = priceInForce(box, dates, at(local));
    expect(price.kind).toBe(kind);
    expect(price.cents).toBe({ advance: 80_000, standard: 96_000, onsite: 120_000 }[kind]);
  });

  it("says until when each price runs, in exhibition time", () => {
    expect(priceInForce(box, dates, at("2026-11-20T09:00:00")).until).toBe("2026-11-28T23:59:59+08:00");
    expect(priceInForce(box, dates, at("2026-11-29T09:00:00")).until).toBe("2026-12-07T23:59:59+08:00");
    expect(priceInForce(box, dates, at("2026-12-08T09:00:00")).until).toBeUndefined();
    expect(Date.parse("2026-11-28T23:59:59+08:00")).toBe(Date.parse("2026-11-28T15:59:59Z"));
  });

  it("counts days in China whatever the UTC date is", () => {
    // 2026-11-28 20:00 UTC is already 2026-11-29 04:00 in China: standard.
    expect(priceInForce(box, dates, new Date("2026-11-28T20:00:00Z")).kind).toBe("standard");
    // 2026-12-07 16:00 UTC is 2026-12-08 00:00 in China: on-site.
    expect(priceInForce(box, dates, new Date("2026-12-07T16:00:00Z")).kind).toBe("onsite");
    expect(priceInForce(box, dates, new Date("2026-12-07T15:59:59Z")).kind).toBe("standard");
    expect(exhibitionDate(new Date("2026-11-28T15:59:59.999Z"))).toBe("2026-11-28");
    expect(exhibitionDate(new Date("2026-11-28T16:00:00Z"))).toBe("2026-11-29");
  });

  it("has no advance period when the advance day is the day before opening or there is none", () => {
    expect(priceInForce(box, { advanceUntil: "0000-01-01", opensOn: "2026-12-08" }, at("2026-01-01T00:00:00")).kind).toBe("standard");
    expect(priceInForce(box, { advanceUntil: "2026-12-07", opensOn: "2026-12-08" }, at("2026-12-07T23:00:00")).kind).toBe("advance");
  });

  it("seeds three rising prices per service", () => {
    expect(DEMO_SERVICES.length).toBeGreaterThanOrEqual(20);
    for (const s of DEMO_SERVICES) {
      for (const cents of s.cents) expect(Number.isInteger(cents)).toBe(true);
      expect(s.cents[0]).toBeLessThan(s.cents[1]);
      expect(s.cents[1]).toBeLessThan(s.cents[2]);
    }
    expect(DEMO_SERVICES.find((s) => s.code === "elec-3kw-220v")?.cents).toEqual([80_000, 96_000, 120_000]);
  });
});

describe("totals in cents", () => {
  it("multiplies and adds integers only, so no cent is lost", () => {
    // 0.1 + 0.2 style sums stay exact in cents: 10 × ¥0.10 + 20 × ¥0.20 = ¥5.00.
    expect(
      totalCents([
        { unitCents: 10, quantity: 10 },
        { unitCents: 20, quantity: 20 },
      ]),
    ).toBe(500);
    expect(
      totalCents([
        { unitCents: 3_000, quantity: 3 },
        { unitCents: 80_000, quantity: 1 },
        { unitCents: 1_999, quantity: 7 },
      ]),
    ).toBe(9_000 + 80_000 + 13_993);
    expect(totalCents([])).toBe(0);
    expect(lineCents(333, 3)).toBe(999);
    // Floating yuan would give 0.30000000000000004; cents do not.
    expect(
      totalCents([
        { unitCents: 10, quantity: 1 },
        { unitCents: 20, quantity: 1 },
      ]),
    ).toBe(30);
  });

  it("refuses fractions and negatives instead of rounding them", () => {
    expect(() => lineCents(10.5, 1)).toThrow(RangeError);
    expect(() => lineCents(10, -1)).toThrow(RangeError);
    expect(() => lineCents(-1, 1)).toThrow(RangeError);
  });
});

describe("order window", () => {
  const now = new Date("2026-12-01T12:00:00+08:00");
  it("is open without dates, closed when withdrawn, before it opens and from when it closes", () => {
    expect(orderWindowOpen({ active: true, orderOpensAt: null, orderClosesAt: null }, now)).toBe(true);
    expect(orderWindowOpen({ active: false, orderOpensAt: null, orderClosesAt: null }, now)).toBe(false);
    expect(orderWindowOpen({ active: true, orderOpensAt: new Date("2026-12-02T00:00:00+08:00"), orderClosesAt: null }, now)).toBe(false);
    expect(orderWindowOpen({ active: true, orderOpensAt: now, orderClosesAt: null }, now)).toBe(true);
    expect(orderWindowOpen({ active: true, orderOpensAt: null, orderClosesAt: now }, now)).toBe(false);
    expect(orderWindowOpen({ active: true, orderOpensAt: null, orderClosesAt: new Date(now.getTime() + 1) }, now)).toBe(true);
  });
});
