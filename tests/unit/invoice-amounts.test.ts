import { describe, expect, it } from "vitest";
import { applicationAmount, openCents, type InvoiceableItem } from "../../app/contracts/invoices/amounts";

const ITEMS: InvoiceableItem[] = [
  { key: "order:1", paidCents: 123456, invoicedCents: 0 },
  { key: "badge:7", paidCents: 8000, invoicedCents: 8000 },
  { key: "bill:3", paidCents: 1000001, invoicedCents: 1 },
];

describe("open amounts in cents", () => {
  it("is paid minus invoiced, never negative", () => {
    expect(ITEMS.map(openCents)).toEqual([123456, 0, 1000000]);
    expect(openCents({ key: "x", paidCents: 100, invoicedCents: 150 })).toBe(0);
  });

  it("sums the picked items exactly, up to what is open", () => {
    expect(
      applicationAmount(
        [
          { key: "order:1", cents: 123456 },
          { key: "bill:3", cents: 1000000 },
        ],
        ITEMS,
      ),
    ).toEqual({ ok: true, totalCents: 1123456 });
    expect(applicationAmount([{ key: "order:1", cents: 1 }], ITEMS)).toEqual({ ok: true, totalCents: 1 });
  });

  it("refuses one cent over, an invoiced item, fractions, zero and negatives, unknown and repeated items", () => {
    expect(applicationAmount([{ key: "order:1", cents: 123457 }], ITEMS)).toEqual({ ok: false, problem: { key: "order:1", reason: "overOpen" } });
    expect(applicationAmount([{ key: "badge:7", cents: 1 }], ITEMS)).toEqual({ ok: false, problem: { key: "badge:7", reason: "overOpen" } });
    for (const cents of [0.5, 0, -100, Number.NaN, 2 ** 60]) {
      expect(applicationAmount([{ key: "order:1", cents }], ITEMS), String(cents)).toEqual({ ok: false, problem: { key: "order:1", reason: "notCents" } });
    }
    expect(applicationAmount([{ key: "order:2", cents: 1 }], ITEMS)).toEqual({ ok: false, problem: { key: "order:2", reason: "unknown" } });
    expect(
      applicationAmount(
        [
          { key: "order:1", cents: 1 },
          { key: "order:1", cents: 1 },
        ],
        ITEMS,
      ),
    ).toEqual({ ok: false, problem: { key: "order:1", reason: "twice" } });
  });
});
