import { describe, expect, it } from "vitest";
import * as z from "zod";
import { yuanAmount, yuanToCents } from "../../app/contracts/common/money";

describe("amounts typed in yuan", () => {
  it("become whole cents, with separators forgiven", () => {
    expect(yuanToCents("1,000.50")).toBe(100050);
    expect(yuanToCents("1000")).toBe(100000);
    expect(yuanToCents("0.01")).toBe(1);
    expect(yuanToCents(" 12 000.5 ")).toBe(1200050);
    expect(yuanToCents("12，000")).toBe(1200000);
  });

  it("refuse a negative, a fraction of a cent, zero, text and too much, with the field's message", () => {
    const schema = z.object({ amount: yuanAmount("invoices.fields.amount", 100_000_00) });
    for (const amount of ["-1", "-0.01", "1.005", "0", "0.00", "abc", "1e3", "100000.01", ""]) {
      const result = schema.safeParse({ amount });
      expect(result.success, amount).toBe(false);
      expect(result.error?.issues[0]?.message, amount).toBe(
        amount === "" ? "validation.required|invoices.fields.amount" : "validation.correct|invoices.fields.amount",
      );
    }
    expect(schema.parse({ amount: "100000.00" }).amount).toBe(100_000_00);
  });
});
