import * as z from "zod";
import "../common/zod-messages";
import { blank, MAINLAND_MOBILE, optionalText, requiredText, withProp } from "../common/validation";
import { BOOTH_SIZE_LIMITS } from "./values";
import "./texts";

/**
 * One row of the exhibitor import (issue 39), as text cells read it: every message is a text key,
 * "<key>|<label key>" for the generic ones. The exhibitor number becomes the account's user name.
 */
const F = (field: string) => `accounts.fields.${field}`;

/**
 * A mobile as the import stores it (decision 056), or null when it is none: a mainland mobile (11
 * digits, 13x to 19x, as before; "+86" or "0086" in front is dropped), or an international one in
 * E.164 form, "+" (or "00"), country code and 6 to 14 more digits, spaces, dots, dashes and
 * brackets removed ("+852 9123 4567" is stored "+85291234567").
 */
export function importedMobile(text: string): string | null {
  const compact = text.replace(/[\s().-]+/g, "").replace(/^00/, "+");
  if (MAINLAND_MOBILE.test(compact)) return compact;
  if (compact.startsWith("+86")) return MAINLAND_MOBILE.test(compact.slice(3)) ? compact.slice(3) : null;
  return /^\+[1-9]\d{6,14}$/.test(compact) ? compact : null;
}

const trimmedOrAbsent = (v: unknown) => blank(typeof v === "string" ? v.trim() : v);

/** Optional here: a row needs a mobile or an e-mail (the import checks that the two are not both empty). */
const mobile = z.preprocess(
  trimmedOrAbsent,
  z
    .string()
    .transform((v, ctx) => {
      const stored = importedMobile(v);
      if (stored === null) ctx.addIssue({ code: "custom", message: "accounts.import.mobileFormat" });
      return stored ?? v;
    })
    .optional(),
);

const email = z.preprocess(
  trimmedOrAbsent,
  z
    .string()
    .max(120, withProp("validation.tooLong", F("email"), 120))
    .pipe(z.email("validation.email"))
    .optional(),
);

/** A positive number with at most two decimals within [min, max], or absent: '-3' and 'abc' are refused. */
const measure = (field: string, min: number, max: number) =>
  z.preprocess(
    trimmedOrAbsent,
    z
      .string()
      .regex(/^\d{1,5}(\.\d{1,2})?$/, withProp("validation.correct", F(field)))
      .transform(Number)
      .refine((n) => n >= min && n <= max, withProp("validation.correct", F(field)))
      .optional(),
  );

/**
 * The cells one by one. What needs two cells (a company name in either language, a mobile or an
 * e-mail, the area against width × depth) is checked by the import, which also knows the booth as
 * it is saved (server/accounts/exhibitor-import.ts).
 */
export const exhibitorRowSchema = z.object({
  exhibitorNo: requiredText(F("exhibitorNo"), 32).pipe(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, withProp("validation.correct", F("exhibitorNo")))),
  companyNameZh: optionalText(F("companyNameZh"), 100),
  companyNameEn: optionalText(F("companyNameEn"), 200),
  contactName: requiredText(F("contactName"), 50),
  mobile,
  email,
  boothNo: requiredText(F("boothNo"), 20).pipe(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, withProp("validation.correct", F("boothNo")))),
  hallCode: requiredText(F("hallCode"), 20),
  widthM: measure("widthM", BOOTH_SIZE_LIMITS.minSideM, BOOTH_SIZE_LIMITS.maxSideM),
  depthM: measure("depthM", BOOTH_SIZE_LIMITS.minSideM, BOOTH_SIZE_LIMITS.maxSideM),
  areaM2: measure("areaM2", 0.01, BOOTH_SIZE_LIMITS.maxAreaM2),
  boothType: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.enum(["1", "2"], { message: withProp("validation.correct", F("boothType")) }).transform(Number),
  ),
});
export type ExhibitorRow = z.output<typeof exhibitorRowSchema>;

/** The confirmation of a previewed file. */
export const exhibitorImportConfirmSchema = z.object({
  stageId: z.string({ message: "accounts.import.stageMissing" }).regex(/^[A-Za-z0-9_-]{16,64}$/, "accounts.import.stageMissing"),
});
