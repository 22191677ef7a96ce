/** The badge review's statuses and limits, without zod: the pages import these; review-schema.ts builds on them. */

export const BADGE_STATUSES = ["submitted", "approved", "returned"] as const;
export const BADGE_KINDS = ["free", "paid"] as const;
export const BADGE_DECISIONS = ["approve", "return"] as const;
export const REVIEW_COMMENT_MAX = 200;
export const REVIEW_KEYWORD_MAX = 50;
