import { sql } from "kysely";
import type { FeedbackInboxPage, FeedbackInboxRow, FeedbackState } from "../../app/contracts/settings/feedback-inbox-values";
import { notFound } from "../api/envelope";
import type { Database } from "../db/database";
import { storedFileIdOf } from "../uploads/files";
import { iso } from "../db/column-values";

/**
 * The organizer's feedback inbox (issue 51, docs/product.md § Organizer): the feedback of the
 * accounts of the organizer's exhibition, newest first, by type and by whether it was handled. The
 * callers have checked the organizer (server/api/routes/settings-feedback.ts); every query here is
 * bounded to `exhibitionId`, so an id of another exhibition's feedback reads as missing.
 */

export type InboxQuery = { page: number; pageSize: number; type?: number; state: FeedbackState };

/** The exhibition's feedback: joined to its sender, who must belong to the exhibition. */
const ofExhibition = (db: Database, exhibitionId: number) =>
  db.selectFrom("feedback as f").innerJoin("users as u", "u.id", "f.user_id").where("u.exhibition_id", "=", exhibitionId);

function rowView(row: {
  id: number;
  type: number;
  content: string;
  created_at: Date | string;
  img_url: string | null;
  handled_at: Date | string | null;
  username: string;
  business_name: string | null;
  business_name_en: string | null;
  handled_by_name: string | null;
}): FeedbackInboxRow {
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    createdAt: iso(row.created_at)!,
    username: row.username,
    companyName: row.business_name,
    companyNameEn: row.business_name_en,
    hasImage: storedFileIdOf(row.img_url) !== null,
    handledAt: iso(row.handled_at),
    handledBy: row.handled_at ? row.handled_by_name : null,
  };
}

function selectRows(db: Database, exhibitionId: number) {
  return ofExhibition(db, exhibitionId)
    .leftJoin("users as h", "h.id", "f.handled_by")
    .select([
      "f.id",
      "f.type",
      "f.content",
      "f.created_at",
      "f.img_url",
      "f.handled_at",
      "u.username",
      "u.business_name",
      "u.business_name_en",
      "h.username as handled_by_name",
    ]);
}

export async function feedbackInbox(db: Database, exhibitionId: number, query: InboxQuery): Promise<FeedbackInboxPage> {
  let ofType = ofExhibition(db, exhibitionId);
  if (query.type !== undefined) ofType = ofType.where("f.type", "=", query.type);
  let rows = selectRows(db, exhibitionId);
  if (query.type !== undefined) rows = rows.where("f.type", "=", query.type);
  if (query.state === "open") rows = rows.where("f.handled_at", "is", null);
  if (query.state === "handled") rows = rows.where("f.handled_at", "is not", null);
  const [counts, page] = await Promise.all([
    ofType
      .select([
        sql<number>`count(*) filter (where f.handled_at is null)::int`.as("open"),
        sql<number>`count(*) filter (where f.handled_at is not null)::int`.as("handled"),
      ])
      .executeTakeFirstOrThrow(),
    rows
      .orderBy("f.created_at", "desc")
      .orderBy("f.id", "desc")
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  const open = Number(counts.open);
  const handled = Number(counts.handled);
  const total = query.state === "open" ? open : query.state === "handled" ? handled : open + handled;
  return { total, rows: page.map(rowView), counts: { open, handled } };
}

/** Marks one feedback of the exhibition handled by `organizerId` (now), or waiting again. */
export async function markFeedback(db: Database, exhibitionId: number, organizerId: number, id: number, handled: boolean): Promise<FeedbackInboxRow> {
  const updated = await db
    .updateTable("feedback")
    .set(handled ? { handled_at: new Date(), handled_by: organizerId } : { handled_at: null, handled_by: null })
    .where("id", "=", id)
    .where("user_id", "in", db.selectFrom("users").select("id").where("exhibition_id", "=", exhibitionId))
    .returning("id")
    .executeTakeFirst();
  if (!updated) throw notFound("settings.inbox.notFound");
  const row = await selectRows(db, exhibitionId).where("f.id", "=", id).executeTakeFirstOrThrow();
  return rowView(row);
}

/** The stored file id of one feedback's image; 404 for a feedback of another exhibition, or one without an image. */
export async function feedbackImageId(db: Database, exhibitionId: number, id: number): Promise<string> {
  const row = await ofExhibition(db, exhibitionId).select("f.img_url").where("f.id", "=", id).executeTakeFirst();
  if (!row) throw notFound("settings.inbox.notFound");
  const fileId = storedFileIdOf(row.img_url);
  if (!fileId) throw notFound("settings.inbox.imageNotFound");
  return fileId;
}
