import * as z from "zod";
import "./zod-messages";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "./paging";

/**
 * The generic messages (docs/product.md § Validation) carry the field's name: a message is "<key>|<field label key>"
 * (e.g. "validation.required|exhibitor.fields.companyNameZh"), and a limit's message its limit too
 * ("validation.tooLong|exhibitor.fields.companyNameZh|100"); `translateMessage` and the forms'
 * `useErrorText` put the translated label in as {prop} and the limit as {max}.
 */
export function withProp(key: string, propKey: string, max?: number) {
  return max === undefined ? `${key}|${propKey}` : `${key}|${propKey}|${max}`;
}

/** docs/product.md § Service orders: mainland mobile numbers, 11 digits, 13x to 19x. */
export const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
/** Overseas mobiles: optional +, country code and number, 6 to 20 digits with spaces or dashes. */
export const INTERNATIONAL_PHONE = /^\+?[0-9][0-9 -]{4,18}[0-9]$/;
/** Company telephone: digits with the usual separators and an optional extension. */
export const COMPANY_PHONE = /^\+?[0-9()][0-9 ()-]{4,24}[0-9](?:\s*(?:ext\.?|转|-)\s*\d{1,6})?$/;
/** A verification code: 6 digits (spec issue: 6 digits, 10 minutes, 5 tries). */
export const VERIFICATION_CODE = /^\d{6}$/;

/** Empty strings from unfilled form fields count as absent. */
export const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** Text that is required: '{prop} is required'; too long: '{prop} can be at most {max} characters'. */
export function requiredText(prop: string, max: number) {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n").trim() : v),
    z
      .string({ message: withProp("validation.required", prop) })
      .min(1, withProp("validation.required", prop))
      .max(max, withProp("validation.tooLong", prop, max)),
  );
}

/** Optional text; "" becomes undefined. */
export function optionalText(prop: string, max: number) {
  return z.preprocess(
    (v) => blank(typeof v === "string" ? v.replace(/\r\n?/g, "\n").trim() : v),
    z
      .string()
      .max(max, withProp("validation.tooLong", prop, max))
      .optional(),
  );
}

/** E-mail: required and well formed ('Email format is incorrect'). */
export function requiredEmail(prop: string) {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ message: withProp("validation.required", prop) })
      .min(1, withProp("validation.required", prop))
      .max(120, withProp("validation.tooLong", prop, 120))
      .pipe(z.email("validation.email")),
  );
}

/** One choice among `values` (a select or radio); missing: '{prop} is required'. */
export function requiredChoice<const T extends readonly [string, ...string[]]>(prop: string, values: T) {
  return z.preprocess(blank, z.enum(values, { message: withProp("validation.required", prop) }));
}

/** Several ticked values (checkboxes), each a positive id or a known value; at least `min`. */
export function requiredList<T extends z.ZodType>(prop: string, item: T, min: number, max: number) {
  return z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v.filter((x) => x !== "") : [v]),
    z
      .array(item, { message: withProp("validation.required", prop) })
      .min(min, withProp("validation.required", prop))
      .max(max, withProp("validation.tooMany", prop)),
  );
}

export function optionalList<T extends z.ZodType>(prop: string, item: T, max: number) {
  return requiredList(prop, item, 0, max);
}

/**
 * The largest id, version or count the database's integer columns hold (2^31 - 1). Every integer
 * the API takes is bounded by it at the schema, so a larger one is a 400 at its field rather than
 * an out-of-range error from the database (issue 50 item 8).
 */
export const MAX_ID = 2_147_483_647;

/** The version of a record the form was loaded with (0 or more; absent for a new record). */
export function optionalVersion(prop: string) {
  return z.preprocess(
    blank,
    z.coerce
      .number({ message: withProp("validation.correct", prop) })
      .int(withProp("validation.correct", prop))
      .min(0, withProp("validation.correct", prop))
      .max(MAX_ID, withProp("validation.correct", prop))
      .optional(),
  );
}

/** A positive integer id sent as a form string: 1 to MAX_ID. */
export function idValue(prop: string) {
  return z.coerce
    .number({ message: withProp("validation.correct", prop) })
    .int(withProp("validation.correct", prop))
    .positive(withProp("validation.correct", prop))
    .max(MAX_ID, withProp("validation.correct", prop));
}

/** Year 0001 on: PostgreSQL has no year 0000 (a date column refuses it). */
const ISO_DATE = /^(?!0000)\d{4}-\d{2}-\d{2}$/;
/** A YYYY-MM-DD that names a day of the calendar (not 2026-02-30, not in year 0000). */
export const isRealDate = (v: string) =>
  ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

export function requiredDate(prop: string) {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ message: withProp("validation.required", prop) })
      .min(1, withProp("validation.required", prop))
      .refine(isRealDate, withProp("validation.correct", prop)),
  );
}

/** Stored files are referenced as /files/<id> (server/uploads/files.ts); ownership is the API's check. */
export const STORED_FILE_URL = /^\/files\/[A-Za-z0-9_-]{1,64}$/;

/** A stored file's URL as the upload field holds it. */
export function requiredFileUrl(prop: string) {
  return z.preprocess(
    (v) => (Array.isArray(v) ? v[0] : blank(v)),
    z.string({ message: withProp("validation.required", prop) }).regex(STORED_FILE_URL, withProp("validation.correct", prop)),
  );
}

/** The same, or nothing (an optional upload field left empty). */
export const optionalFileUrl = (prop: string) => z.preprocess((v) => (Array.isArray(v) ? v[0] : blank(v)), requiredFileUrl(prop).optional());

/** A checkbox as a form sends it ("on", "1", "true", "yes"; the last of repeated values); absent or anything else is off. */
export const checkbox = z.preprocess((v) => {
  const last = Array.isArray(v) ? v.at(-1) : v;
  return last === true || (typeof last === "string" && ["1", "on", "true", "yes"].includes(last));
}, z.boolean());

/** A list position typed by the organizer: a whole number from 0 to `max`; blank is 0. */
export function sortOrder(prop: string, max = 9999) {
  const correct = withProp("validation.correct", prop);
  return z.preprocess(blank, z.coerce.number({ message: correct }).int(correct).min(0, correct).max(max, correct).default(0));
}

/** A long list's page and page size (one of PAGE_SIZES). */
export const listPaging = {
  page: z.preprocess(blank, z.coerce.number().int().min(1).max(10_000).default(1)),
  pageSize: z.preprocess(
    blank,
    z.coerce
      .number()
      .int()
      .refine((v) => (PAGE_SIZES as readonly number[]).includes(v), { message: withProp("validation.correct", "common.pageSize") })
      .default(DEFAULT_PAGE_SIZE),
  ),
};

/** A count typed as digits (pieces, packages): 1 to `max`. */
export function wholeNumber(prop: string, max: number) {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : v),
    z
      .string({ message: withProp("validation.required", prop) })
      .min(1, withProp("validation.required", prop))
      .regex(/^\d{1,9}$/, withProp("validation.correct", prop))
      .transform(Number)
      .pipe(
        z
          .number()
          .min(1, withProp("validation.positive", prop))
          .max(max, withProp("validation.atMost", prop, max)),
      ),
  );
}

/** A required phone: a mainland mobile, or with `overseasToo` an international number as well. */
export function phoneNumber(prop: string, overseasToo = false) {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ message: withProp("validation.required", prop) })
      .min(1, withProp("validation.required", prop))
      .refine((v) => MAINLAND_MOBILE.test(v) || (overseasToo && INTERNATIONAL_PHONE.test(v)), withProp("validation.correct", prop)),
  );
}

/** A list's page number in a query: 1 when absent; `prop` names it in the message of a wrong one. */
export function pageNumber(prop: string) {
  return z.preprocess(
    blank,
    z.coerce
      .number({ message: withProp("validation.correct", prop) })
      .int()
      .min(1)
      .max(10_000)
      .default(1),
  );
}

/** A line's position in its list (0 on), as the delete link of a line sends it. */
export function lineIndex(prop: string) {
  return z.coerce
    .number({ message: withProp("validation.correct", prop) })
    .int()
    .min(0)
    .max(MAX_ID, withProp("validation.correct", prop));
}

/**
 * A mobile number by the phone rule (docs/product.md § Validation): a mainland mobile in the Chinese
 * portal; in English also one with its country code. Spaces and dashes typed in it are dropped.
 */
export function mobileForLanguage(prop: string, language: "zh" | "en") {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/[\s-]/g, "") : v),
    z
      .string({ message: withProp("validation.required", prop) })
      .min(1, withProp("validation.required", prop))
      .max(20, withProp("validation.tooLong", prop, 20))
      .refine((v) => MAINLAND_MOBILE.test(v) || (language === "en" && v.startsWith("+") && INTERNATIONAL_PHONE.test(v)), withProp("validation.correct", prop)),
  );
}
