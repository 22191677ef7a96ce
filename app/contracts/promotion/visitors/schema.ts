import * as z from "zod";
import "../../common/zod-messages";
import { blank, idValue, listPaging, optionalList, optionalText, requiredEmail, requiredText, VERIFICATION_CODE, withProp } from "../../common/validation";
import {
  CHART_DAYS_DEFAULT,
  CHART_DAYS_MAX,
  RANKING_PERIODS,
  VISIT_CODE_MAX,
  VISITOR_COMPANY_MAX,
  VISITOR_INTERESTS_MAX,
  VISITOR_NAME_MAX,
  VISITOR_POSITION_MAX,
} from "./values";
import "../texts";

const F = (name: string) => `promotion.visitors.fields.${name}`;

/** The code of the link, as typed: anything up to VISIT_CODE_MAX characters; unknown or absent is no one's. */
const visitCode = z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase().slice(0, VISIT_CODE_MAX) : undefined), z.string().optional());

/** The invitation the link names (`?inv=`), when it does; a bad value is ignored, not an error. */
const invitationRef = z.preprocess((v) => {
  const n = typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : undefined;
}, z.number().optional());

/** Mainland mobiles (11 digits, 13x to 19x) or an international number with its + and country code; spaces and dashes dropped. */
const VISITOR_MOBILE = /^(?:1[3-9]\d{9}|\+\d{7,15})$/;
const mobile = z.preprocess(
  (v) => (typeof v === "string" ? v.replace(/[\s-]+/g, "") : v),
  z
    .string({ message: withProp("validation.required", F("mobile")) })
    .min(1, withProp("validation.required", F("mobile")))
    .regex(VISITOR_MOBILE, withProp("validation.correct", F("mobile"))),
);

/** The captcha asked for after repeated requests from one address (the text kind: it works without script). */
const captcha = {
  captchaId: optionalText(F("captcha"), 100),
  vCode: optionalText(F("captcha"), 20),
};

/** GET /visit/info: the page of a link. */
export const visitQuerySchema = z.object({ code: visitCode, invitation: invitationRef });

/** POST /visit/sendCode: an SMS code for the mobile typed. */
export const visitorCodeSchema = z.object({ code: visitCode, mobile, ...captcha });

const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true" || v === "1", z.boolean());

/** POST /visit/register: the visitor as typed; the province is required for China (checked with the country list on the server). */
export const visitorRegisterSchema = z.object({
  code: visitCode,
  invitation: invitationRef,
  name: requiredText(F("name"), VISITOR_NAME_MAX),
  company: requiredText(F("company"), VISITOR_COMPANY_MAX),
  position: optionalText(F("position"), VISITOR_POSITION_MAX),
  mobile,
  smsCode: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ message: "promotion.visitors.errors.codeRequired" })
      .min(1, "promotion.visitors.errors.codeRequired")
      .regex(VERIFICATION_CODE, "promotion.visitors.errors.codeWrong"),
  ),
  email: requiredEmail(F("email")),
  countryId: z.preprocess(blank, idValue(F("country")).optional()).refine((v) => v !== undefined, withProp("validation.required", F("country"))),
  provinceCode: z.preprocess(
    blank,
    z
      .string()
      .regex(/^\d{6}$/, "promotion.visitors.errors.choiceInvalid")
      .optional(),
  ),
  interests: optionalList(F("interests"), idValue(F("interests")), VISITOR_INTERESTS_MAX),
  consent: checkbox,
  /** Separate consent (PIPL) that exhibitors who scan the pass receive the contact details; unticked by default. */
  leadConsent: checkbox,
  ...captcha,
});
export type VisitorRegisterInput = z.output<typeof visitorRegisterSchema>;

const period = z.preprocess(blank, z.enum(RANKING_PERIODS, { message: withProp("validation.correct", F("period")) }).default("all"));

/** A ranking's period. */
export const rankingQuerySchema = z.object({ period });

/** The organizer's ranking export: which ranking and its period. */
export const rankingExportSchema = z.object({
  kind: z.preprocess(blank, z.enum(["invite", "browse"], { message: withProp("validation.correct", F("ranking")) })),
  period,
});

const keyword = optionalText(F("keyword"), 100);

/** The exhibitor's audience: a keyword over name, company, position, mobile, e-mail and visitor number; paged. */
export const audienceQuerySchema = z.object({ keyword, ...listPaging });
export const audienceExportSchema = z.object({ keyword });

/** The daily chart: the last `days` exhibition days, today included. */
export const audienceChartSchema = z.object({
  days: z.preprocess(
    blank,
    z.coerce
      .number({ message: withProp("validation.correct", F("days")) })
      .int(withProp("validation.correct", F("days")))
      .min(1, withProp("validation.correct", F("days")))
      .max(CHART_DAYS_MAX, withProp("validation.correct", F("days")))
      .default(CHART_DAYS_DEFAULT),
  ),
});

/** The organizer's list of every visitor: keyword, inviter (an exhibitor's user id, or "none" for visitors invited by no one), consent. */
const visitorFilters = {
  keyword,
  inviter: z.preprocess(blank, z.union([z.literal("none"), idValue(F("ranking"))]).optional()),
  consent: z.preprocess((v) => (v === "1" || v === "true" ? true : v === "0" || v === "false" ? false : undefined), z.boolean().optional()),
};
export const visitorListSchema = z.object({ ...visitorFilters, ...listPaging });
export const visitorExportSchema = z.object(visitorFilters);

/** The organizer's setting for the exhibition. */
export const visitorSettingsSchema = z.object({ contactsShared: checkbox });
