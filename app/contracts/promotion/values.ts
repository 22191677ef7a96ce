/** An exhibit's limits, without zod: the pages import these; the schemas (schema.ts) build on them. */
export const EXHIBIT_NAME_ZH_MAX = 100;
export const EXHIBIT_NAME_EN_MAX = 200;
export const EXHIBIT_DESCRIPTION_MAX = 1000;
export const EXHIBIT_IMAGES_MAX = 6;
/** How many exhibits one exhibitor keeps; the invitation templates show at most a few of them. */
export const EXHIBITS_MAX = 50;
