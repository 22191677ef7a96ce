import { countRows, pageRows } from "../db/paging";
import { containsPattern } from "../db/keyword-search";
import { sql } from "kysely";
import type { BadgeEventView, BadgeReviewInfo, BadgeReviewList, BadgeReviewRow } from "../../app/contracts/badges/review-types";
import type { BadgeDecision, BadgeReviewQuery } from "../../app/contracts/badges/review-schema";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import { ApiCode, ApiError, notFound } from "../api/envelope";
import type { ApiDeps } from "../api/context";
import type { Database } from "../db/database";
import { view } from "./badges";
import type { Caller } from "../auth/caller";
import { exhibitorNameIn, exhibitorNamesOf, type ExhibitorNames } from "../exhibitor/names";
import { ORGANIZER_ROLE_ID } from "../../app/contracts/permission/roles";
import { exhibitionOfUser, portalLink } from "../exhibition-settings/public-url";
import { iso } from "../db/column-values";

/**
 * The organizer's side of badges (roleId 1, checked by the route): every live badge of the
 * organizer's own exhibition, unmasked, with its exhibitor; approve or return with a comment. A
 * decision names the version the organizer saw, so a badge changed meanwhile is not decided blind,
 * and each decision is kept in badge_events.
 */
export type BadgeFilters = Omit<BadgeReviewQuery, "page" | "pageSize">;

/** The exhibitor page the e-mail about a returned badge points to. */
const EXHIBITOR_BADGE_PAGE = "/exhibitorInfo/exhibitorCertificateApply";
/** The export's ceiling: far above any exhibition's badges, low enough to keep one workbook in memory. */
const EXPORT_MAX_ROWS = 20_000;
const HISTORY_LENGTH = 100;

function selectExhibition(db: Database, exhibitionId: number) {
  return db
    .selectFrom("badges as g")
    .innerJoin("booths as b", "b.id", "g.booth_id")
    .innerJoin("users as u", "u.id", "g.user_id")
    .selectAll("g")
    .select(["b.booth_no", "u.username"])
    .where("g.exhibition_id", "=", exhibitionId)
    .where("g.deleted_at", "is", null);
}
type Query = ReturnType<typeof selectExhibition>;
type Row = Awaited<ReturnType<Query["executeTakeFirstOrThrow"]>>;

function filtered(query: Query, filters: BadgeFilters, withStatus = true): Query {
  let rows = query;
  if (filters.exhibitor !== undefined) rows = rows.where("g.user_id", "=", filters.exhibitor);
  if (withStatus && filters.status) rows = rows.where("g.status", "=", filters.status);
  if (filters.kind) rows = rows.where("g.kind", "=", filters.kind);
  if (filters.keyword) {
    const like = containsPattern(filters.keyword);
    rows = rows.where((eb) => eb.or([eb("g.holder_name", "ilike", like), eb("g.company", "ilike", like), eb("b.booth_no", "ilike", like)]));
  }
  return rows;
}

const ordered = (query: Query) =>
  // Waiting for a decision first, then the newest.
  query.orderBy(sql`case when g.status = 'submitted' then 0 else 1 end`).orderBy("g.id", "desc");

/** RoleId 1 only reaches this: contacts and ID numbers as typed (docs/product.md § Organizer). */
function reviewRow(row: Row, names: Map<number, ExhibitorNames>, language: Language): BadgeReviewRow {
  return {
    ...view(row, ORGANIZER_ROLE_ID),
    userId: row.user_id,
    exhibitorName: exhibitorNameIn(names.get(row.user_id), language === "en" ? "en" : "zh", row.username),
  };
}

async function rowsWithNames(db: Database, caller: Caller, rows: Row[], language: Language) {
  const names = await exhibitorNamesOf(
    db,
    caller.exhibitionId,
    rows.map((r) => r.user_id),
  );
  return rows.map((row) => reviewRow(row, names, language));
}

export async function listForReview(db: Database, caller: Caller, query: BadgeReviewQuery, language: Language): Promise<BadgeReviewList> {
  const base = selectExhibition(db, caller.exhibitionId);
  const matching = filtered(base, query);
  const total = await countRows(matching);
  const page = await pageRows(ordered(matching), query.page, query.pageSize);
  const byStatus = await filtered(base, query, false)
    .clearSelect()
    .select(["g.status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("g.status")
    .execute();
  const counts = { submitted: 0, approved: 0, returned: 0 };
  for (const { status, n } of byStatus) counts[status] = Number(n);
  const owners = await base.clearSelect().select(["u.id", "u.username"]).distinct().execute();
  const names = await exhibitorNamesOf(db, caller.exhibitionId, [...owners.map((o) => o.id), ...page.map((row) => row.user_id)]);
  const nameOf = (userId: number, username: string) => exhibitorNameIn(names.get(userId), language === "en" ? "en" : "zh", username);
  const exhibitors = owners.map((o) => ({ userId: o.id, name: nameOf(o.id, o.username) })).sort((a, b) => a.name.localeCompare(b.name, language));
  return {
    rows: page.map((row) => reviewRow(row, names, language)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    exhibitors,
    counts,
  };
}

/** Every badge the filters match, in the list's order (the export). */
export async function allForReview(db: Database, caller: Caller, filters: BadgeFilters, language: Language) {
  const rows = await ordered(filtered(selectExhibition(db, caller.exhibitionId), filters))
    .limit(EXPORT_MAX_ROWS)
    .execute();
  return rowsWithNames(db, caller, rows, language);
}

async function eventsOf(db: Database, badgeId: number): Promise<BadgeEventView[]> {
  const rows = await db
    .selectFrom("badge_events")
    .select(["action", "actor_label", "details", "created_at"])
    .where("badge_id", "=", badgeId)
    .orderBy("id", "desc")
    .limit(HISTORY_LENGTH)
    .execute();
  return rows.map((r) => {
    const raw = typeof r.details === "string" ? (JSON.parse(r.details) as unknown) : r.details;
    const details = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
    return {
      action: r.action,
      actorLabel: r.actor_label,
      details,
      comment: typeof details?.comment === "string" ? details.comment : null,
      createdAt: iso(r.created_at)!,
    };
  });
}

export async function reviewInfo(db: Database, caller: Caller, id: number, language: Language): Promise<BadgeReviewInfo> {
  const row = await selectExhibition(db, caller.exhibitionId).where("g.id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  const [view] = await rowsWithNames(db, caller, [row], language);
  return { ...view!, events: await eventsOf(db, id) };
}

/** Approve or return the badge at the version the organizer saw; an approved badge stays approved. */
export async function decideBadge(deps: Pick<ApiDeps, "db" | "notifier" | "logger" | "config">, caller: Caller, input: BadgeDecision, language: Language) {
  const { db } = deps;
  const comment = input.comment ?? null;
  const status = input.decision === "approve" ? "approved" : "returned";
  const owner = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("badges")
      .select(["id", "user_id", "status", "version", "holder_name", "booth_id"])
      .where("id", "=", input.id)
      .where("exhibition_id", "=", caller.exhibitionId)
      .where("deleted_at", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.status === "approved") throw new ApiError(ApiCode.conflict, "badges.review.errors.alreadyApproved");
    if (row.version !== input.version) throw new ApiError(ApiCode.conflict, "badges.errors.busy");
    await trx
      .updateTable("badges")
      .set({ status, review_comment: comment, version: row.version + 1, updated_at: new Date() })
      .where("id", "=", row.id)
      .execute();
    await trx
      .insertInto("badge_events")
      .values({ badge_id: row.id, actor_id: caller.userId, actor_label: caller.label, action: status, details: JSON.stringify({ comment }) })
      .execute();
    return row;
  });
  if (status === "returned") await notifyReturned(deps, owner, comment ?? "");
  return reviewInfo(db, caller, input.id, language);
}

/** Tells the exhibitor (its contact e-mail, both languages) what to fix; a mail that fails does not undo the decision. */
async function notifyReturned(
  deps: Pick<ApiDeps, "db" | "notifier" | "logger" | "config">,
  badge: { id: number; user_id: number; holder_name: string; booth_id: number },
  comment: string,
) {
  try {
    const owner = await deps.db.selectFrom("users").select("contact_email").where("id", "=", badge.user_id).executeTakeFirst();
    if (!owner?.contact_email) return;
    const booth = await deps.db.selectFrom("booths").select("booth_no").where("id", "=", badge.booth_id).executeTakeFirstOrThrow();
    const link = await portalLink(deps.db, await exhibitionOfUser(deps.db, badge.user_id), deps.config, EXHIBITOR_BADGE_PAGE);
    const values = { holder: badge.holder_name, booth: booth.booth_no, comment, link };
    const zh = { subject: translate("zh", "badges.review.email.subject", values), text: translate("zh", "badges.review.email.text", values) };
    const en = { subject: translate("en", "badges.review.email.subject", values), text: translate("en", "badges.review.email.text", values) };
    await deps.notifier.sendEmail({
      kind: "badgeReturned",
      userId: badge.user_id,
      to: owner.contact_email,
      subject: `${zh.subject} / ${en.subject}`,
      text: `${zh.text}\n\n----------\n\n${en.text}`,
    });
  } catch (error) {
    deps.logger.error({ err: error, badgeId: badge.id }, "returned-badge e-mail could not be sent");
  }
}
