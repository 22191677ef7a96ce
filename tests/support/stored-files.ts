import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { Database } from "../../server/db/database";
import type { ObjectStore } from "../../server/uploads/object-store";

/** A stored file's row as a test writes it: the owner and folder; name, type, size and key default to a small PNG that is not in the store. */
type StoredFileRow = {
  ownerUserId: number | null;
  folder: string;
  id?: string;
  name?: string;
  contentType?: string;
  sizeBytes?: number;
  storageKey?: string;
};

/**
 * A `stored_files` row written straight into the database, for what the upload flow cannot make (a
 * file another account owns, a PDF in an image folder, a file whose bytes are gone): its id, its
 * /files/ URL and its key. Real uploads come from `uploadAs` (tests/support/uploads.ts).
 */
export async function insertStoredFile(db: Database, row: StoredFileRow) {
  const id = row.id ?? crypto.randomBytes(12).toString("base64url");
  const storageKey = row.storageKey ?? `stored/${row.folder}/${id}`;
  await db
    .insertInto("stored_files")
    .values({
      id,
      owner_user_id: row.ownerUserId,
      folder: row.folder,
      original_name: row.name ?? `${id}.png`,
      content_type: row.contentType ?? "image/png",
      size_bytes: row.sizeBytes ?? 10,
      storage_key: storageKey,
      upload_key: null,
    })
    .execute();
  return { id, url: `/files/${id}`, storageKey };
}

/** The same with its bytes put into the store first (the row's size is theirs). */
export async function storeFile(db: Database, store: Pick<ObjectStore, "put">, row: StoredFileRow & { storageKey: string }, bytes: Buffer) {
  const contentType = row.contentType ?? "image/png";
  await store.put(row.storageKey, Readable.from([bytes]), { contentType, maxBytes: bytes.length });
  return insertStoredFile(db, { ...row, contentType, sizeBytes: bytes.length });
}

/** The same for a test server on the local store in `dataDir`: the bytes written where it reads them. */
export async function storeLocalFile(dataDir: string, db: Database, row: StoredFileRow & { storageKey: string }, bytes: Buffer) {
  const file = path.join(dataDir, "uploads", ...row.storageKey.split("/"));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  return insertStoredFile(db, { ...row, sizeBytes: bytes.length });
}

/** The id of a demo account (std01, raw01, admin…). */
export const userIdOf = async (db: Database, username: string) =>
  (await db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
