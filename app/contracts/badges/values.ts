/** The badge pages' limits, without zod: the pages import these; the schemas (schema.ts) build on them. */
export const BADGE_NAME_MAX = 50;
