import type { BookingBooth } from "../../app/contracts/booking-forms/values";
import type { UploadFolder } from "../../app/contracts/uploads/schema";
import { ApiCode } from "../api/envelope";
import type { Database, Db } from "../db/database";
import { ownUpload } from "../uploads/own-upload";
import { callerBooths, resolveCallerBooth } from "../auth/caller-booths";

/**
 * What the three offline booking forms share: the caller (always the session's user), the booth a
 * record is for (only the caller's own), files named by URL (only the caller's own, from the form's
 * folder) and the audit trail. Another user's booth, record or file answers like an unknown one.
 */

export type Owner = { userId: number; exhibitionId: number; sessionBoothId: number | null };
export type Actor = { id: number; label: string };
export type Booth = BookingBooth;
export type FormName = "airCompressor" | "electricbox" | "leakage";

export const ownBooths = (db: Database, owner: Owner): Promise<Booth[]> => callerBooths(db, owner);

/** The booth named (the caller's own only), else the session's booth, else the caller's first. */
export const resolveBooth = (db: Database, owner: Owner, requested?: number): Promise<Booth> =>
  resolveCallerBooth(db, owner, requested, "bookingForms.errors.noBooth");

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
