import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../config";
import type { Database } from "../db/database";

/**
 * A minimal local file store: files live under DATA_DIR/uploads/<folder>/<yyyy-mm>/ with a
 * random name and a timestamp suffix (spec point 4), one stored_files row each, served at
 * /files/<id>. A later issue replaces it with signed-policy object storage, so the
 * interface stays small: saveUpload and openStoredFile.
 */

/** Spec point 3: the upload folders. */
export const UPLOAD_FOLDERS = [
  "icon",
  "company-logo",
  "company-video",
  "company-video-cover",
  "exhibits-img",
  "eletricbox-img",
  "driving-license",
  "invoice",
  "feedback",
  "certificate-composite",
  "carriage-bill",
  "carriage-exhibit-excel",
  "payment-voucher",
  "leakage-electric",
  "health-code",
  "travel-code",
  "poster",
  "test",
] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

/** Spec point 5: default upload size 5 MB. */
export const DEFAULT_MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

type FileKind = { ext: string; contentType: string; magic: number[] };

/** Types recognised by their first bytes; the name a browser sends is never trusted. */
const KINDS = {
  jpg: { ext: "jpg", contentType: "image/jpeg", magic: [0xff, 0xd8, 0xff] },
  png: { ext: "png", contentType: "image/png", magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
} satisfies Record<string, FileKind>;
export type FileKindName = keyof typeof KINDS;

export function detectKind(bytes: Uint8Array): FileKindName | null {
  for (const [name, kind] of Object.entries(KINDS) as [FileKindName, FileKind][]) {
    if (bytes.length >= kind.magic.length && kind.magic.every((b, i) => bytes[i] === b)) return name;
  }
  return null;
}

export type UploadRejection = "empty" | "tooLarge" | "type";

export class UploadRejectedError extends Error {
  constructor(public readonly reason: UploadRejection) {
    super(`upload rejected: ${reason}`);
    this.name = "UploadRejectedError";
  }
}

export type SavedFile = { id: string; url: string };

export type StoredFile = {
  id: string;
  ownerUserId: number | null;
  folder: string;
  originalName: string;
  contentType: string;
  sizeBytes: number;
  /** Absolute path of the bytes on disk. */
  filePath: string;
};

export function storedFileUrl(id: string) {
  return `/files/${id}`;
}

function uploadsRoot(config: Pick<Config, "dataDir">) {
  return path.join(config.dataDir, "uploads");
}

/** Keeps the last path segment, without control characters, at most 200 characters. */
function cleanName(name: string) {
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, "").slice(-200) || "file";
}

/**
 * Checks the bytes (type by magic number, size) and stores them. Throws UploadRejectedError
 * for a refused file. Returns the new file's id and its URL (/files/<id>).
 */
export async function saveUpload(
  db: Database,
  config: Pick<Config, "dataDir">,
  input: {
    ownerUserId: number | null;
    folder: UploadFolder;
    originalName: string;
    bytes: Buffer;
    allowed?: FileKindName[];
    maxBytes?: number;
  },
): Promise<SavedFile> {
  const { bytes } = input;
  if (!(UPLOAD_FOLDERS as readonly string[]).includes(input.folder)) throw new Error(`unknown upload folder ${input.folder}`);
  if (bytes.length === 0) throw new UploadRejectedError("empty");
  if (bytes.length > (input.maxBytes ?? DEFAULT_MAX_UPLOAD_BYTES)) throw new UploadRejectedError("tooLarge");
  const kindName = detectKind(bytes);
  if (!kindName || !(input.allowed ?? (["jpg", "png"] as FileKindName[])).includes(kindName)) throw new UploadRejectedError("type");
  const kind = KINDS[kindName];

  const now = new Date();
  const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  const fileName = `${crypto.randomBytes(8).toString("hex")}-${now.getTime()}.${kind.ext}`;
  const storageKey = ["uploads", input.folder, month, fileName].join("/");
  const filePath = path.join(config.dataDir, ...storageKey.split("/"));
  await fs.promises.mkdir(path.dirname(filePath), { recursive: true });
  await fs.promises.writeFile(filePath, bytes, { flag: "wx" });

  const id = crypto.randomBytes(18).toString("base64url");
  try {
    await db
      .insertInto("stored_files")
      .values({
        id,
        owner_user_id: input.ownerUserId,
        folder: input.folder,
        original_name: cleanName(input.originalName),
        content_type: kind.contentType,
        size_bytes: bytes.length,
        storage_key: storageKey,
      })
      .execute();
  } catch (error) {
    await fs.promises.rm(filePath, { force: true });
    throw error;
  }
  return { id, url: storedFileUrl(id) };
}

/** The stored file with this id, or null (unknown id, or its bytes are gone). */
export async function openStoredFile(db: Database, config: Pick<Config, "dataDir">, id: string): Promise<StoredFile | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
  const row = await db.selectFrom("stored_files").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const root = uploadsRoot(config);
  const filePath = path.resolve(config.dataDir, ...row.storage_key.split("/"));
  if (!filePath.startsWith(root + path.sep)) return null;
  try {
    const stat = await fs.promises.stat(filePath);
    if (!stat.isFile()) return null;
  } catch {
    return null;
  }
  return {
    id: row.id,
    ownerUserId: row.owner_user_id,
    folder: row.folder,
    originalName: row.original_name,
    contentType: row.content_type,
    sizeBytes: row.size_bytes,
    filePath,
  };
}
