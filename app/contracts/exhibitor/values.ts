import type { UploadKind } from "../uploads/values";
import "./texts";

/**
 * The exhibitor profile's lists, limits and field names, without zod: the pages import these; the
 * step schemas (schema.ts) build on them and must have exactly the fields named here.
 */
export const PROFILE_STEPS = ["company", "contacts", "presentation", "exhibits", "events"] as const;
export type ProfileStep = (typeof PROFILE_STEPS)[number];

export const PROFILE_STATUSES = ["draft", "under_review", "approved", "returned"] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];

export const LISTING_STATUSES = ["unlisted", "listed"] as const;
export const CONTACT_TYPES = ["inside", "overseas"] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];
export const ATTENDANCE = ["arrived", "notArrived"] as const;
/** docs/product.md § Areas: the live event themes. */
export const LIVE_EVENT_THEMES = ["productLaunch", "technicalTalk", "strategicPartnership", "liveBroadcast", "prizeDraw", "firstLaunch"] as const;
/** Enterprise advantages an exhibitor can claim (shown in the catalogue as badges). */
export const ENTERPRISE_ADVANTAGES = ["highTech", "specialized", "littleGiant", "listedCompany", "fortune500", "unicorn"] as const;

export const LOGO_KINDS: UploadKind[] = ["jpg", "png"];
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const VIDEO_KINDS: UploadKind[] = ["mp4"];
export const VIDEO_MAX_BYTES = 200 * 1024 * 1024;
export const COVER_KINDS: UploadKind[] = ["jpg", "png"];
export const COVER_MAX_BYTES = 2 * 1024 * 1024;
export const MAX_EXHIBIT_CLASSES = 5;
export const MAX_INDUSTRIES = 10;
/** docs/product.md § Review with comments: review expected within 3 days. */
export const REVIEW_DAYS = 3;

/** The i18n key of a field's label. */
export const label = (field: string) => `exhibitor.fields.${field}`;

/** Every field of each step, in form order; the verification codes of contact 1 are checked, not kept. */
const STEP_FIELD_NAMES = {
  company: [
    "companyNameZh",
    "companyNameEn",
    "contractCompanyNames",
    "listingStatus",
    "stockCode",
    "companyPhone",
    "countryId",
    "provinceCode",
    "cityCode",
    "districtCode",
    "address",
    "website",
  ],
  contacts: [
    "contact1Type",
    "contact1Name",
    "contact1Position",
    "contact1Mobile",
    "contact1Email",
    "contact2Type",
    "contact2Name",
    "contact2Position",
    "contact2Mobile",
    "contact2Email",
  ],
  presentation: ["logoUrl", "videoUrl", "videoCoverUrl", "introZh", "introEn", "brandsZh", "brandsEn", "mainProductsZh", "mainProductsEn", "advantages"],
  exhibits: ["exhibitClassIds", "industryIds", "themeId", "pavilionId"],
  events: ["liveEventThemes", "liveEventNote", "attendance"],
} as const;
export type StepField<Step extends ProfileStep> = (typeof STEP_FIELD_NAMES)[Step][number];

/** Every field of each step, in form order (drafts keep exactly these). */
export const STEP_FIELDS: Record<ProfileStep, readonly string[]> = STEP_FIELD_NAMES;
export const LIST_FIELDS = new Set(["advantages", "exhibitClassIds", "industryIds", "liveEventThemes"]);
export const ALL_PROFILE_FIELDS = PROFILE_STEPS.flatMap((s) => STEP_FIELDS[s]);

/** Pairs the translate buttons fill: English from Chinese. */
export const TRANSLATABLE: Record<string, string> = {
  introEn: "introZh",
  brandsEn: "brandsZh",
  mainProductsEn: "mainProductsZh",
};

/** A draft value: text, or a list for the checkbox groups. */
type DraftValue = string | string[];
export type ProfileDraft = Partial<Record<string, DraftValue>>;
