/** An exhibit's limits, without zod: the pages import these; the schemas (schema.ts) build on them. */
export const EXHIBIT_NAME_ZH_MAX = 100;
export const EXHIBIT_NAME_EN_MAX = 200;
export const EXHIBIT_DESCRIPTION_MAX = 1000;
export const EXHIBIT_IMAGES_MAX = 6;
/** How many exhibits one exhibitor keeps; the invitation templates show at most a few of them. */
export const EXHIBITS_MAX = 50;
export const INVITATION_NAME_MAX = 50;
export const INVITATION_COMPANY_MAX = 100;
/** A template's language: Chinese, English, or both. */
export const INVITATION_LANGUAGES = ["zh", "en", "bilingual"] as const;
export type InvitationLanguage = (typeof INVITATION_LANGUAGES)[number];
export const TEMPLATE_NAME_MAX = 30;
/** The most exhibits a template shows (its slots are 1 to this). */
export const INVITATION_EXHIBITS_MAX = 6;
