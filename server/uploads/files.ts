import crypto from "node:crypto";
import { Readable } from "node:stream";
import { effectiveRules, type UploadFolder, type UploadKind, type UploadedFile } from "../../app/contracts/uploads/schema";
import type { Database } from "../db/database";
import type { ObjectStore } from "./object-store";
import { ObjectTooLargeError } from "./object-store";
import { checkMp4Codecs, FILE_KINDS, sniffKind } from "./sniff";
import { consumeGrant } from "./grants";
import { ORGANIZER_ROLE_ID } from "../../app/contracts/permission/roles";
import { exceedsPixelLimit, pixelLimitOf } from "./pictures";

/**
 * Stored files: the bytes live in the object store under a key the server made; one
 * stored_files row each records the owner, the checked type and the user's file name, and the
 * file is served at /files/<id> to its owner, an organizer (roleId 1), and users it was granted to.
 */
export type UploadRejection = "empty" | "tooLarge" | "type" | "tooManyPixels" | "videoCodec" | "audioCodec" | "notFound";

export class UploadRejectedError extends Error {
  constructor(public readonly reason: UploadRejection) {
    super(`upload rejected: ${reason}`);
    this.name = "UploadRejectedError";
  }
}

export function storedFileUrl(id: string) {
  return `/files/${id}`;
}

/** The stored file id a `/files/<id>` URL names (storedFileUrl's inverse), or null for anything else. */
export function storedFileIdOf(url: unknown): string | null {
  return typeof url === "string" && url.startsWith("/files/") ? url.slice("/files/".length) || null : null;
}

/** docs/product.md § Uploads: a timestamp suffix on every stored name; the rest is random, the extension is the kind's. */
export function newStorageKey(folder: UploadFolder, userId: number, ext: string, now = new Date()) {
  const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  return `${folder}/${userId}/${month}/${crypto.randomBytes(8).toString("hex")}-${now.getTime()}.${ext}`;
}

export function keyPrefixOf(folder: UploadFolder, userId: number) {
  return `${folder}/${userId}/`;
}

/** Keeps the last path segment, without control characters, at most 200 characters. */
function cleanName(name: string) {
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, "").slice(-200) || "file";
}

/** Kinds whose pixels are counted (pictures.ts): a decompression bomb is refused at upload. */
const PICTURE_KINDS: ReadonlySet<string> = new Set(["jpg", "png", "gif"]);

type ClaimInput = { userId: number; folder: UploadFolder; key: string; name: string; kinds?: UploadKind[]; maxBytes?: number };

/**
 * Turns an object uploaded under the caller's prefix into a stored file, after checking its size
 * and its real type from its bytes (and, for a picture, its pixels from its header; for video, its
 * codecs from its boxes). A refused object is deleted. Claiming the same key twice answers the same file (a retried request).
 */
export async function claimUpload(db: Database, store: ObjectStore, input: ClaimInput): Promise<UploadedFile> {
  if (!input.key.startsWith(keyPrefixOf(input.folder, input.userId))) throw new UploadRejectedError("notFound");
  const answered = async () => {
    const row = await db.selectFrom("stored_files").selectAll().where("upload_key", "=", input.key).executeTakeFirst();
    if (!row) return null;
    if (row.owner_user_id !== input.userId) throw new UploadRejectedError("notFound");
    return { id: row.id, url: storedFileUrl(row.id), name: row.original_name, sizeBytes: row.size_bytes, contentType: row.content_type };
  };
  const earlier = await answered();
  if (earlier) return earlier;

  // Out of the uploader's reach first (the signed form stays valid a while), then checked.
  const key = `stored/${input.key}`;
  try {
    await store.move(input.key, key);
  } catch {
    // Gone, or moved by a concurrent claim of the same key.
    const concurrent = await answered();
    if (concurrent) return concurrent;
    throw new UploadRejectedError("notFound");
  }
  // The grant, the size and the first bytes do not depend on each other: asked at once, since under
  // load every round trip waits its turn behind other requests (issue 42).
  // 64 KB: spreadsheets name their type further in than images do (see sniff.ts).
  const [, info, head] = await Promise.all([consumeGrant(db, input.key), store.stat(key), store.readRange(key, 0, 65_535).catch(() => null)]);
  if (!info || !head) throw new UploadRejectedError("notFound");
  const rules = effectiveRules(input.folder, { kinds: input.kinds, maxBytes: input.maxBytes });
  const refuse = async (reason: UploadRejection) => {
    await store.delete(key);
    throw new UploadRejectedError(reason);
  };
  if (info.sizeBytes === 0) return refuse("empty");
  if (info.sizeBytes > rules.maxBytes) return refuse("tooLarge");
  const kind = await sniffKind(head);
  if (!kind || !rules.kinds.includes(kind)) return refuse("type");
  const whole = () => store.readRange(key, 0, info.sizeBytes - 1);
  if (PICTURE_KINDS.has(kind) && (await exceedsPixelLimit(head, info.sizeBytes, whole, pixelLimitOf(input.folder)))) return refuse("tooManyPixels");
  if (kind === "mp4") {
    const codecs = await checkMp4Codecs((start, end) => store.readRange(key, start, end), info.sizeBytes);
    if (!codecs.ok) return refuse(codecs.reason === "audioCodec" ? "audioCodec" : codecs.reason === "notMp4" ? "type" : "videoCodec");
  }

  const id = crypto.randomBytes(18).toString("base64url");
  const row = {
    id,
    owner_user_id: input.userId,
    folder: input.folder,
    original_name: cleanName(input.name),
    content_type: FILE_KINDS[kind].contentType,
    size_bytes: info.sizeBytes,
    storage_key: key,
    upload_key: input.key,
  };
  await db.insertInto("stored_files").values(row).execute();
  return { id, url: storedFileUrl(id), name: row.original_name, sizeBytes: row.size_bytes, contentType: row.content_type };
}

/** For callers that already hold the bytes (the API's own multipart forms). */
export async function saveUpload(
  db: Database,
  store: ObjectStore,
  input: { ownerUserId: number; folder: UploadFolder; originalName: string; bytes: Buffer; kinds?: UploadKind[]; maxBytes?: number },
): Promise<UploadedFile> {
  const rules = effectiveRules(input.folder, { kinds: input.kinds, maxBytes: input.maxBytes });
  if (input.bytes.length === 0) throw new UploadRejectedError("empty");
  if (input.bytes.length > rules.maxBytes) throw new UploadRejectedError("tooLarge");
  const kind = await sniffKind(input.bytes.subarray(0, 65_536));
  if (!kind || !rules.kinds.includes(kind)) throw new UploadRejectedError("type");
  const key = newStorageKey(input.folder, input.ownerUserId, FILE_KINDS[kind].ext);
  try {
    await store.put(key, Readable.from([input.bytes]), { contentType: FILE_KINDS[kind].contentType, maxBytes: rules.maxBytes });
  } catch (error) {
    if (error instanceof ObjectTooLargeError) throw new UploadRejectedError("tooLarge");
    throw error;
  }
  return claimUpload(db, store, {
    userId: input.ownerUserId,
    folder: input.folder,
    key,
    name: input.originalName,
    kinds: rules.kinds,
    maxBytes: rules.maxBytes,
  });
}

export type StoredFile = {
  id: string;
  ownerUserId: number | null;
  folder: string;
  originalName: string;
  contentType: string;
  sizeBytes: number;
  storageKey: string;
};

export async function findStoredFile(db: Database, id: string): Promise<StoredFile | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
  const row = await db.selectFrom("stored_files").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    ownerUserId: row.owner_user_id,
    folder: row.folder,
    originalName: row.original_name,
    contentType: row.content_type,
    sizeBytes: row.size_bytes,
    storageKey: row.storage_key,
  };
}

/** The owner, an organizer, or someone the owning record shared the file with (file_grants). */
export async function canReadFile(db: Database, file: StoredFile, caller: { id: number; roleId: number }) {
  if (file.ownerUserId === caller.id || caller.roleId === ORGANIZER_ROLE_ID) return true;
  const grant = await db.selectFrom("file_grants").select("file_id").where("file_id", "=", file.id).where("user_id", "=", caller.id).executeTakeFirst();
  return Boolean(grant);
}

/** Lets another user read a file, e.g. the contractor an order is shared with. */
export async function grantFile(db: Database, fileId: string, userId: number) {
  await db
    .insertInto("file_grants")
    .values({ file_id: fileId, user_id: userId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
