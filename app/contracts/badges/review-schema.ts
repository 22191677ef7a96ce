import * as z from "zod";
import "../common/zod-messages";
import { blank, idValue, listPaging, MAX_ID, optionalText, requiredChoice, withProp } from "../common/validation";
import { BADGE_DECISIONS, BADGE_KINDS, BADGE_STATUSES, REVIEW_COMMENT_MAX, REVIEW_KEYWORD_MAX } from "./review-values";
import "./texts";

/**
 * The organizer's badge review (roleId 1; page /exhibitorInfo/badgeReview, API
 * /smeb/pass/ticket/review/*): the list's filters and the decision form. Messages are i18n keys.
 */
const R = (name: string) => `badges.review.fields.${name}`;

/** The statuses and limits, zod-free for the browser (review-values.ts); the server's code imports them from here too. */
export * from "./review-values";

/** A filter value that is absent when blank and otherwise one of `values`. */
const optionalChoice = <const T extends readonly [string, ...string[]]>(prop: string, values: T) =>
  z.preprocess(blank, z.enum(values, { message: withProp("validation.correct", prop) }).optional());

/** The list's and the export's filters; paging is ignored by the export. */
export const badgeReviewQuerySchema = z.object({
  exhibitor: z.preprocess(blank, idValue(R("exhibitor")).optional()),
  status: optionalChoice(R("status"), BADGE_STATUSES),
  kind: optionalChoice("badges.fields.kind", BADGE_KINDS),
  keyword: optionalText("badges.fields.keyword", REVIEW_KEYWORD_MAX),
  ...listPaging,
});
export type BadgeReviewQuery = z.output<typeof badgeReviewQuerySchema>;

/** Approve, or return with a comment saying what to fix; `version` is the one the organizer saw. */
export const badgeDecisionSchema = z
  .object({
    id: idValue("badges.fields.record"),
    decision: requiredChoice(R("decision"), BADGE_DECISIONS),
    comment: optionalText(R("comment"), REVIEW_COMMENT_MAX),
    version: z.coerce
      .number({ message: withProp("validation.correct", "badges.fields.record") })
      .int(withProp("validation.correct", "badges.fields.record"))
      .min(0, withProp("validation.correct", "badges.fields.record"))
      .max(MAX_ID, withProp("validation.correct", "badges.fields.record")),
  })
  .superRefine((value, ctx) => {
    if (value.decision === "return" && !value.comment) {
      ctx.addIssue({ code: "custom", path: ["comment"], message: withProp("validation.required", R("comment")) });
    }
  });
export type BadgeDecision = z.output<typeof badgeDecisionSchema>;
