import * as z from "zod";
import "../common/zod-messages";
import {
  blank,
  idValue,
  listPaging,
  mobileForLanguage,
  MAX_ID,
  optionalText,
  requiredChoice,
  requiredEmail,
  requiredText,
  withProp,
} from "../common/validation";
import { ID_TYPES, isValidIdNumber, normalizeIdNumber } from "./id-documents";
import { BADGE_NAME_MAX } from "./values";
import "./texts";

/**
 * Exhibitor badges (spec /exhibitorInfo/exhibitorCertificateApply; API /smeb/pass/ticket/*). One
 * schema for the badge form, used by the page's action and by the API alike; the Excel import checks
 * each row with it too. Messages are i18n keys.
 */
const F = (name: string) => `badges.fields.${name}`;

/** The page sizes and limits, zod-free for the browser (values.ts); the server's code imports them from here too. */
export * from "./values";

const badgeFields = (language: "zh" | "en") => ({
  boothId: z.preprocess(blank, idValue(F("booth")).optional()),
  holderName: requiredText(F("holderName"), BADGE_NAME_MAX),
  idType: requiredChoice(F("idType"), ID_TYPES),
  idNumber: z.preprocess(
    (v) => (typeof v === "string" ? normalizeIdNumber(v) : v),
    z
      .string({ message: withProp("validation.required", F("idNumber")) })
      .min(1, withProp("validation.required", F("idNumber")))
      .max(30, withProp("validation.tooLong", F("idNumber"), 30)),
  ),
  mobile: mobileForLanguage(F("mobile"), language),
  email: requiredEmail(F("email")),
  company: requiredText(F("company"), 100),
  position: optionalText(F("position"), 50),
  /** A stored photo (/files/<id>) of the caller's own, from the 'badge-photo' folder. */
  photoUrl: z.preprocess(
    blank,
    z
      .string()
      .max(200, withProp("validation.tooLong", F("photo"), 200))
      .optional(),
  ),
});

/** The ID number is checked against its type: 'IDCard format is incorrect' for a mainland ID (docs/product.md § Service orders). */
function checkIdNumber(value: { idType: (typeof ID_TYPES)[number]; idNumber?: string }, ctx: z.RefinementCtx) {
  if (value.idNumber === undefined || isValidIdNumber(value.idType, value.idNumber)) return;
  ctx.addIssue({
    code: "custom",
    path: ["idNumber"],
    message: value.idType === "idCard" ? "validation.idCard" : withProp("validation.correct", F("idNumber")),
  });
}

export function badgeSchema(language: "zh" | "en") {
  return z.object(badgeFields(language)).superRefine(checkIdNumber);
}

/**
 * A change: the ID number, mobile and e-mail are shown masked (docs/product.md § Masked personal data), so a blank one keeps
 * the stored value and only a newly typed one replaces it; the old value is never sent back.
 */
export function badgeUpdateSchema(language: "zh" | "en") {
  const fields = badgeFields(language);
  return z
    .object({
      ...fields,
      idNumber: z.preprocess(blank, fields.idNumber.optional()),
      mobile: z.preprocess(blank, fields.mobile.optional()),
      email: z.preprocess(blank, fields.email.optional()),
      id: idValue(F("record")),
      version: z.coerce.number().int().min(0).max(MAX_ID),
    })
    .superRefine(checkIdNumber);
}

/**
 * The schemas as the tests and the fuzz see them (either language gives the same messages).
 * @public tests/support/schemas.ts finds every exported schema of the contracts.
 */
export const badgeSchemaZh = badgeSchema("zh");
/** @public as badgeSchemaZh */
export const badgeSchemaEn = badgeSchema("en");

export type BadgeInput = z.output<ReturnType<typeof badgeSchema>>;
export type BadgeUpdateInput = z.output<ReturnType<typeof badgeUpdateSchema>>;

export const badgeListQuerySchema = z.object({
  keyword: optionalText(F("keyword"), 50),
  ...listPaging,
});
export type BadgeListQuery = z.output<typeof badgeListQuerySchema>;

export const badgeIdSchema = z.object({ id: idValue(F("record")) });

/** Several ticked badges: `ids` as a list or "1,2,3". */
export const badgeIdsSchema = z.object({
  ids: z.preprocess(
    (v) => (typeof v === "string" ? v.split(",").filter(Boolean) : v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(idValue(F("record")))
      .min(1, "badges.errors.noneTicked")
      .max(200, withProp("validation.tooMany", F("record"))),
  ),
});

/** validateMobile / validateEmail as the user types: the value, and the badge being edited (not a duplicate of itself). */
export const validateMobileSchema = z.object({
  mobile: z
    .string()
    .trim()
    .min(1, withProp("validation.required", F("mobile")))
    .max(20, withProp("validation.tooLong", F("mobile"), 20)),
  excludeId: z.preprocess(blank, idValue(F("record")).optional()),
});
export const validateEmailSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, withProp("validation.required", F("email")))
    .max(120, withProp("validation.tooLong", F("email"), 120)),
  excludeId: z.preprocess(blank, idValue(F("record")).optional()),
});
