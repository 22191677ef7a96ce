import type { ReviewList, ReviewRow } from "../../app/contracts/exhibitor/api-types";
import type { ProfileStatus } from "../../app/contracts/exhibitor/schema";
import { translateMessage } from "../../app/contracts/i18n/translate.server";
import { ApiError } from "../api/envelope";
import type { Database } from "../db/database";
import { UsageRefusal } from "../ops/command-types";
import { readDraft, reviewProfile } from "./profiles";
/** The organizer's side of the review: the queue (API and ops CLI) and the CLI's decision command. */

const firstText = (value: unknown) => (typeof value === "string" ? value : null);

export async function listReviews(db: Database, query: { exhibitionId?: number; status: ProfileStatus; page: number; pageSize: number }): Promise<ReviewList> {
  let base = db
    .selectFrom("exhibitor_profiles")
    .innerJoin("users", "users.id", "exhibitor_profiles.user_id")
    .where("exhibitor_profiles.status", "=", query.status);
  if (query.exhibitionId !== undefined) base = base.where("exhibitor_profiles.exhibition_id", "=", query.exhibitionId);
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      "exhibitor_profiles.user_id",
      "users.username",
      "exhibitor_profiles.status",
      "exhibitor_profiles.submitted_at",
      "exhibitor_profiles.submitted",
      "exhibitor_profiles.draft",
    ])
    // Oldest submission first: the review promise runs from submittedAt.
    .orderBy("exhibitor_profiles.submitted_at", (ob) => ob.asc().nullsLast())
    .orderBy("exhibitor_profiles.user_id")
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return {
    total: Number(total),
    page: query.page,
    pageSize: query.pageSize,
    rows: rows.map((r): ReviewRow => {
      const data = readDraft(r.submitted ?? r.draft);
      return {
        userId: r.user_id,
        username: r.username,
        companyNameZh: firstText(data.companyNameZh),
        companyNameEn: firstText(data.companyNameEn),
        status: r.status,
        submittedAt: r.submitted_at ? new Date(r.submitted_at).toISOString() : null,
      };
    }),
  };
}

const CLI_ACTOR = { id: null, label: "ops-cli" } as const;

/** `cli review-profile <username> approve|return [--comment <text>]`. */
export async function reviewProfileCommand(db: Database, args: string[], typedComment: string | undefined) {
  const [username, decision, ...more] = args;
  if (more.length) throw new UsageRefusal(`Not understood: "${more[0]}" (a comment is one option: --comment "…").`);
  if (!username || (decision !== "approve" && decision !== "return")) throw new UsageRefusal("Name the user, then approve or return.");
  const comment = typedComment?.trim() || undefined;
  if (decision === "return" && !comment) throw new UsageRefusal('A returned profile needs a comment for the exhibitor: --comment "…".');
  const user = await db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirst();
  if (!user) throw new Error(`No user "${username}".`);
  const row = await reviewProfile(db, user.id, decision, comment, CLI_ACTOR).catch((error: unknown) => {
    throw error instanceof ApiError ? new Error(`${username}: ${translateMessage("en", error.messageKey, error.values)}`) : error;
  });
  return `${username}: ${row.status}${comment ? ` (${comment})` : ""}`;
}

/** `cli list-reviews`: every profile waiting for review, oldest first. */
export async function listReviewsCommand(db: Database) {
  const { total, rows } = await listReviews(db, { status: "under_review", page: 1, pageSize: 1000 });
  if (!total) return "No profiles are waiting for review.";
  return [
    `${total} profile(s) waiting for review:`,
    ...rows.map((r) =>
      `  ${r.username.padEnd(16)} ${(r.submittedAt ?? "").slice(0, 16).padEnd(17)} ${r.companyNameZh ?? ""} ${r.companyNameEn ? `/ ${r.companyNameEn}` : ""}`.trimEnd(),
    ),
  ].join("\n");
}
