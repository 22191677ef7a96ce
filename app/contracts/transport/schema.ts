import * as z from "zod";
import "../common/zod-messages";
import { yuanAmount } from "../common/money";
import { positiveMeasure } from "../common/quantity";
import {
  blank,
  idValue,
  lineIndex,
  optionalFileUrl,
  optionalText,
  optionalVersion,
  pageNumber,
  phoneNumber,
  requiredChoice,
  requiredDate,
  requiredFileUrl,
  requiredList,
  requiredText,
  wholeNumber,
  withProp,
} from "../common/validation";
import { TRANSPORT_SERVICES } from "./pricing";
import { DECLARATION_STATUSES, EXHIBIT_LIMITS, LIFTING_KINDS, LIFTING_LIMITS, LIFTING_SLOTS, MESSAGE_MAX, ORDER_STEPS } from "./values";
import "./texts";

/**
 * Exhibit transport (spec /exhibitTL carriage, review, carriageOrder, exhibitsCostReservation; API
 * /smeb/shipment/* for exhibitors, /shipment/* for carriers): one schema per form, for the pages'
 * actions and the API alike. Sizes come in the units people type (kg, cm, t, m) and
 * leave as integers of the smallest unit (g, cm, kg, cm). Messages are i18n keys.
 */
const F = (name: string) => `transport.fields.${name}`;

/** The lists and limits, zod-free for the browser (values.ts); the server's code imports them from here too. */
export * from "./values";

const version = optionalVersion(F("record"));

/** The declaration's header (carriage): carrier, booth, services, arrival window, contact, bill of lading. */
const declarationFields = {
  boothId: idValue(F("booth")),
  carrierId: idValue(F("carrier")),
  services: requiredList(F("services"), z.enum(TRANSPORT_SERVICES, { message: withProp("validation.correct", F("services")) }), 1, TRANSPORT_SERVICES.length),
  arrivalFrom: requiredDate(F("arrivalFrom")),
  arrivalTo: requiredDate(F("arrivalTo")),
  contactName: requiredText(F("contactName"), 50),
  contactPhone: phoneNumber(F("contactPhone"), true),
  billUrl: optionalFileUrl(F("bill")),
};
function arrivalInOrder(value: { arrivalFrom: string; arrivalTo: string }, ctx: z.RefinementCtx) {
  if (value.arrivalTo < value.arrivalFrom) ctx.addIssue({ code: "custom", path: ["arrivalTo"], message: "transport.errors.arrivalOrder" });
}
export const declarationSchema = z.object(declarationFields).superRefine(arrivalInOrder);
export type DeclarationInput = z.output<typeof declarationSchema>;
/** A change of a draft or returned declaration at the version read. */
export const declarationUpdateSchema = z.object({ ...declarationFields, id: idValue(F("record")), version }).superRefine(arrivalInOrder);

/** One exhibit line, as typed or as a row of the carrier's Excel template. */
const exhibitFields = {
  nameZh: requiredText(F("nameZh"), 100),
  nameEn: optionalText(F("nameEn"), 200),
  quantity: wholeNumber(F("quantity"), EXHIBIT_LIMITS.quantity),
  packages: wholeNumber(F("packages"), EXHIBIT_LIMITS.packages),
  grossWeight: positiveMeasure(F("grossWeight"), 3, EXHIBIT_LIMITS.grossWeightKg),
  length: positiveMeasure(F("length"), 0, EXHIBIT_LIMITS.lengthCm),
  width: positiveMeasure(F("width"), 0, EXHIBIT_LIMITS.widthCm),
  height: positiveMeasure(F("height"), 0, EXHIBIT_LIMITS.heightCm),
};
export const exhibitRowSchema = z.object(exhibitFields);
export type ExhibitInput = z.output<typeof exhibitRowSchema>;
/** Adds one line to a draft or returned declaration: grossWeight in grams, sizes in cm. */
export const exhibitAddSchema = z.object({ ...exhibitFields, declarationId: idValue(F("record")), version });
export const exhibitDeleteSchema = z.object({
  declarationId: idValue(F("record")),
  sort: lineIndex(F("record")),
  version,
});
/** Appends every row of the uploaded template to the declaration, or none. */
export const exhibitImportSchema = z.object({ declarationId: idValue(F("record")), version, fileUrl: requiredFileUrl(F("excel")) });

export const recordIdSchema = z.object({ id: idValue(F("record")), version });

/** A message in the declaration's contact log, from either side. */
export const messageSchema = z.object({ declarationId: idValue(F("record")), body: requiredText(F("message"), MESSAGE_MAX) });

/** The carrier accepts (an adjusted amount, else the computed one, and a note) or returns with a reason. */
export const reviewDecisionSchema = z
  .object({
    id: idValue(F("record")),
    version,
    decision: requiredChoice(F("decision"), ["accept", "return"] as const),
    amount: z.preprocess(blank, yuanAmount(F("acceptedAmount"), 10_000_000_000).optional()),
    note: optionalText(F("acceptNote"), 300),
    reason: optionalText(F("returnReason"), 300),
  })
  .superRefine((value, ctx) => {
    if (value.decision === "return" && !value.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: withProp("validation.required", F("returnReason")) });
  });

/** The carrier moves its order to the next step (named, so a double submit cannot skip one). */
export const orderStepSchema = z.object({ id: idValue(F("record")), version, step: requiredChoice(F("step"), ORDER_STEPS) });
export const orderPaidSchema = z.object({ id: idValue(F("record")), version });

/** The carrier's lists: a status (review) and a page. */
export const carrierListQuerySchema = z.object({
  status: z.preprocess(blank, z.enum(DECLARATION_STATUSES, { message: withProp("validation.correct", F("status")) }).optional()),
  page: pageNumber(F("page")),
});
/** The carrier's orders list: a page only. */
export const carrierPageQuerySchema = carrierListQuerySchema.pick({ page: true });

/** A hoisting or forklift booking: weight per piece in t (→ kg), sizes in m (→ cm). */
export const liftingSchema = z.object({
  boothId: idValue(F("booth")),
  carrierId: idValue(F("carrier")),
  kind: requiredChoice(F("liftingKind"), LIFTING_KINDS),
  weight: positiveMeasure(F("weightT"), 3, LIFTING_LIMITS.weightT),
  length: positiveMeasure(F("lengthM"), 2, LIFTING_LIMITS.lengthM),
  width: positiveMeasure(F("widthM"), 2, LIFTING_LIMITS.widthM),
  height: positiveMeasure(F("heightM"), 2, LIFTING_LIMITS.heightM),
  pieces: wholeNumber(F("pieces"), LIFTING_LIMITS.pieces),
  workDay: requiredDate(F("workDay")),
  slot: requiredChoice(F("slot"), LIFTING_SLOTS),
});
export type LiftingInput = z.output<typeof liftingSchema>;
export const liftingIdSchema = z.object({ id: idValue(F("record")) });
