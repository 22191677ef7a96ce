import * as z from "zod";
import "../../lib/zod-messages";
import { blank, idValue, MAINLAND_MOBILE, optionalText, requiredChoice, requiredText, withProp } from "../../lib/validation";

/**
 * The offline booking forms (spec: /bookingService airCompressorService, electricboxImg,
 * LeakageElectric). One schema per form, used by the page's action and by the API alike, so the
 * browser, the page and the API refuse the same input with the same messages (i18n keys).
 */

const F = (name: string) => `bookingForms.fields.${name}`;

/** Compressor flow (m³/min) and working pressure (MPa) as the venue offers them. */
export const COMPRESSOR_FLOWS = ["0.36", "0.6", "1.0", "1.5", "3.0"] as const;
export const COMPRESSOR_PRESSURES = ["0.7", "0.8", "1.0", "1.25"] as const;
export const COMPRESSOR_MAX_QUANTITY = 20;

export const APPLICATION_STATUSES = ["submitted", "processing", "completed", "cancelled"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The map and the signed commitment: images or PDF, as their upload folders allow. */
export const BOOKING_FILE_KINDS = ["jpg", "png", "pdf"] as const satisfies readonly ("jpg" | "png" | "pdf")[];
export const BOOKING_FILE_MAX_BYTES = 10 * 1024 * 1024;

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const isRealDate = (v: string) => ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

export function requiredDate(prop: string) {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ message: withProp("validation.required", prop) }).min(1, withProp("validation.required", prop)).refine(isRealDate, withProp("validation.correct", prop)),
  );
}

/** A stored file's URL as the upload field holds it (/files/<id>); ownership is the API's check. */
export function requiredFileUrl(prop: string) {
  return z.preprocess(
    (v) => (Array.isArray(v) ? v[0] : blank(v)),
    z.string({ message: withProp("validation.required", prop) }).regex(/^\/files\/[A-Za-z0-9_-]{1,64}$/, withProp("validation.correct", prop)),
  );
}

export const boothField = idValue(F("booth"));
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
      z.string({ message: withProp("validation.required", F("contactPhone")) }).min(1, withProp("validation.required", F("contactPhone"))).regex(MAINLAND_MOBILE, withProp("validation.correct", F("contactPhone"))),
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
  // Spec point 5: 'please tick that you have read the rules'.
  readRules: z.preprocess((v) => (v === "on" || v === "true" || v === true ? true : false), z.literal(true, { message: "validation.tickRules" })),
  signerName: requiredText(F("signerName"), 50),
  scanUrl: requiredFileUrl(F("scan")),
};
export const leakageSchema = z.object(leakageFields);
export const leakageUpdateSchema = z.object({ ...leakageFields, id: recordId, version: z.coerce.number().int().min(0).default(0) });
export type LeakageInput = z.output<typeof leakageSchema>;

/** What the API answers. */
export type AirCompressorApplication = {
  id: number;
  boothId: number | null;
  boothNo: string;
  source: "offline";
  status: ApplicationStatus;
  flow: string;
  pressure: string;
  quantity: number;
  startDate: string;
  endDate: string;
  contactName: string;
  contactPhone: string;
  remarks: string | null;
  createdAt: string;
  cancelledAt: string | null;
};

export type ElectricboxImage = { boothId: number; boothNo: string; fileUrl: string | null; fileName: string | null; updatedAt: string | null };

export type LeakageCommitment = {
  id: number;
  boothId: number;
  boothNo: string;
  equipmentName: string;
  powerKw: number;
  reason: string;
  signerName: string;
  scanUrl: string;
  scanName: string;
  rulesAcceptedAt: string;
  version: number;
  createdAt: string;
  updatedAt: string;
};
