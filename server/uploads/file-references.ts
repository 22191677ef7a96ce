import { sql } from "kysely";
import type { Database } from "../db/database";
import { containsPattern } from "../db/keyword-search";
import type { ObjectStore } from "./object-store";

/**
 * Completed uploads no record refers to (issue 50): an exhibitor could upload and never save, again
 * and again, until the disk was full. Such files are removed once they are UNREFERENCED_FILE_HOURS
 * old (the form they were uploaded for has long been saved or left).
 *
 * FILE_REFERENCES is every column that can refer to a stored file, by its id or its /files/<id> URL,
 * in JSON too (a record's history keeps the files it names). A migration that adds such a column adds
 * it here: tests/api/storage-quota.test.ts fails on a column named like a file or holding JSON that
 * is in neither list.
 */
export const UNREFERENCED_FILE_HOURS = 24;

export const FILE_REFERENCES: readonly (readonly [table: string, column: string])[] = [
  ["badges", "photo_file_id"],
  ["badge_events", "details"],
  ["blue_cars", "license_front_file_id"],
  ["blue_cars", "license_back_file_id"],
  ["blue_cars", "license_second_file_id"],
  ["blue_cars", "license_four_pages_file_id"],
  ["blue_cars", "vehicle_photo_file_id"],
  ["booking_form_events", "details"],
  ["booth_drawings", "file_id"],
  ["booth_insurances", "policy_file_id"],
  ["car_parks", "map_file_id"],
  ["data_files", "stored_file_id"],
  ["electricbox_images", "file_id"],
  ["epidemic_staff", "health_code_file_id"],
  ["epidemic_staff", "travel_code_file_id"],
  ["exhibitor_profiles", "approved"],
  ["exhibitor_profiles", "draft"],
  ["exhibitor_profiles", "submitted"],
  ["exhibitor_profile_events", "details"],
  ["exhibits", "image_file_ids"],
  // The organizer's settings: the contact code picture (key contactQrFileId) among plain texts.
  ["exhibition_settings", "value"],
  ["feedback", "img_url"],
  ["group_info", "data"],
  ["invitation_templates", "background_file_id"],
  ["invoice_applications", "pdf_file_id"],
  ["leakage_commitments", "scan_file_id"],
  ["payment_voucher_files", "file_id"],
  ["promotion_images", "file_id"],
  ["safety_commitments", "generated_file_id"],
  ["safety_commitments", "signed_file_id"],
  ["service_orders", "contract_pdf_url"],
  ["service_orders", "contract_urls"],
  ["service_orders", "installation_drawing_url"],
  ["service_orders", "voucher_url"],
  ["service_order_events", "details"],
  ["services", "photo_url"],
  ["standard_builds", "fascia_file_id"],
  ["standard_builds", "fascia_check"],
  ["transport_declarations", "bill_file_id"],
  ["yellow_trucks", "license_file_id"],
];

/** Columns named like files, or holding JSON, that never refer to a stored file. */
export const NOT_FILE_REFERENCES: readonly (readonly [table: string, column: string])[] = [
  // How many files a backup copied (server/backup).
  ["backup_runs", "files_count"],
  ["button_auths", "url"],
  ["captchas", "answer"],
  ["data_file_classes", "banner"],
  ["exhibitions", "traffic_page_url_en"],
  ["exhibitor_import_stages", "file_base64"],
  ["file_grants", "file_id"],
  ["invitations", "exhibit_ids"],
  ["lifting_sends", "summary"],
  ["menus", "icon"],
  ["menus", "url"],
  ["payment_voucher_files", "voucher_id"],
  ["payment_voucher_items", "voucher_id"],
  ["promotional_videos", "exhibit_ids"],
  ["promotional_videos", "poster_key"],
  ["promotional_videos", "video_at"],
  ["promotional_videos", "video_orientation"],
  ["room_requests", "guest_names"],
  ["standard_builds", "unneeded_equipment"],
  ["standard_builds", "walls_removed"],
  ["visitors", "interest_class_ids"],
];

const BATCH = 200;

/** Which of `ids` some record refers to: each listed column read once per batch, as text. */
async function referencedFileIds(db: Database, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  if (!ids.length) return found;
  // LIKE's own characters in an id (base64url has `_`) match as themselves.
  const patterns = sql.join(ids.map((id) => sql`${containsPattern(id)}`));
  for (const [table, column] of FILE_REFERENCES) {
    const rows = await sql<{
      value: string;
    }>`select ${sql.ref(column)}::text as value from ${sql.table(table)} where ${sql.ref(column)}::text like any (array[${patterns}])`.execute(db);
    for (const { value } of rows.rows) for (const id of ids) if (value.includes(id)) found.add(id);
  }
  return found;
}

/**
 * Removes completed files older than UNREFERENCED_FILE_HOURS at `now` that no record refers to: the
 * row (its grants go with it), then the bytes. Any process may run it at any time; it is idempotent.
 * `now` is the process's clock, as stored_files.created_at is the database's (housekeeping, not business time).
 */
export async function sweepUnreferencedFiles(db: Database, store: ObjectStore, now = new Date()) {
  const olderThan = new Date(now.getTime() - UNREFERENCED_FILE_HOURS * 3_600_000);
  let removed = 0;
  let bytes = 0;
  let after = "";
  for (;;) {
    const batch = await db
      .selectFrom("stored_files")
      .select(["id", "storage_key", "size_bytes"])
      .where("created_at", "<", olderThan)
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (!batch.length) break;
    after = batch.at(-1)!.id;
    const referenced = await referencedFileIds(
      db,
      batch.map((f) => f.id),
    );
    for (const file of batch) {
      if (referenced.has(file.id)) continue;
      try {
        await db.deleteFrom("stored_files").where("id", "=", file.id).execute();
      } catch {
        // A record took it meanwhile (its foreign key refused the delete): kept.
        continue;
      }
      await store.delete(file.storage_key).catch(() => {});
      removed++;
      bytes += Number(file.size_bytes);
    }
  }
  return { files: removed, bytes };
}
