import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import path from "node:path";
import type { VideoOrientation } from "../../app/contracts/video/values";
import type { Database } from "../db/database";
import { approvedPublicProfile } from "../exhibitor/public-profile";
import type { ObjectStore } from "../uploads/object-store";
import { storedFileIdOf } from "../uploads/files";
import { ownedFile } from "../uploads/own-upload";
import { type RenderInput, VIDEO_MAX_EXHIBITS } from "./render";

/**
 * What a promotional video shows (decision 037): the company's names and logo of the approved public
 * profile (server/exhibitor/public-profile.ts), its booth with the hall, and the chosen exhibits (else all, by
 * their order) with their first image. Pictures are copied from the object store into the job's
 * folder; one that is gone, too large or not the exhibitor's own is left out.
 */
const PICTURE_MAX_BYTES = 12 * 1024 * 1024;
const EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp", "image/gif": "gif" };

async function picture(deps: { db: Database; store: ObjectStore }, fileId: string | null, userId: number, to: string): Promise<string | null> {
  if (!fileId) return null;
  try {
    const file = await ownedFile(deps.db, userId, fileId);
    const ext = file ? EXTENSIONS[file.contentType] : undefined;
    if (!file || !ext || file.sizeBytes > PICTURE_MAX_BYTES) return null;
    const info = await deps.store.stat(file.storageKey);
    if (!info || info.sizeBytes === 0 || info.sizeBytes > PICTURE_MAX_BYTES) return null;
    const target = `${to}.${ext}`;
    // Streamed to the job's folder: never the whole picture in memory.
    await pipeline(await deps.store.openRead(file.storageKey), fs.createWriteStream(target));
    return target;
  } catch {
    return null;
  }
}

export async function renderInputFor(
  deps: { db: Database; store: ObjectStore },
  who: { userId: number; exhibitionId: number },
  orientation: VideoOrientation,
  exhibitIds: unknown,
  dir: string,
): Promise<RenderInput> {
  const { db } = deps;
  const [{ approved, names }, booth] = await Promise.all([
    approvedPublicProfile(db, who),
    db
      .selectFrom("booths as b")
      .leftJoin("halls as h", "h.id", "b.hall_id")
      .select(["b.booth_no", "h.name_zh", "h.name_en"])
      .where("b.user_id", "=", who.userId)
      .where("b.exhibition_id", "=", who.exhibitionId)
      .orderBy("b.id")
      .executeTakeFirst(),
  ]);
  const { zh, en } = names;
  const companyName = zh ?? en ?? names.username;
  const hall = booth ? (zh ? booth.name_zh : (booth.name_en ?? booth.name_zh)) : null;
  const boothLine = booth ? [zh ? `展位 ${booth.booth_no}` : `Booth ${booth.booth_no}`, hall].filter(Boolean).join(" · ") : "";

  const chosen = Array.isArray(exhibitIds) ? exhibitIds.filter((id): id is number => Number.isInteger(id)) : [];
  let query = db
    .selectFrom("exhibits")
    .select(["id", "name_zh", "name_en", "image_file_ids"])
    .where("user_id", "=", who.userId)
    .where("exhibition_id", "=", who.exhibitionId);
  if (chosen.length) query = query.where("id", "in", chosen);
  const rows = await query.orderBy("sort").orderBy("id").execute();
  const ordered = chosen.length ? chosen.flatMap((id) => rows.find((r) => r.id === id) ?? []) : rows;
  const exhibits = await Promise.all(
    ordered.slice(0, VIDEO_MAX_EXHIBITS).map(async (row, i) => ({
      name: (zh ? row.name_zh || row.name_en : row.name_en || row.name_zh) ?? "",
      imageFile: await picture(
        deps,
        Array.isArray(row.image_file_ids) && typeof row.image_file_ids[0] === "string" ? row.image_file_ids[0] : null,
        who.userId,
        path.join(dir, `exhibit-${i}`),
      ),
    })),
  );
  return {
    orientation,
    companyName,
    companyOther: zh && en && en !== zh ? en : null,
    boothLine,
    logoFile: await picture(deps, storedFileIdOf(approved.logoUrl), who.userId, path.join(dir, "logo")),
    exhibits,
  };
}
