import * as z from "zod";
import "../common/zod-messages";
import {
  blank,
  idValue,
  MAINLAND_MOBILE,
  MAX_ID,
  optionalText,
  requiredChoice,
  requiredDate,
  requiredFileUrl,
  requiredText,
  withProp,
} from "../common/validation";
import { COMPRESSOR_FLOWS, COMPRESSOR_MAX_QUANTITY, COMPRESSOR_PRESSURES } from "./values";
import "./texts";

/**
 * The offline booking forms (spec: /bookingService airCompressorService, electricboxImg,
 * LeakageElectric). One schema per form, used by the page's action and by the API alike, so the
 * page and the API refuse the same input with the same messages (i18n keys).
 */

const F = (name: string) => `bookingForms.fields.${name}`;

/** The choices, limits and answers' shapes, zod-free for the browser (values.ts); the server's code imports them from here too. */
export * from "./values";

const boothField = idValue(F("booth"));
const recordId = idValue(F("record"));

export const airCompressorSchema = z
  .object({
    boothId: boothField,
    flow: requiredChoice(F("flow"), COMPRESSOR_FLOWS),
    pressure: requiredChoice(F("pressure"), COMPRESSOR_PRESSURES),
    quantity: z.preprocess(
      blank,
      z.coerce
        .number({ message: withProp("validation.required", F("quantity")) })
        .int(withProp("validation.correct", F("quantity")))
        .min(1, withProp("validation.correct", F("quantity")))
        .max(COMPRESSOR_MAX_QUANTITY, withProp("validation.correct", F("quantity"))),
    ),
    startDate: requiredDate(F("startDate")),
    endDate: requiredDate(F("endDate")),
    contactName: requiredText(F("contactName"), 50),
    contactPhone: z.preprocess(
      (v) => (typeof v === "string" ? v.replace(/[\s-]/g, "") : v),
      z
        .string({ message: withProp("validation.required", F("contactPhone")) })
        .min(1, withProp("validation.required", F("contactPhone")))
        .regex(MAINLAND_MOBILE, withProp("validation.correct", F("contactPhone"))),
    ),
    remarks: optionalText(F("remarks"), 500),
  })
  .superRefine((value, ctx) => {
    if (value.endDate < value.startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: "bookingForms.errors.endBeforeStart" });
  });
export type AirCompressorInput = z.output<typeof airCompressorSchema>;

export const recordIdSchema = z.object({ id: recordId });

export const electricboxSchema = z.object({ boothId: boothField, fileUrl: requiredFileUrl(F("locationMap")) });
export const boothIdSchema = z.object({ boothId: boothField });
export const optionalBoothQuery = z.object({ boothId: z.preprocess(blank, boothField.optional()) });

/** Power in kW, up to two decimals. */
const powerKw = z.preprocess(
  (v) => (typeof v === "string" ? blank(v.trim()) : v),
  z.coerce
    .number({ message: withProp("validation.required", F("powerKw")) })
    .positive(withProp("validation.correct", F("powerKw")))
    .max(10_000, withProp("validation.correct", F("powerKw")))
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, withProp("validation.correct", F("powerKw"))),
);

const leakageFields = {
  boothId: boothField,
  equipmentName: requiredText(F("equipmentName"), 100),
  powerKw,
  reason: requiredText(F("reason"), 500),
  // docs/product.md § Service orders: 'please tick that you have read the rules'.
  readRules: z.preprocess((v) => !!(v === "on" || v === "true" || v === true), z.literal(true, { message: "validation.tickRules" })),
  signerName: requiredText(F("signerName"), 50),
  scanUrl: requiredFileUrl(F("scan")),
};
export const leakageSchema = z.object(leakageFields);
export const leakageUpdateSchema = z.object({ ...leakageFields, id: recordId, version: z.coerce.number().int().min(0).max(MAX_ID).default(0) });
export type LeakageInput = z.output<typeof leakageSchema>;
