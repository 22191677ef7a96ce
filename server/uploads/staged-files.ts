import crypto from "node:crypto";
import { Readable } from "node:stream";
import type { Insertable, Transaction } from "kysely";
import type { DB, StoredFileTable } from "../db/schema";
import { storedFileUrl } from "./files";
import type { ObjectStore } from "./object-store";

/**
 * Files the server makes (contracts, combined scans): the bytes go to the store first; the
 * stored_files row is written in the transaction that makes the file current, so no record points
 * at a file that does not exist, and a file whose write lost a race is removed again (`discard`).
 */
const PDF_TYPE = "application/pdf";

export type StagedFile = { id: string; url: string; row: Insertable<StoredFileTable>; discard: () => Promise<void> };

type StageInput = { ownerUserId: number; folder: string; name: string; bytes: Uint8Array; now: Date };

/** Puts server-made PDF bytes in the store; the caller writes `row` (insertStagedFile) or calls `discard`. */
export function stagePdf(store: ObjectStore, input: StageInput): Promise<StagedFile> {
  return stageFile(store, { ...input, contentType: PDF_TYPE, ext: "pdf" });
}

/** The same for other server-made files (the promotion images' PNG). */
export async function stageFile(store: ObjectStore, input: StageInput & { contentType: string; ext: string }): Promise<StagedFile> {
  const id = crypto.randomBytes(18).toString("base64url");
  const month = input.now.toISOString().slice(0, 7);
  const key = `stored/${input.folder}/${input.ownerUserId}/${month}/${crypto.randomBytes(8).toString("hex")}-${input.now.getTime()}.${input.ext}`;
  const bytes = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  await store.put(key, Readable.from([bytes]), { contentType: input.contentType, maxBytes: bytes.length });
  return {
    id,
    url: storedFileUrl(id),
    row: {
      id,
      owner_user_id: input.ownerUserId,
      folder: input.folder,
      original_name: input.name,
      content_type: input.contentType,
      size_bytes: bytes.length,
      storage_key: key,
      upload_key: null,
    },
    discard: () => store.delete(key),
  };
}

export async function insertStagedFile(trx: Transaction<DB>, staged: StagedFile) {
  await trx.insertInto("stored_files").values(staged.row).execute();
}
