/** The showcase's limits, without zod: the pages import these; the schema (schema.ts) builds on them. */
export const SHOWCASE_EXHIBITS_MIN = 1;
export const SHOWCASE_EXHIBITS_MAX = 3;
/** The public page's path for a code (short: it is what the QR code carries). */
export const showcasePath = (code: string) => `/ex/${code}`;
/** The public page's pictures: the logo, or the exhibit at a position. */
export const SHOWCASE_IMAGE_SLOTS = ["logo", "1", "2", "3"] as const;
export type ShowcaseImageSlot = (typeof SHOWCASE_IMAGE_SLOTS)[number];
