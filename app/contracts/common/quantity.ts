import * as z from "zod";
import { withProp } from "./validation";

/**
 * A measurement typed as a decimal ("12.5" kg, "3.25" m) kept as an integer of its smallest unit
 * (grams, centimetres), so no float reaches a weight, a size or an amount. `decimals` is how many
 * the field takes (3: kg → g; 2: m → cm; 0: whole numbers); `max` is in the unit typed.
 */
export function decimalToUnits(value: string, decimals: number): number | null {
  const text = value.replace(/[,\s，]/g, "");
  const pattern = decimals ? new RegExp(`^\\d{1,9}(\\.\\d{1,${decimals}})?$`) : /^\d{1,9}$/;
  if (!pattern.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, "0") || 0);
}

/** Units back to the decimal a person reads: 12500 g with 3 decimals → "12.5". */
export function unitsToDecimal(units: number, decimals: number): string {
  if (!decimals) return String(units);
  const scale = 10 ** decimals;
  const whole = Math.floor(units / scale);
  const fraction = String(units % scale)
    .padStart(decimals, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/**
 * A required positive measurement of at most `max` (in the unit typed) with at most `decimals`
 * decimals, as an integer of the smallest unit. Text, a negative or too many decimals: 'Please
 * enter the correct {prop}'; zero: '{prop} must be greater than 0'; too large: '{prop} can be at most {max}'.
 */
export function positiveMeasure(prop: string, decimals: number, max: number) {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : v),
    z
      .string({ message: withProp("validation.required", prop) })
      .min(1, withProp("validation.required", prop))
      .transform((v, ctx) => {
        const units = decimalToUnits(v, decimals);
        if (units === null) {
          ctx.addIssue({ code: "custom", message: withProp("validation.correct", prop) });
          return z.NEVER;
        }
        if (units <= 0) {
          ctx.addIssue({ code: "custom", message: withProp("validation.positive", prop) });
          return z.NEVER;
        }
        if (units > max * 10 ** decimals) {
          ctx.addIssue({ code: "custom", message: withProp("validation.atMost", prop, max) });
          return z.NEVER;
        }
        return units;
      }),
  );
}
