/** Visitor pre-registration's limits and choices, without zod: the pages import these; schema.ts builds on them. */
export const VISITOR_NAME_MAX = 50;
export const VISITOR_COMPANY_MAX = 100;
export const VISITOR_POSITION_MAX = 50;
export const VISITOR_INTERESTS_MAX = 30;
/** A tracking code as typed in a link: longer ones are cut off (an unknown code still registers, counted to no one). */
export const VISIT_CODE_MAX = 20;
/** How many rows a ranking shows; the caller's own row comes on top of them. */
export const RANKING_TOP = 50;
/** A ranking's period, in exhibition time (UTC+8): today, the last 7 days (today included), or all. */
export const RANKING_PERIODS = ["today", "week", "all"] as const;
export type RankingPeriod = (typeof RANKING_PERIODS)[number];
/** What a ranking counts: registered visitors (invitations) or views of the page (popularity). */
export type RankingKind = "invite" | "browse";
/** The daily chart's span, in days ending today. */
export const CHART_DAYS_DEFAULT = 14;
export const CHART_DAYS_MAX = 90;

/** A visitor's number as shown, printed and searched: V000123. */
export const formatVisitorNo = (no: number) => `V${String(no).padStart(6, "0")}`;
