/** The home area's content pages the organizer edits (issue 41), their order on the editing page, and the limits. */
export const CONTENT_PAGE_SLUGS = ["promote", "premise", "service", "hotel", "poster", "bannerDownload", "posterCn", "posterEn"] as const;
export type ContentPageSlug = (typeof CONTENT_PAGE_SLUGS)[number];

export const CONTENT_TITLE_MAX = 60;
export const CONTENT_BODY_MAX = 20_000;
export const CONTENT_EDIT_PATH = "/index/content";
