import * as z from "zod";
import "../common/zod-messages";
import { yuanToCents } from "../common/money";
import { TRANSPORT_SERVICES } from "../transport/pricing";
import { blank, idValue, isRealDate, MAX_ID, requiredChoice, requiredDate, requiredText, withProp } from "../common/validation";
import {
  AREA_SCALE,
  CARRIER_EMAIL_MAX,
  CARRIER_NAME_MAX,
  CARRIER_PHONE,
  CARRIER_SORT,
  DISCOUNT_KINDS,
  dayOutOfOrder,
  LIFTING_KINDS,
  PERCENT_MAX_BP,
  PERCENT_SCALE,
  QUOTA_COUNT,
  SETTING_CODE,
  scaledDecimal,
  VOLUME_SCALE,
  WEIGHT_SCALE,
} from "./values";
import "./texts";

/**
 * The logistics settings' forms (issue 52): each the page's Conform schema and the API's input. A
 * field typed wrong ("abc", a negative price, 101 %) is refused at the field with its own message;
 * the output is in the stored units (cents, basis points, cm³, kg).
 */
export * from "./values";

const label = (field: string) => `logisticsSettings.fields.${field}`;
const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : v);
/** The largest amount a price column takes here: ten million yuan. */
const MAX_PRICE_CENTS = 1_000_000_000;

type Issue = { addIssue: (issue: { code: "custom"; message: string }) => void };
/** A typed number's refusal: a minus sign says "negative", anything else not a number "enter the correct …". */
function refuseNumber(ctx: Issue, value: string, field: string) {
  ctx.addIssue({ code: "custom", message: withProp(value.startsWith("-") ? "logisticsSettings.errors.negative" : "validation.correct", label(field)) });
  return z.NEVER;
}

/** Yuan as typed, to cents: two decimals at most, never negative; `positive`: above 0. */
function yuanText(field: string, { positive, maxCents = MAX_PRICE_CENTS }: { positive: boolean; maxCents?: number }) {
  return z
    .string({ message: withProp("validation.required", label(field)) })
    .min(1, withProp("validation.required", label(field)))
    .max(20, withProp("validation.tooLong", label(field), 20))
    .transform((v, ctx) => {
      const cents = yuanToCents(v);
      if (cents === null || cents > maxCents) return refuseNumber(ctx, v, field);
      if (positive && cents === 0) {
        ctx.addIssue({ code: "custom", message: withProp("logisticsSettings.errors.positive", label(field)) });
        return z.NEVER;
      }
      return cents;
    });
}
const requiredYuan = (field: string, options: { positive: boolean; maxCents?: number }) => z.preprocess(trimmed, yuanText(field, options));
const optionalYuan = (field: string, options: { positive: boolean }) => z.preprocess((v) => blank(trimmed(v)), yuanText(field, options).optional());

/** A decimal typed in a bigger unit (m³, t, m²) to integer small units; above 0. */
function unitsText(field: string, scale: number, maxWhole: number) {
  return z
    .string({ message: withProp("validation.required", label(field)) })
    .min(1, withProp("validation.required", label(field)))
    .max(20, withProp("validation.tooLong", label(field), 20))
    .transform((v, ctx) => {
      const units = scaledDecimal(v, scale, maxWhole);
      if (units === null) return refuseNumber(ctx, v, field);
      if (units === 0) {
        ctx.addIssue({ code: "custom", message: withProp("logisticsSettings.errors.positive", label(field)) });
        return z.NEVER;
      }
      return units;
    });
}

/** A whole count of badges (0 or more). */
const count = (field: string) =>
  z.preprocess(
    trimmed,
    z
      .string({ message: withProp("validation.required", label(field)) })
      .min(1, withProp("validation.required", label(field)))
      .transform((v, ctx) => (QUOTA_COUNT.test(v) ? Number(v) : refuseNumber(ctx, v, field))),
  );

const code = (field: string) =>
  z.preprocess(
    trimmed,
    z
      .string({ message: withProp("validation.required", label(field)) })
      .min(1, withProp("validation.required", label(field)))
      .regex(SETTING_CODE, withProp("logisticsSettings.errors.code", label(field))),
  );

/** An organizer's form that names a carrier of its exhibition (the API checks it is one). */
const carrierId = idValue(label("carrierId"));

/** A carrier, new (`carrierId` absent: the code must be free) or changed (its code stays). */
export const carrierSaveSchema = z.object({
  carrierId: z.preprocess(blank, carrierId.optional()),
  code: code("code"),
  nameZh: requiredText(label("nameZh"), CARRIER_NAME_MAX),
  nameEn: requiredText(label("nameEn"), CARRIER_NAME_MAX),
  email: z.preprocess(
    trimmed,
    z
      .string({ message: withProp("validation.required", label("email")) })
      .min(1, withProp("validation.required", label("email")))
      .max(CARRIER_EMAIL_MAX, withProp("validation.tooLong", label("email"), CARRIER_EMAIL_MAX))
      .pipe(z.email("validation.email")),
  ),
  // Optional: absent or empty is stored as "" (the column's default).
  phone: z
    .preprocess(
      (v) => blank(trimmed(v)),
      z
        .string()
        .regex(CARRIER_PHONE, withProp("validation.correct", label("phone")))
        .optional(),
    )
    .transform((v) => v ?? ""),
  /** A ticked box sends "on"; an unticked one nothing. */
  active: z.preprocess((v) => v === "on" || v === "1" || v === "true" || v === true, z.boolean()),
  sort: z.preprocess(
    (v) => blank(trimmed(v)) ?? "0",
    z.string().transform((v, ctx) => {
      if (CARRIER_SORT.test(v)) return Number(v);
      // A negative place is fine: anything else is not a whole number.
      ctx.addIssue({ code: "custom", message: withProp("validation.correct", label("sort")) });
      return z.NEVER;
    }),
  ),
});

/** A service's price of a carrier: per m³, per ton, and the minimum charge (0 when left empty). */
export const priceSaveSchema = z.object({
  carrierId,
  service: requiredChoice(label("service"), TRANSPORT_SERVICES),
  perM3: requiredYuan("perM3", { positive: false }),
  perTon: requiredYuan("perTon", { positive: false }),
  minimum: optionalYuan("minimum", { positive: false }).transform((v) => v ?? 0),
});
export const priceRemoveSchema = z.object({ carrierId, service: requiredChoice(label("service"), TRANSPORT_SERVICES) });

/**
 * A carrier's discount: early (declared on or before a day) or by volume (at least so many m³), either
 * a percent (above 0, at most 100) or an amount off; created or replaced by its code.
 */
export const discountSaveSchema = z
  .object({
    carrierId,
    code: code("discountCode"),
    kind: requiredChoice(label("kind"), DISCOUNT_KINDS),
    until: z.preprocess(
      (v) => blank(trimmed(v)),
      z
        .string()
        .refine(isRealDate, withProp("validation.correct", label("until")))
        .optional(),
    ),
    minM3: z.preprocess((v) => blank(trimmed(v)), unitsText("minM3", VOLUME_SCALE, 9).optional()),
    percent: z.preprocess(
      (v) => blank(trimmed(v)),
      z
        .string()
        .transform((v, ctx) => {
          const bp = scaledDecimal(v, PERCENT_SCALE, 3);
          if (bp === null && !v.startsWith("-")) return refuseNumber(ctx, v, "percent");
          if (bp === null || bp === 0 || bp > PERCENT_MAX_BP) {
            ctx.addIssue({ code: "custom", message: withProp("logisticsSettings.errors.percent", label("percent")) });
            return z.NEVER;
          }
          return bp;
        })
        .optional(),
    ),
    amount: optionalYuan("amount", { positive: true }),
    nameZh: requiredText(label("discountNameZh"), CARRIER_NAME_MAX),
    nameEn: requiredText(label("discountNameEn"), CARRIER_NAME_MAX),
  })
  .superRefine((value, ctx) => {
    if (value.kind === "early" && value.until === undefined)
      ctx.addIssue({ code: "custom", path: ["until"], message: withProp("validation.required", label("until")) });
    if (value.kind === "volume" && value.minM3 === undefined)
      ctx.addIssue({ code: "custom", path: ["minM3"], message: withProp("validation.required", label("minM3")) });
    if ((value.percent === undefined) === (value.amount === undefined))
      ctx.addIssue({ code: "custom", path: ["percent"], message: "logisticsSettings.errors.percentOrAmount" });
  });
export const discountRemoveSchema = z.object({ carrierId, code: code("discountCode") });

/** A lifting fee class of the exhibition: the fee per piece up to a weight, for a forklift or a crane. */
export const liftingFeeSaveSchema = z.object({
  kind: requiredChoice(label("liftingKind"), LIFTING_KINDS),
  maxTons: z.preprocess(trimmed, unitsText("maxTons", WEIGHT_SCALE, 6)),
  fee: requiredYuan("fee", { positive: true }),
});
export const liftingFeeRemoveSchema = z.object({
  kind: requiredChoice(label("liftingKind"), LIFTING_KINDS),
  maxTons: z.preprocess(trimmed, unitsText("maxTons", WEIGHT_SCALE, 6)),
});

/** The badge quota: free badges up to an area and per further step, paid ones up to a maximum at a price. */
export const badgeQuotaSchema = z.object({
  freeBase: count("freeBase"),
  baseAreaM2: z.preprocess(trimmed, unitsText("baseAreaM2", AREA_SCALE, 8)).transform((v) => v / 10 ** AREA_SCALE),
  stepAreaM2: z.preprocess(trimmed, unitsText("stepAreaM2", AREA_SCALE, 8)).transform((v) => v / 10 ** AREA_SCALE),
  freePerStep: count("freePerStep"),
  paidMax: count("paidMax"),
  paidPrice: requiredYuan("paidPrice", { positive: false, maxCents: MAX_ID }),
});

/** The construction calendar (the days must run in order) and the insurance minimum. */
/** The largest insurance minimum the organizer may set, in cents (the page and the CLI). */
export const INSURANCE_MIN_MAX_CENTS = 100_000_000_000;

export const constructionSettingsSchema = z
  .object({
    buildUpFrom: requiredDate(label("buildUpFrom")),
    buildUpTo: requiredDate(label("buildUpTo")),
    dismantleFrom: requiredDate(label("dismantleFrom")),
    dismantleTo: requiredDate(label("dismantleTo")),
    insuranceMin: requiredYuan("insuranceMin", { positive: false, maxCents: INSURANCE_MIN_MAX_CENTS }),
  })
  .superRefine((value, ctx) => {
    const late = dayOutOfOrder(value);
    if (late) ctx.addIssue({ code: "custom", path: [late], message: `logisticsSettings.errors.dayOrder.${late}` });
  });

export type CarrierSaveInput = z.infer<typeof carrierSaveSchema>;
export type DiscountSaveInput = z.infer<typeof discountSaveSchema>;
export type BadgeQuotaInput = z.infer<typeof badgeQuotaSchema>;
export type ConstructionSettingsInput = z.infer<typeof constructionSettingsSchema>;
