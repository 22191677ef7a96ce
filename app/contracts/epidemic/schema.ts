import * as z from "zod";
import "../common/zod-messages";
import { isMainlandIdCard, normalizeIdNumber } from "../badges/id-documents";
import { idValue, listPaging, mobileForLanguage, optionalFileUrl, optionalText, requiredText, withProp, checkbox } from "../common/validation";
import { EPIDEMIC_COMMITMENT_TEXT_MAX, EPIDEMIC_COMPANY_FILTER_MAX, EPIDEMIC_NAME_MAX } from "./values";
import "./texts";

/**
 * The epidemic declaration (issue 41; docs/product.md § Validation): the commitment's required tick
 * ('please tick that you have read the rules'), a staff member's mainland ID number, 15 or 18 digits
 * with its check digit ('IDCard format is incorrect'), and the phone rule. One schema per form, for
 * the page's action, the API and the Excel import alike. Messages are text keys.
 */
const F = (name: string) => `epidemic.fields.${name}`;

/** The commitment: accepted (the required tick) by a named signer; create and update alike. */
export const commitmentSchema = z.object({
  accepted: z.preprocess((v) => v === true || v === "on" || v === "true" || v === "1", z.literal(true, { message: "validation.tickRules" })),
  signerName: requiredText(F("signerName"), EPIDEMIC_NAME_MAX),
});

/** The three typed fields of a person: the add form's and each Excel row's. */
export function staffFieldsSchema(language: "zh" | "en") {
  return z.object({
    name: requiredText(F("name"), EPIDEMIC_NAME_MAX),
    idNumber: z.preprocess(
      (v) => (typeof v === "string" ? normalizeIdNumber(v) : v),
      z
        .string({ message: withProp("validation.required", F("idNumber")) })
        .min(1, withProp("validation.required", F("idNumber")))
        .refine(isMainlandIdCard, "validation.idCard"),
    ),
    mobile: mobileForLanguage(F("mobile"), language),
  });
}

/** One person added by hand, with the optional code images (stored files of the caller's own). */
export function staffSchema(language: "zh" | "en") {
  return staffFieldsSchema(language).extend({
    healthCodeUrl: optionalFileUrl(F("healthCode")),
    travelCodeUrl: optionalFileUrl(F("travelCode")),
  });
}

/** @public the schemas as the tests and the fuzz see them (tests/support/schemas.ts). */
export const staffSchemaZh = staffSchema("zh");
/** @public as staffSchemaZh */
export const staffSchemaEn = staffSchema("en");

export const staffPageSchema = z.object({
  page: listPaging.page,
});

export const staffIdSchema = z.object({ id: idValue(F("staff")) });

/** The organizer's list and export: by company name (part of it), a page of each list at a time. */
export const reviewQuerySchema = z.object({
  company: optionalText(F("company"), EPIDEMIC_COMPANY_FILTER_MAX),
  page: listPaging.page,
  staffPage: listPaging.page,
});

/** The organizer's settings: the switch and the commitment in both languages. */
export const settingsSchema = z.object({
  on: checkbox,
  textZh: requiredText(F("textZh"), EPIDEMIC_COMMITMENT_TEXT_MAX),
  textEn: requiredText(F("textEn"), EPIDEMIC_COMMITMENT_TEXT_MAX),
});
