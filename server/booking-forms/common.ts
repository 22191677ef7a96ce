import type { BookingBooth } from "../../app/contracts/booking-forms/values";
import type { UploadFolder } from "../../app/contracts/uploads/schema";
import { ApiCode, ApiError, fieldError } from "../api/envelope";
import type { Database, Db } from "../db/database";
import { ownUpload } from "../uploads/own-upload";

/**
 * What the three offline booking forms share: the caller (always the session's user), the booth a
 * record is for (only the caller's own), files named by URL (only the caller's own, from the form's
 * folder) and the audit trail. Another user's booth, record or file answers like an unknown one.
 */

export type Owner = { userId: number; exhibitionId: number; sessionBoothId: number | null };
export type Actor = { id: number; label: string };
export type Booth = BookingBooth;
export type FormName = "airCompressor" | "electricbox" | "leakage";

export async function ownBooths(db: Database, owner: Owner): Promise<Booth[]> {
  const rows = await db
    .selectFrom("booths")
    .select(["id", "booth_no", "area_m2"])
    .where("user_id", "=", owner.userId)
    .where("exhibition_id", "=", owner.exhibitionId)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, boothNo: r.booth_no, areaM2: Number(r.area_m2) }));
}

/** The booth named (the caller's own only), else the session's booth, else the caller's first. */
export async function resolveBooth(db: Database, owner: Owner, requested?: number): Promise<Booth> {
  const booths = await ownBooths(db, owner);
  if (requested !== undefined) {
    const named = booths.find((b) => b.id === requested);
    // Field-level, so the form shows it next to the booth choice.
    if (!named) throw fieldError("errors.notFound", "boothId", {}, ApiCode.notFound);
    return named;
  }
  const booth = booths.find((b) => b.id === owner.sessionBoothId) ?? booths[0];
  if (!booth) throw new ApiError(ApiCode.badRequest, "bookingForms.errors.noBooth");
  return booth;
}

/** A file the caller uploaded into `folder`, named by its /files/ URL; anything else is refused (404) on `field`. */
export const ownFile = (db: Db, owner: Owner, url: string, folder: UploadFolder, field: string) =>
  ownUpload(db, owner.userId, url, { folder, field, message: "bookingForms.errors.fileInvalid", code: ApiCode.notFound });

export async function recordEvent(
  db: Db,
  owner: Owner,
  actor: Actor,
  form: FormName,
  recordId: number | string,
  action: string,
  details: Record<string, unknown> | null = null,
) {
  await db
    .insertInto("booking_form_events")
    .values({
      user_id: owner.userId,
      actor_id: actor.id,
      actor_label: actor.label,
      form,
      record_id: String(recordId),
      action,
      details: details ? JSON.stringify(details) : null,
    })
    .execute();
}
