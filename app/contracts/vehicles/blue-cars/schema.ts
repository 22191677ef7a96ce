import * as z from "zod";
import "../../common/zod-messages";
import {
  blank,
  idValue,
  optionalText,
  optionalVersion,
  pageNumber,
  requiredChoice,
  requiredDate,
  requiredFileUrl,
  requiredText,
  withProp,
} from "../../common/validation";
import { BLUE_CAR_LIMITS, BLUE_CAR_STATUSES, SHENZHEN_PLATE_PREFIX } from "./values";
import { cleanPlate, PLATE } from "../plates";
import { SIGNED_CODE_MAX_LENGTH } from "../../common/signed-code";
import "../texts";
import "./texts";

/**
 * Blue-plate cars (issue 41, spec /HT/blueCarGuide): one schema per form, for the pages' actions and
 * the API alike. Messages are i18n keys.
 */
const F = (name: string) => `vehicles.blueCars.fields.${name}`;
const E = (name: string) => `vehicles.blueCars.errors.${name}`;

const recordId = idValue(F("record"));
const version = optionalVersion(F("record"));
const optionalDate = (prop: string) => z.preprocess(blank, requiredDate(prop).optional());

/**
 * The plate: 7 or 8 characters starting with a province's Chinese character (plates.ts), and not a
 * Shenzhen plate. One message, the most telling: the leading character, then the length, then the rest.
 */
const plate = z.preprocess(
  (v) => (typeof v === "string" ? blank(cleanPlate(v)) : v),
  z.string({ message: withProp("validation.required", F("plate")) }).superRefine((value, ctx) => {
    const length = [...value].length;
    const message = !/^\p{Script=Han}/u.test(value)
      ? E("plateStart")
      : length < 7 || length > 8
        ? E("plateLength")
        : !PLATE.test(value)
          ? withProp("validation.correct", F("plate"))
          : value.startsWith(SHENZHEN_PLATE_PREFIX)
            ? E("shenzhenPlate")
            : null;
    if (message) ctx.addIssue({ code: "custom", message });
  }),
);

const carFields = {
  ownerName: requiredText(F("ownerName"), BLUE_CAR_LIMITS.ownerName),
  plate,
  licenseFrontUrl: requiredFileUrl(F("licenseFront")),
  licenseBackUrl: requiredFileUrl(F("licenseBack")),
  licenseSecondUrl: requiredFileUrl(F("licenseSecond")),
  licenseFourPagesUrl: requiredFileUrl(F("licenseFourPages")),
  vehiclePhotoUrl: requiredFileUrl(F("vehiclePhoto")),
  neededFrom: requiredDate(F("neededFrom")),
  neededTo: requiredDate(F("neededTo")),
};
const neededInOrder = (value: { neededFrom: string; neededTo: string }, ctx: z.RefinementCtx) => {
  if (value.neededTo < value.neededFrom) ctx.addIssue({ code: "custom", path: ["neededTo"], message: E("daysOrder") });
};

/** A car registered for the days it needs to reach the venue; its plate is its registration. */
export const blueCarSchema = z.object(carFields).superRefine(neededInOrder);
export type BlueCarInput = z.output<typeof blueCarSchema>;
/** A change of the other details while not approved; the plate sent must be the registered one. */
export const blueCarUpdateSchema = z.object({ ...carFields, id: recordId, version }).superRefine(neededInOrder);
export type BlueCarUpdateInput = z.output<typeof blueCarUpdateSchema>;
export const blueCarIdSchema = z.object({ id: recordId, version });
export const blueCarPassQuerySchema = z.object({ id: recordId });

/** The organizer approves (pass number and validity) or returns with a comment. */
export const blueCarDecisionSchema = z
  .object({
    id: recordId,
    version,
    decision: requiredChoice(F("decision"), ["approve", "return"] as const),
    passNo: optionalText(F("passNo"), BLUE_CAR_LIMITS.passNo),
    validFrom: optionalDate(F("validFrom")),
    validTo: optionalDate(F("validTo")),
    comment: optionalText(F("comment"), BLUE_CAR_LIMITS.comment),
  })
  .superRefine((value, ctx) => {
    const required = (field: "passNo" | "validFrom" | "validTo" | "comment") =>
      ctx.addIssue({ code: "custom", path: [field], message: withProp("validation.required", F(field)) });
    if (value.decision === "approve") {
      if (!value.passNo) required("passNo");
      if (!value.validFrom) required("validFrom");
      if (!value.validTo) required("validTo");
      if (value.validFrom && value.validTo && value.validTo < value.validFrom) ctx.addIssue({ code: "custom", path: ["validTo"], message: E("daysOrder") });
    }
    if (value.decision === "return" && !value.comment) required("comment");
  });
export type BlueCarDecisionInput = z.output<typeof blueCarDecisionSchema>;

/** The organizer's list: a status and a page. */
export const blueCarReviewQuerySchema = z.object({
  status: z.preprocess(blank, z.enum(BLUE_CAR_STATUSES, { message: withProp("validation.correct", F("status")) }).optional()),
  page: pageNumber(F("page")),
});

const isWebAddress = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".") && !/\s/.test(value);
  } catch {
    return false;
  }
};

/** The English traffic page (http or https; empty: none) and the guide in both languages. */
export const blueCarSettingsSchema = z.object({
  trafficPageUrlEn: z.preprocess(
    (v) => blank(typeof v === "string" ? v.trim() : v),
    z
      .string()
      .max(BLUE_CAR_LIMITS.url, withProp("validation.tooLong", F("trafficPageUrlEn"), BLUE_CAR_LIMITS.url))
      .refine(isWebAddress, withProp("validation.correct", F("trafficPageUrlEn")))
      .optional(),
  ),
  guideZh: optionalText(F("guideZh"), BLUE_CAR_LIMITS.guide),
  guideEn: optionalText(F("guideEn"), BLUE_CAR_LIMITS.guide),
});
export type BlueCarSettingsInput = z.output<typeof blueCarSettingsSchema>;

/** The organizer's check of a pass code read at the gate. */
export const blueCarPassCodeSchema = z.object({
  code: z
    .string({ message: E("passInvalid") })
    .min(1, E("passInvalid"))
    .max(SIGNED_CODE_MAX_LENGTH, E("passInvalid")),
});
