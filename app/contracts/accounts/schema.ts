import * as z from "zod";
import "../common/zod-messages";
import { INTERNATIONAL_PHONE, MAINLAND_MOBILE, optionalText, requiredEmail, requiredText, withProp } from "../common/validation";
import "./texts";

/**
 * One row of the exhibitor import (issue 39), as text cells read it: every message is a text key,
 * "<key>|<label key>" for the generic ones. The exhibitor number becomes the account's user name.
 */
const F = (field: string) => `accounts.fields.${field}`;

/** Mainland mobiles (11 digits, 13x to 19x), or an international number written with its "+". */
const mobile = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z
    .string({ message: withProp("validation.required", F("mobile")) })
    .min(1, withProp("validation.required", F("mobile")))
    .refine((v) => MAINLAND_MOBILE.test(v) || (v.startsWith("+") && INTERNATIONAL_PHONE.test(v)), withProp("validation.correct", F("mobile"))),
);

/** A positive number with at most two decimals: '-3' and 'abc' are refused. */
const area = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z
    .string({ message: withProp("validation.required", F("areaM2")) })
    .min(1, withProp("validation.required", F("areaM2")))
    .regex(/^\d{1,5}(\.\d{1,2})?$/, withProp("validation.correct", F("areaM2")))
    .transform(Number)
    .refine((n) => n > 0 && n <= 20000, withProp("validation.correct", F("areaM2"))),
);

export const exhibitorRowSchema = z.object({
  exhibitorNo: requiredText(F("exhibitorNo"), 32).pipe(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, withProp("validation.correct", F("exhibitorNo")))),
  companyNameZh: requiredText(F("companyNameZh"), 100),
  companyNameEn: optionalText(F("companyNameEn"), 200),
  contactName: requiredText(F("contactName"), 50),
  mobile,
  email: requiredEmail(F("email")),
  boothNo: requiredText(F("boothNo"), 20).pipe(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, withProp("validation.correct", F("boothNo")))),
  hallCode: requiredText(F("hallCode"), 20),
  areaM2: area,
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
