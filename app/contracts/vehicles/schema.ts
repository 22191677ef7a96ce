import * as z from "zod";
import "../common/zod-messages";
import { yuanAmount } from "../common/money";
import { positiveMeasure } from "../common/quantity";
import {
  blank,
  idValue,
  lineIndex,
  optionalText,
  optionalVersion,
  pageNumber,
  phoneNumber,
  requiredChoice,
  requiredDate,
  requiredEmail,
  requiredFileUrl,
  requiredText,
  wholeNumber,
  withProp,
} from "../common/validation";
import { cleanPlate, HS_CODE, PLATE, TRAILER_PLATE } from "./plates";
import { CURRENCIES } from "./taiwan/values";
import { SIGNED_CODE_MAX_LENGTH } from "../common/signed-code";
import { EXPRESS_LIMITS, EXPRESS_STATUSES, INCOTERMS, TRUCK_KINDS, TAIWAN_DISPOSITIONS } from "./values";
import "./texts";
import "./trucks/texts";

/**
 * Vehicles and special shipments (spec /exhibitTL truckInformationSubmit, twExhibitsDeclaration,
 * smallExhibitsExpress, overseasExhibitTrans; issue 18): one schema per form, for the pages' actions
 * and the API alike. Messages are i18n keys.
 */
const F = (name: string) => `vehicles.fields.${name}`;

/** The lists and limits, zod-free for the browser (values.ts); the server's code imports them from here too. */
export * from "./values";

const version = optionalVersion(F("record"));
const recordId = idValue(F("record"));
const plate = (prop: string, pattern: RegExp, required: boolean) => {
  const text = z.string().refine((v) => pattern.test(v), withProp("validation.correct", prop));
  return z.preprocess(
    (v) => (typeof v === "string" ? blank(cleanPlate(v)) : v),
    required ? z.string({ message: withProp("validation.required", prop) }).pipe(text) : text.optional(),
  );
};

// ---------- yellow-plate trucks ----------

const truckFields = {
  boothId: idValue(F("booth")),
  plate: plate(F("plate"), PLATE, true),
  trailerPlate: plate(F("trailerPlate"), TRAILER_PLATE, false),
  kind: requiredChoice(F("truckKind"), TRUCK_KINDS),
  driverName: requiredText(F("driverName"), 30),
  driverPhone: phoneNumber(F("driverPhone")),
  plannedOn: requiredDate(F("plannedOn")),
  licenseUrl: requiredFileUrl(F("license")),
};
/** A truck registered for build-up or dismantling; its plate is its registration. */
export const truckSchema = z.object(truckFields);
export type TruckInput = z.output<typeof truckSchema>;
/** A change of the other details while not approved; the plate sent must be the registered one. */
export const truckUpdateSchema = z.object({ ...truckFields, id: recordId, version });
export const recordIdSchema = z.object({ id: recordId, version });

/** The organizer approves (with the gate the truck enters by) or returns with a reason. */
export const truckDecisionSchema = z
  .object({
    id: recordId,
    version,
    decision: requiredChoice(F("decision"), ["approve", "return"] as const),
    gate: optionalText(F("gate"), 20),
    reason: optionalText(F("reason"), 300),
  })
  .superRefine((value, ctx) => {
    if (value.decision === "approve" && !value.gate) ctx.addIssue({ code: "custom", path: ["gate"], message: withProp("validation.required", F("gate")) });
    if (value.decision === "return" && !value.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: withProp("validation.required", F("reason")) });
  });

/** The organizer's lists: a status, a day, a page. */
export const reviewQuerySchema = z.object({
  status: z.preprocess(
    blank,
    z.enum(["draft", "submitted", "approved", "accepted", "returned"], { message: withProp("validation.correct", F("status")) }).optional(),
  ),
  day: z.preprocess(blank, requiredDate(F("day")).optional()),
  page: pageNumber(F("page")),
});
export const exportDaySchema = z.object({ day: requiredDate(F("day")) });
/** A truck's vehicle pass (the PDF). */
export const truckPassQuerySchema = recordIdSchema.pick({ id: true });
/** The organizer's check of a pass code read at the gate. */
export const truckPassCodeSchema = z.object({
  code: z
    .string({ message: "vehicles.trucks.errors.passInvalid" })
    .min(1, "vehicles.trucks.errors.passInvalid")
    .max(SIGNED_CODE_MAX_LENGTH, "vehicles.trucks.errors.passInvalid"),
});

// ---------- Taiwan exhibits filing ----------

/** The exhibitor's filing of one booth (none: the first booth's). */
export const taiwanFindQuerySchema = z.object({ boothId: z.preprocess(blank, idValue(F("booth")).optional()) });

export const taiwanHeaderSchema = z.object({
  boothId: idValue(F("booth")),
  importerName: requiredText(F("importerName"), 100),
  importerContact: requiredText(F("importerContact"), 30),
  importerPhone: phoneNumber(F("importerPhone"), true),
  id: z.preprocess(blank, recordId.optional()),
  version,
});
export type TaiwanHeaderInput = z.output<typeof taiwanHeaderSchema>;

export const taiwanLineFields = {
  nameZh: requiredText(F("nameZh"), 100),
  nameEn: requiredText(F("nameEn"), 200),
  hsCode: z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/[\s.]/g, "") : v),
    z
      .string({ message: withProp("validation.required", F("hsCode")) })
      .min(1, withProp("validation.required", F("hsCode")))
      .regex(HS_CODE, "vehicles.errors.hsCode"),
  ),
  // Limits that keep a line (≤ 10¹³ cents) and a filing of TAIWAN_LINES_MAX lines exact in a JavaScript number.
  quantity: wholeNumber(F("quantity"), 9_999),
  unit: requiredText(F("unit"), 10),
  unitValue: yuanAmount(F("unitValue"), 1_000_000_000),
  currency: requiredChoice(F("currency"), CURRENCIES),
  disposition: requiredChoice(F("disposition"), TAIWAN_DISPOSITIONS),
  packages: wholeNumber(F("packages"), 9_999),
  grossWeight: positiveMeasure(F("grossWeight"), 3, 100_000),
};
export const taiwanLineSchema = z.object({ ...taiwanLineFields, filingId: recordId, version });
export type TaiwanLineInput = z.output<typeof taiwanLineSchema>;
export const taiwanLineDeleteSchema = z.object({
  filingId: recordId,
  sort: lineIndex(F("record")),
  version,
});

/** The customs agent (organizer) accepts or returns with comments. */
export const taiwanReviewSchema = z
  .object({ id: recordId, version, decision: requiredChoice(F("decision"), ["accept", "return"] as const), comment: optionalText(F("comment"), 500) })
  .superRefine((value, ctx) => {
    if (value.decision === "return" && !value.comment)
      ctx.addIssue({ code: "custom", path: ["comment"], message: withProp("validation.required", F("comment")) });
  });

// ---------- small-exhibit express ----------

export const expressSchema = z.object({
  boothId: idValue(F("booth")),
  carrierId: idValue(F("carrier")),
  senderName: requiredText(F("senderName"), 50),
  senderPhone: phoneNumber(F("senderPhone"), true),
  senderAddress: requiredText(F("senderAddress"), 200),
  recipientName: requiredText(F("recipientName"), 30),
  recipientPhone: phoneNumber(F("recipientPhone")),
  itemName: requiredText(F("itemName"), 100),
  pieces: wholeNumber(F("pieces"), EXPRESS_LIMITS.pieces),
  grossWeight: positiveMeasure(F("grossWeight"), 3, EXPRESS_LIMITS.grossWeightKg),
  length: positiveMeasure(F("length"), 0, EXPRESS_LIMITS.sideCm),
  width: positiveMeasure(F("width"), 0, EXPRESS_LIMITS.sideCm),
  height: positiveMeasure(F("height"), 0, EXPRESS_LIMITS.sideCm),
  expectedOn: requiredDate(F("expectedOn")),
  trackingNo: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,40}$/, withProp("validation.correct", F("trackingNo")))
      .optional(),
  ),
});
export type ExpressInput = z.output<typeof expressSchema>;
/** The carrier moves a booking one step: received at the warehouse, then delivered to the booth. */
export const expressStepSchema = z.object({ id: recordId, version, status: requiredChoice(F("status"), ["received", "delivered"] as const) });
/** The exhibitor's history: a status and an expected-arrival range. */
export const expressQuerySchema = z.object({
  status: z.preprocess(blank, z.enum(EXPRESS_STATUSES, { message: withProp("validation.correct", F("status")) }).optional()),
  from: z.preprocess(blank, requiredDate(F("from")).optional()),
  to: z.preprocess(blank, requiredDate(F("to")).optional()),
  page: pageNumber(F("page")),
});

// ---------- overseas exhibit transport ----------

export const overseasRequestSchema = z.object({
  agentId: idValue(F("agent")),
  originCountryId: idValue(F("originCountry")),
  port: requiredText(F("port"), 100),
  cargoDescription: requiredText(F("cargoDescription"), 500),
  volume: positiveMeasure(F("volumeM3"), 3, 10_000),
  incoterms: requiredChoice(F("incoterms"), INCOTERMS),
  contactName: requiredText(F("contactName"), 50),
  contactPhone: phoneNumber(F("contactPhone"), true),
  contactEmail: requiredEmail(F("contactEmail")),
});
export type OverseasRequestInput = z.output<typeof overseasRequestSchema>;
