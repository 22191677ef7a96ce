import * as z from "zod";
import "../common/zod-messages";
import { requiredAddressParts } from "./address-schema";
import {
  blank,
  COMPANY_PHONE,
  idValue,
  INTERNATIONAL_PHONE,
  MAINLAND_MOBILE,
  optionalList,
  optionalText,
  requiredChoice,
  requiredEmail,
  requiredList,
  requiredText,
  STORED_FILE_URL,
  VERIFICATION_CODE,
  withProp,
} from "../common/validation";
import {
  ALL_PROFILE_FIELDS,
  ATTENDANCE,
  CONTACT_TYPES,
  ENTERPRISE_ADVANTAGES,
  label,
  LISTING_STATUSES,
  LIST_FIELDS,
  LIVE_EVENT_THEMES,
  MAX_EXHIBIT_CLASSES,
  MAX_INDUSTRIES,
  PROFILE_STEPS,
} from "./values";
import type { ContactType, ProfileDraft, ProfileStep, StepField } from "./values";
import "./texts";

/**
 * The exhibitor profile (docs/product.md § Areas / Service orders / Uploads): five steps, each a form of its own. A draft
 * keeps whatever was typed (only lengths are limited); 'next step' and 'submit' check a step with
 * its full rules. The same schemas run in the route actions and in the API.
 */

/** The lists, limits and field names, zod-free for the browser (values.ts); the server's code imports them from here too. */
export * from "./values";

/** A step's field schemas: exactly its fields in values.ts (STEP_FIELDS), plus any the draft does not keep. */
type StepFieldSchemas<Step extends ProfileStep, Extra extends string = never> = Record<StepField<Step> | Extra, z.ZodType>;

const fileUrl = (prop: string) =>
  z.preprocess(
    blank,
    z
      .string()
      .trim()
      .regex(STORED_FILE_URL, withProp("validation.correct", label(prop)))
      .optional(),
  );
const requiredFileUrl = (prop: string) =>
  z.preprocess(
    blank,
    z
      .string({ message: withProp("validation.required", label(prop)) })
      .trim()
      .regex(STORED_FILE_URL, withProp("validation.correct", label(prop))),
  );
const code = (prop: string) =>
  z.preprocess(
    blank,
    z
      .string()
      .trim()
      .regex(VERIFICATION_CODE, withProp("validation.correct", label(prop)))
      .optional(),
  );
const regionCode = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .regex(/^\d{6}$/, "errors.badRequest")
    .optional(),
);

/** docs/product.md § Service orders: multiple contract companies are separated by '/'; no empty part. */
const contractCompanies = optionalText(label("contractCompanyNames"), 300).refine(
  (value) => value === undefined || value.split("/").every((part) => part.trim().length > 0),
  withProp("validation.correct", label("contractCompanyNames")),
);

const website = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .max(200, withProp("validation.tooLong", label("website"), 200))
    .regex(/^(https?:\/\/)?([a-z0-9-]+\.)+[a-z]{2,}(\/\S*)?$/i, withProp("validation.correct", label("website")))
    .optional(),
);

/** Cross-field rules run even when a field already failed: every error of a step shows at once. */
/** A field's raw value in a cross-field rule: it may have failed its own check and be of any type. */
const asText = (value: unknown) => (typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined);

// Even when a field failed, but only on an object: a body of another shape (an API call) has no fields to check.
const ALWAYS = { when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null && !Array.isArray(payload.value) };

/** A required id (select): absent or blank → '{prop} is required'; not a positive integer → 'correct'. */
const requiredId = (prop: string) =>
  z.preprocess(
    (v) => (typeof v === "number" ? String(v) : blank(v)),
    z
      .string({ message: withProp("validation.required", prop) })
      .regex(/^\d{1,9}$/, withProp("validation.correct", prop))
      .transform(Number)
      .pipe(z.number().positive(withProp("validation.correct", prop))),
  );

export type StepContext = { language: "zh" | "en"; districtsExist: boolean };

const companyFields = {
  companyNameZh: requiredText(label("companyNameZh"), 100),
  companyNameEn: requiredText(label("companyNameEn"), 200),
  contractCompanyNames: contractCompanies,
  listingStatus: requiredChoice(label("listingStatus"), LISTING_STATUSES),
  stockCode: optionalText(label("stockCode"), 20),
  companyPhone: requiredText(label("companyPhone"), 40).pipe(z.string().regex(COMPANY_PHONE, withProp("validation.correct", label("companyPhone")))),
  countryId: z.preprocess(blank, idValue(label("countryId")).optional()),
  provinceCode: regionCode,
  cityCode: regionCode,
  districtCode: regionCode,
  address: requiredText(label("address"), 200),
  website,
} satisfies StepFieldSchemas<"company">;

function companySchema(ctx: StepContext) {
  return z.object(companyFields).superRefine((value, issues) => {
    // Runs even when a field failed, so every error shows at once (see ALWAYS).
    const need = (path: string, message: string) => issues.addIssue({ code: "custom", path: [path], message });
    const stockCode = asText(value.stockCode);
    if (value.listingStatus === "listed") {
      if (!stockCode) need("stockCode", withProp("validation.required", label("stockCode")));
      else if (!/^[A-Za-z0-9.]{1,12}$/.test(stockCode)) need("stockCode", withProp("validation.correct", label("stockCode")));
    }
    const countryId = asText(value.countryId);
    const provinceCode = asText(value.provinceCode);
    const parts = requiredAddressParts({ language: ctx.language, countryId: Number(countryId) || null, provinceCode, districtsExist: ctx.districtsExist });
    if (!countryId) need("countryId", withProp("validation.required", label("countryId")));
    if (parts.province && !provinceCode) need("provinceCode", withProp("validation.required", label("provinceCode")));
    if (parts.city && !asText(value.cityCode)) need("cityCode", withProp("validation.required", label("cityCode")));
    if (parts.district && !asText(value.districtCode)) need("districtCode", withProp("validation.required", label("districtCode")));
  }, ALWAYS);
}

/** docs/product.md § Service orders: a mobile inside China is 11 digits, 13x to 19x; an overseas one is international. */
function mobileValid(type: ContactType | undefined, mobile: string) {
  return type === "overseas" ? INTERNATIONAL_PHONE.test(mobile) : MAINLAND_MOBILE.test(mobile);
}

const contactsFields = {
  contact1Type: requiredChoice(label("contact1Type"), CONTACT_TYPES),
  contact1Name: requiredText(label("contact1Name"), 50),
  contact1Position: optionalText(label("contact1Position"), 50),
  contact1Mobile: requiredText(label("contact1Mobile"), 24),
  contact1Email: requiredEmail(label("contact1Email")),
  // Contact 1 receives the organizer's notices: its mobile and e-mail are verified by code.
  contact1MobileCode: code("contact1MobileCode"),
  contact1EmailCode: code("contact1EmailCode"),
  contact2Type: requiredChoice(label("contact2Type"), CONTACT_TYPES),
  contact2Name: requiredText(label("contact2Name"), 50),
  contact2Position: optionalText(label("contact2Position"), 50),
  contact2Mobile: requiredText(label("contact2Mobile"), 24),
  contact2Email: requiredEmail(label("contact2Email")),
} satisfies StepFieldSchemas<"contacts", "contact1MobileCode" | "contact1EmailCode">;

function contactsSchema() {
  return z.object(contactsFields).superRefine((value, issues) => {
    for (const n of [1, 2] as const) {
      const mobile = asText(value[`contact${n}Mobile`]);
      const type = value[`contact${n}Type`];
      if (mobile && !mobileValid(type === "overseas" ? "overseas" : undefined, mobile)) {
        issues.addIssue({ code: "custom", path: [`contact${n}Mobile`], message: withProp("validation.correct", label(`contact${n}Mobile`)) });
      }
    }
  }, ALWAYS);
}

const presentationFields = {
  logoUrl: requiredFileUrl("logoUrl"),
  videoUrl: fileUrl("videoUrl"),
  videoCoverUrl: fileUrl("videoCoverUrl"),
  introZh: requiredText(label("introZh"), 1000),
  introEn: requiredText(label("introEn"), 3000),
  brandsZh: requiredText(label("brandsZh"), 200),
  brandsEn: requiredText(label("brandsEn"), 400),
  mainProductsZh: requiredText(label("mainProductsZh"), 300),
  mainProductsEn: requiredText(label("mainProductsEn"), 600),
  advantages: optionalList(
    label("advantages"),
    z.enum(ENTERPRISE_ADVANTAGES, { message: withProp("validation.correct", label("advantages")) }),
    ENTERPRISE_ADVANTAGES.length,
  ),
} satisfies StepFieldSchemas<"presentation">;

function presentationSchema() {
  return z.object(presentationFields).superRefine((value, issues) => {
    if (value.videoUrl && !value.videoCoverUrl) {
      issues.addIssue({ code: "custom", path: ["videoCoverUrl"], message: withProp("validation.required", label("videoCoverUrl")) });
    }
  }, ALWAYS);
}

const exhibitsFields = {
  exhibitClassIds: requiredList(label("exhibitClassIds"), idValue(label("exhibitClassIds")), 1, MAX_EXHIBIT_CLASSES),
  industryIds: requiredList(label("industryIds"), idValue(label("industryIds")), 1, MAX_INDUSTRIES),
  themeId: requiredId(label("themeId")),
  pavilionId: requiredId(label("pavilionId")),
} satisfies StepFieldSchemas<"exhibits">;

const eventsFields = {
  liveEventThemes: optionalList(
    label("liveEventThemes"),
    z.enum(LIVE_EVENT_THEMES, { message: withProp("validation.correct", label("liveEventThemes")) }),
    LIVE_EVENT_THEMES.length,
  ),
  liveEventNote: optionalText(label("liveEventNote"), 500),
  attendance: requiredChoice(label("attendance"), ATTENDANCE),
} satisfies StepFieldSchemas<"events">;

/** The full rules of one step ('next step' and submit). */
export function stepSchema(step: ProfileStep, ctx: StepContext) {
  switch (step) {
    case "company":
      return companySchema(ctx);
    case "contacts":
      return contactsSchema();
    case "presentation":
      return presentationSchema();
    case "exhibits":
      return z.object(exhibitsFields);
    case "events":
      return z.object(eventsFields);
  }
}

const DRAFT_TEXT_MAX = 3000;

/**
 * A draft as saved: only known fields, text up to 3000 characters, lists up to 20 short items.
 * Nothing else is checked, so whatever the exhibitor typed is kept (docs/product.md § Service orders: save draft).
 */
export const profileDraftSchema = z.record(z.string(), z.union([z.string(), z.array(z.string())])).transform((input) => {
  const draft: ProfileDraft = {};
  for (const field of ALL_PROFILE_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (LIST_FIELDS.has(field)) {
      const list = (Array.isArray(value) ? value : [value]).map((v) => v.trim()).filter(Boolean);
      draft[field] = list.slice(0, 20).map((v) => v.slice(0, 40));
    } else {
      draft[field] = (Array.isArray(value) ? (value[0] ?? "") : value).replace(/\r\n?/g, "\n").slice(0, DRAFT_TEXT_MAX);
    }
  }
  return draft;
});

/** The first step whose full rules the draft does not meet, or null when it is complete. */
export function firstIncompleteStep(draft: ProfileDraft, ctx: StepContext): ProfileStep | null {
  for (const step of PROFILE_STEPS) {
    if (!stepSchema(step, ctx).safeParse(draft).success) return step;
  }
  return null;
}

/** Group company data (/exhibitorInfo/groupData). */
export const groupDataSchema = z
  .object({
    isGroupMember: requiredChoice("exhibitor.group.isGroupMember", ["yes", "no"] as const),
    groupNameZh: optionalText("exhibitor.group.groupNameZh", 100),
    groupNameEn: optionalText("exhibitor.group.groupNameEn", 200),
    groupWebsite: website,
    memberCompanies: optionalText("exhibitor.group.memberCompanies", 2000),
    groupIntro: optionalText("exhibitor.group.groupIntro", 1000),
  })
  .superRefine((value, issues) => {
    if (value.isGroupMember === "yes" && !value.groupNameZh) {
      issues.addIssue({ code: "custom", path: ["groupNameZh"], message: withProp("validation.required", "exhibitor.group.groupNameZh") });
    }
  });
export type GroupData = z.output<typeof groupDataSchema>;

/** sendSmsCode / sendEmailCode requests. */
export const sendSmsCodeSchema = z
  .object({
    mobile: requiredText(label("contact1Mobile"), 24),
    contactType: z.preprocess(blank, z.enum(CONTACT_TYPES).optional()),
  })
  .superRefine((value, issues) => {
    if (!mobileValid(value.contactType ?? "inside", value.mobile))
      issues.addIssue({ code: "custom", path: ["mobile"], message: withProp("validation.correct", label("contact1Mobile")) });
  });
export const sendEmailCodeSchema = z.object({ email: requiredEmail(label("contact1Email")) });

/** Review by the organizer: approve, or return with a comment the exhibitor sees. */
export const reviewDecisionSchema = z
  .object({
    userId: idValue("exhibitor.review.exhibitor"),
    decision: requiredChoice("exhibitor.review.decision", ["approve", "return"] as const),
    comment: optionalText("exhibitor.review.comment", 500),
  })
  .superRefine((value, issues) => {
    if (value.decision === "return" && !value.comment) {
      issues.addIssue({ code: "custom", path: ["comment"], message: withProp("validation.required", "exhibitor.review.comment") });
    }
  });
