import * as z from "zod";
import { withProp } from "./validation";

/** docs/product.md § Money and prices: money is kept in cents (CNY); people type yuan with up to two decimals. */
export function yuanToCents(value: string): number | null {
  const text = value.replace(/[,\s，]/g, "");
  if (!/^\d{1,11}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/**
 * An amount typed in yuan ("1,000,000.50"), as cents: required, positive, whole cents, at most
 * `maxCents`. A negative, a fraction of a cent or text is 'Please enter the correct {prop}'.
 */
export function yuanAmount(prop: string, maxCents: number) {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : v),
    z
      .string({ message: withProp("validation.required", prop) })
      .min(1, withProp("validation.required", prop))
      .max(20, withProp("validation.tooLong", prop, 20))
      .transform((v, ctx) => {
        const cents = yuanToCents(v);
        if (cents === null || cents <= 0 || cents > maxCents) {
          ctx.addIssue({ code: "custom", message: withProp("validation.correct", prop) });
          return z.NEVER;
        }
        return cents;
      }),
  );
}
