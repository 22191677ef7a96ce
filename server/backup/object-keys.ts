/**
 * Every column that holds a key of the object store: what a backup copies besides the rows. A
 * migration that adds such a column adds it here (tests/api/backup.test.ts fails on a `*_key` column
 * that is in neither list).
 */
export const STORED_OBJECT_KEYS: readonly {
  table: string;
  column: string;
  /** The content type when no column says it. */
  contentType: string;
  contentTypeColumn?: string;
  sizeColumn?: string;
}[] = [
  { table: "stored_files", column: "storage_key", contentType: "application/octet-stream", contentTypeColumn: "content_type", sizeColumn: "size_bytes" },
  { table: "promotional_videos", column: "mp4_key", contentType: "video/mp4" },
  { table: "promotional_videos", column: "poster_key", contentType: "image/jpeg" },
];

/** Columns named `*_key` that are not object keys. */
export const NOT_OBJECT_KEYS: readonly (readonly [table: string, column: string])[] = [
  // A deletion that waits for a running backup: the key of an object no record names any more.
  ["deferred_object_deletions", "storage_key"],
  ["invoice_application_items", "item_key"],
  ["payment_voucher_items", "item_key"],
  ["promotion_views", "address_key"],
  ["service_orders", "idempotency_key"],
  ["promotion_views", "visitor_key"],
  ["stored_files", "upload_key"],
  ["upload_grants", "upload_key"],
  ["visitors", "address_key"],
  // A visitor pass's random key, signed into the pass's codes (server/leads/pass-codes.ts).
  ["visitors", "pass_key"],
];
