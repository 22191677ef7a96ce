/** The badge pages' page sizes and limits, without zod: the pages import these; the schemas (schema.ts) build on them. */

export const BADGE_PAGE_SIZES = [10, 20, 50] as const;
export const BADGE_NAME_MAX = 50;
