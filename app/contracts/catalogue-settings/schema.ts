import * as z from "zod";
import "../common/zod-messages";
import { yuanToCents } from "../common/money";
import { blank, idValue, listPaging, optionalText, requiredEmail, requiredText, withProp, checkbox, sortOrder } from "../common/validation";
import { fromExhibitionDateTimeInput } from "../common/exhibition-time";
import { SERVICE_CATEGORIES } from "../orders/values";
import {
  AGENT_INTRO_MAX,
  AGENT_PHONE_MAX,
  AGENT_REGIONS_MAX,
  CATALOGUE_CODE,
  CATALOGUE_CODE_MAX,
  CATALOGUE_NAME_MAX,
  CATALOGUE_SORT_MAX,
  SERVICE_PRICE_MAX_CENTS,
  SERVICE_UNIT_MAX,
} from "./values";
import "./texts";

/**
 * The organizer's service catalogue and overseas agents (issue 52): the pages' Conform schemas, the
 * API's input and what the CLI checks its options with (--name-zh for nameZh), so a rule is written once.
 * Field names are the same on input and output: the web app sends what was typed, as typed.
 */
const F = (name: string) => `catalogueSettings.fields.${name}`;

const sort = sortOrder(F("sort"), CATALOGUE_SORT_MAX);

const code = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z
    .string({ message: withProp("validation.required", F("code")) })
    .min(1, withProp("validation.required", F("code")))
    .max(CATALOGUE_CODE_MAX, withProp("validation.tooLong", F("code"), CATALOGUE_CODE_MAX))
    .regex(CATALOGUE_CODE, "catalogueSettings.errors.code"),
);

/** A price typed in yuan (up to two decimals), kept in cents; 0 is a free service. A minus sign has its own message. */
function yuanPrice(name: string) {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : v),
    z
      .string({ message: withProp("validation.required", F(name)) })
      .min(1, withProp("validation.required", F(name)))
      .max(20, withProp("validation.tooLong", F(name), 20))
      .transform((v, ctx) => {
        if (/^-\s*\d/.test(v)) {
          ctx.addIssue({ code: "custom", message: "catalogueSettings.errors.negativePrice" });
          return z.NEVER;
        }
        const cents = yuanToCents(v);
        if (cents === null || cents > SERVICE_PRICE_MAX_CENTS) {
          ctx.addIssue({ code: "custom", message: withProp("validation.correct", F(name)) });
          return z.NEVER;
        }
        return cents;
      }),
  );
}

/** A moment typed as a `datetime-local` (exhibition time, UTC+8), or nothing: no limit on that side. */
function optionalMoment(name: string) {
  return z.preprocess(
    (v) => blank(typeof v === "string" ? v.trim() : v),
    z
      .string()
      .transform((v, ctx) => {
        const moment = fromExhibitionDateTimeInput(v);
        if (!moment) {
          ctx.addIssue({ code: "custom", message: withProp("validation.correct", F(name)) });
          return z.NEVER;
        }
        return moment;
      })
      .optional(),
  );
}

const optionalId = (name: string) => z.preprocess(blank, idValue(F(name)).optional());

export const serviceSaveSchema = z
  .object({
    id: optionalId("service"),
    code,
    category: z.preprocess(blank, z.enum(SERVICE_CATEGORIES, { message: withProp("validation.correct", F("category")) })),
    nameZh: requiredText(F("nameZh"), CATALOGUE_NAME_MAX),
    nameEn: requiredText(F("nameEn"), CATALOGUE_NAME_MAX),
    unitZh: requiredText(F("unitZh"), SERVICE_UNIT_MAX),
    unitEn: requiredText(F("unitEn"), SERVICE_UNIT_MAX),
    advancePrice: yuanPrice("advancePrice"),
    standardPrice: yuanPrice("standardPrice"),
    onsitePrice: yuanPrice("onsitePrice"),
    orderOpensAt: optionalMoment("orderOpensAt"),
    orderClosesAt: optionalMoment("orderClosesAt"),
    active: checkbox,
    sort,
  })
  .superRefine((v, ctx) => {
    // A window that closes before (or when) it opens would take no order at all.
    if (v.orderOpensAt && v.orderClosesAt && v.orderClosesAt.getTime() <= v.orderOpensAt.getTime())
      ctx.addIssue({ code: "custom", path: ["orderClosesAt"], message: "catalogueSettings.errors.windowOrder" });
  });
export type ServiceSaveInput = z.output<typeof serviceSaveSchema>;

export const agentSaveSchema = z.object({
  id: optionalId("agent"),
  code,
  nameZh: requiredText(F("nameZh"), CATALOGUE_NAME_MAX),
  nameEn: requiredText(F("nameEn"), CATALOGUE_NAME_MAX),
  regionsZh: requiredText(F("regionsZh"), AGENT_REGIONS_MAX),
  regionsEn: requiredText(F("regionsEn"), AGENT_REGIONS_MAX),
  introZh: optionalText(F("introZh"), AGENT_INTRO_MAX),
  introEn: optionalText(F("introEn"), AGENT_INTRO_MAX),
  contactEmail: requiredEmail(F("contactEmail")),
  contactPhone: optionalText(F("contactPhone"), AGENT_PHONE_MAX),
  active: checkbox,
  sort,
});
export type AgentSaveInput = z.output<typeof agentSaveSchema>;

export const catalogueIdSchema = z.object({ id: idValue(F("id")) });
export const catalogueListQuery = z.object({ page: listPaging.page });
