import { sql } from "kysely";
import type { ConstructionBooth, ConstructionEvent, ConstructionSettings } from "../../app/contracts/booth-construction/api-types";
import type { UploadFolder } from "../../app/contracts/uploads/schema";
import { ApiCode, ApiError, fieldError } from "../api/envelope";
import type { Db } from "../db/database";
import type { ConstructionSubject } from "../db/schema";
import { addDays } from "../../app/contracts/common/exhibition-time";
import { ownUpload } from "../uploads/own-upload";

/**
 * What the four booth construction pages share: the caller's booth (only their own, and only of the
 * booth types the page is for: docs/product.md § Menus and page access, enforced here and not only in the menu), the
 * exhibition's construction calendar, files named by URL and one history of submissions and
 * decisions. Another exhibitor's booth or file answers like an unknown one (404).
 */

import type { Caller } from "../auth/caller";
import { iso } from "../db/column-values";

export const STANDARD_BOOTH = 1;
export const RAW_SPACE = 2;

/**
 * The booth a request is for: the one named (the caller's own only), else the session's booth,
 * else the caller's first. A booth of another type than `types` is refused with the page's rule.
 */
export async function constructionBooth(db: Db, caller: Caller, requested: number | undefined, types: readonly number[]): Promise<ConstructionBooth> {
  const rows = await db
    .selectFrom("booths")
    .select(["id", "booth_no", "booth_type", "width_m", "depth_m", "area_m2"])
    .where("user_id", "=", caller.userId)
    .where("exhibition_id", "=", caller.exhibitionId)
    .orderBy("id")
    .execute();
  const booths = rows.map((r) => ({
    boothId: r.id,
    boothNo: r.booth_no,
    boothType: r.booth_type,
    widthM: Number(r.width_m),
    depthM: Number(r.depth_m),
    areaM2: Number(r.area_m2),
  }));
  let booth: ConstructionBooth | undefined;
  if (requested !== undefined) {
    booth = booths.find((b) => b.boothId === requested);
    if (!booth) throw fieldError("errors.notFound", "boothId", {}, ApiCode.notFound);
  } else {
    booth = booths.find((b) => b.boothId === caller.sessionBoothId) ?? booths.find((b) => types.includes(b.boothType)) ?? booths[0];
  }
  if (!booth) throw new ApiError(ApiCode.badRequest, "boothConstruction.errors.noBooth");
  if (!types.includes(booth.boothType)) {
    throw new ApiError(
      ApiCode.forbidden,
      booth.boothType === STANDARD_BOOTH ? "boothConstruction.errors.rawSpaceOnly" : "boothConstruction.errors.standardOnly",
      { boothNo: booth.boothNo },
    );
  }
  return booth;
}

/**
 * The exhibition's build-up and dismantling days and insurance minimum. Without a row (an
 * exhibition set up before this table) build-up is the three days before opening and dismantling
 * the last show day, with no minimum.
 */
export async function constructionSettings(db: Db, exhibitionId: number): Promise<ConstructionSettings> {
  const row = await db
    .selectFrom("construction_settings")
    .select([
      sql<string>`to_char(build_up_from, 'YYYY-MM-DD')`.as("build_up_from"),
      sql<string>`to_char(build_up_to, 'YYYY-MM-DD')`.as("build_up_to"),
      sql<string>`to_char(dismantle_from, 'YYYY-MM-DD')`.as("dismantle_from"),
      sql<string>`to_char(dismantle_to, 'YYYY-MM-DD')`.as("dismantle_to"),
      "insurance_min_cents",
    ])
    .where("exhibition_id", "=", exhibitionId)
    .executeTakeFirst();
  if (row) {
    return {
      buildUpFrom: row.build_up_from,
      buildUpTo: row.build_up_to,
      dismantleFrom: row.dismantle_from,
      dismantleTo: row.dismantle_to,
      insuranceMinCents: Number(row.insurance_min_cents),
    };
  }
  const exhibition = await db
    .selectFrom("exhibitions")
    .select([sql<string>`to_char(starts_on, 'YYYY-MM-DD')`.as("opens"), sql<string>`to_char(ends_on, 'YYYY-MM-DD')`.as("ends")])
    .where("id", "=", exhibitionId)
    .executeTakeFirstOrThrow();
  return {
    buildUpFrom: addDays(exhibition.opens, -3),
    buildUpTo: addDays(exhibition.opens, -1),
    dismantleFrom: exhibition.ends,
    dismantleTo: exhibition.ends,
    insuranceMinCents: 0,
  };
}

/** A file the caller uploaded into `folder`, named by its /files/ URL; anything else is refused (404) on `field`. */
export const ownFileId = (db: Db, caller: Caller, url: string, folder: UploadFolder, field: string) =>
  ownUpload(db, caller.userId, url, { folder, field, message: "boothConstruction.errors.fileInvalid", code: ApiCode.notFound });

export type EventInput = {
  exhibitionId: number;
  userId: number;
  boothId: number;
  subject: ConstructionSubject;
  recordId: number;
  action: string;
  comment?: string | null;
  actor: { id: number; label: string };
};

/** One line of history: 'save', 'submit', 'approve', 'return' with the organizer's comment… */
export async function recordEvent(db: Db, event: EventInput) {
  await db
    .insertInto("construction_events")
    .values({
      exhibition_id: event.exhibitionId,
      user_id: event.userId,
      booth_id: event.boothId,
      subject: event.subject,
      record_id: event.recordId,
      action: event.action,
      comment: event.comment ?? null,
      actor_id: event.actor.id,
      actor_label: event.actor.label,
    })
    .execute();
}

/** One line of the exhibitor's own history: its save, submission or upload of a booth's record (`comment`: its note). */
export const recordOwnEvent = (
  db: Db,
  caller: Caller,
  event: { boothId: number; subject: ConstructionSubject; recordId: number; action: string; comment?: string | null },
) => recordEvent(db, { ...event, exhibitionId: caller.exhibitionId, userId: caller.userId, actor: { id: caller.userId, label: caller.label } });

/** The history of one record (or of several, e.g. every version of a booth's drawings), oldest first. */
export async function historyOf(db: Db, subject: ConstructionSubject, recordIds: number[]): Promise<ConstructionEvent[]> {
  if (!recordIds.length) return [];
  const rows = await db
    .selectFrom("construction_events")
    .select(["id", "action", "comment", "actor_label", "created_at"])
    .where("subject", "=", subject)
    .where("record_id", "in", recordIds)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, action: r.action, comment: r.comment, actorLabel: r.actor_label, createdAt: iso(r.created_at)! }));
}

/** A change to a record read at an older version, or decided meanwhile: 409, reload and try again. */
export const staleRecord = () => new ApiError(ApiCode.conflict, "boothConstruction.errors.stale");
