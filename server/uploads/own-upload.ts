import type { UploadFolder } from "../../app/contracts/uploads/schema";
import { ApiCode, fieldError } from "../api/envelope";
import type { Db } from "../db/database";
import { storedFileIdOf, storedFileUrl } from "./files";

/**
 * The one check of a file a form names by its `/files/<id>` URL: it must be the caller's own
 * upload (into the form's folder, of the kind it takes). Someone else's file, a file of another
 * folder and a missing one are refused alike, at the form's field, so the answer does not tell
 * which (the IDOR rule).
 */
export type OwnedUpload = { id: string; url: string; name: string; contentType: string; storageKey: string; sizeBytes: number };

export type UploadFilter = {
  /** The folder the form uploads into; without it, any of the owner's files. */
  folder?: UploadFolder;
  /** A content type ("application/pdf"), or a family ending in "/" ("image/"). */
  contentType?: string;
};

export type UploadRule = UploadFilter & {
  /** The form field the refusal is shown at, and its message key. */
  field: string;
  message: string;
  /** 400 unless said otherwise (most forms answer 404 for a file that is not the caller's). */
  code?: number;
};

function ownedQuery(db: Db, ownerUserId: number, ids: string[], filter: UploadFilter) {
  let query = db
    .selectFrom("stored_files")
    .select(["id", "original_name", "content_type", "storage_key", "size_bytes"])
    .where("id", "in", ids)
    .where("owner_user_id", "=", ownerUserId);
  if (filter.folder) query = query.where("folder", "=", filter.folder);
  if (filter.contentType?.endsWith("/")) query = query.where("content_type", "like", `${filter.contentType}%`);
  else if (filter.contentType) query = query.where("content_type", "=", filter.contentType);
  return query;
}

/** The stored file `id` when `ownerUserId` uploaded it (and it passes `filter`), else null. */
export async function ownedFile(db: Db, ownerUserId: number, id: string | null | undefined, filter: UploadFilter = {}): Promise<OwnedUpload | null> {
  if (!id) return null;
  const row = await ownedQuery(db, ownerUserId, [id], filter).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    url: storedFileUrl(row.id),
    name: row.original_name,
    contentType: row.content_type,
    storageKey: row.storage_key,
    sizeBytes: Number(row.size_bytes),
  };
}

/** The file a form names by its URL, when it is the caller's own upload; anything else is refused at the rule's field. */
export async function ownUpload(db: Db, ownerUserId: number, url: string, rule: UploadRule): Promise<OwnedUpload> {
  const file = await ownedFile(db, ownerUserId, storedFileIdOf(url), rule);
  if (!file) throw uploadRefused(rule);
  return file;
}

/** Several files named by URL (each once, in the order given), all the caller's own uploads, else refused at the rule's field. */
export async function ownUploads(db: Db, ownerUserId: number, urls: string[], rule: UploadRule): Promise<string[]> {
  const ids = [...new Set(urls.map((url) => storedFileIdOf(url)))];
  if (ids.some((id) => id === null)) throw uploadRefused(rule);
  if (!ids.length) return [];
  const owned = await ownedQuery(db, ownerUserId, ids as string[], rule).execute();
  if (owned.length !== ids.length) throw uploadRefused(rule);
  return ids as string[];
}

const uploadRefused = (rule: UploadRule) => fieldError(rule.message, rule.field, {}, rule.code ?? ApiCode.badRequest);

/** Stored files by id, as links with their names (for answers that name several). */
export async function fileRefs(db: Db, ids: (string | null)[]): Promise<Map<string, { url: string; name: string }>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom("stored_files").select(["id", "original_name"]).where("id", "in", wanted).execute();
  return new Map(rows.map((r) => [r.id, { url: storedFileUrl(r.id), name: r.original_name }]));
}
