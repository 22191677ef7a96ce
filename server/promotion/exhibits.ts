import { sql, type Selectable } from "kysely";
import type { ExhibitList, ExhibitRemoved, ExhibitView } from "../../app/contracts/promotion/api-types";
import type { ExhibitInput } from "../../app/contracts/promotion/schema";
import { EXHIBITS_MAX } from "../../app/contracts/promotion/values";
import type { Language } from "../../app/contracts/i18n/config";
import { ApiCode, ApiError, fieldError, notFound } from "../api/envelope";
import type { Caller } from "../auth/caller";
import type { Database } from "../db/database";
import type { DB } from "../db/schema";
import { storedFileUrl } from "../uploads/files";
import { ownUploads } from "../uploads/own-upload";

/**
 * The exhibitor's exhibits (issue 38, decision 031): everything is the caller's own. Another
 * exhibitor's exhibit answers exactly like an unknown one (404); images must be the caller's own
 * uploads to 'exhibits-img'; a change names the version it was made on.
 */
const IMAGE_FOLDER = "exhibits-img";

type ExhibitRow = Pick<
  Selectable<DB["exhibits"]>,
  "id" | "name_zh" | "name_en" | "description_zh" | "description_en" | "class_id" | "image_file_ids" | "sort" | "version" | "updated_at"
> & { class_zh: string | null; class_en: string | null };

const exhibitNotFound = () => notFound("promotion.errors.exhibitNotFound");

/** jsonb comes back parsed from both drivers; an old or odd value counts as no images. */
const fileIds = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

function view(row: ExhibitRow, language: Language): ExhibitView {
  return {
    id: row.id,
    nameZh: row.name_zh,
    nameEn: row.name_en,
    descriptionZh: row.description_zh,
    descriptionEn: row.description_en,
    classId: row.class_id,
    className: row.class_id === null ? null : language === "en" ? row.class_en || row.class_zh : row.class_zh,
    images: fileIds(row.image_file_ids).map((id) => ({ url: storedFileUrl(id) })),
    sort: row.sort,
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function ownExhibits(db: Database, caller: Caller) {
  return db
    .selectFrom("exhibits as e")
    .leftJoin("exhibit_classes as c", "c.id", "e.class_id")
    .select(["e.id", "e.name_zh", "e.name_en", "e.description_zh", "e.description_en", "e.class_id", "e.image_file_ids", "e.sort", "e.version", "e.updated_at"])
    .select(["c.name_zh as class_zh", "c.name_en as class_en"])
    .where("e.user_id", "=", caller.userId)
    .where("e.exhibition_id", "=", caller.exhibitionId);
}

export async function listExhibits(db: Database, caller: Caller, language: Language): Promise<ExhibitList> {
  const rows = await ownExhibits(db, caller).orderBy("e.sort").orderBy("e.id").execute();
  return { items: rows.map((row) => view(row, language)), max: EXHIBITS_MAX };
}

export async function exhibitDetail(db: Database, caller: Caller, id: number, language: Language): Promise<ExhibitView> {
  const row = await ownExhibits(db, caller).where("e.id", "=", id).executeTakeFirst();
  if (!row) throw exhibitNotFound();
  return view(row, language);
}

/** The images as stored file ids, each the caller's own upload to the exhibit folder, in the order given. */
async function ownImages(db: Database, caller: Caller, urls: string[]): Promise<string[]> {
  // The same image twice is refused, not merged (ownUploads keeps each once).
  if (new Set(urls).size !== urls.length) throw fieldError("promotion.errors.imageInvalid", "imageUrls");
  return ownUploads(db, caller.userId, urls, { folder: IMAGE_FOLDER, contentType: "image/", field: "imageUrls", message: "promotion.errors.imageInvalid" });
}

async function checkClass(db: Database, caller: Caller, classId: number | undefined) {
  if (classId === undefined) return null;
  const row = await db.selectFrom("exhibit_classes").select("id").where("id", "=", classId).where("exhibition_id", "=", caller.exhibitionId).executeTakeFirst();
  if (!row) throw fieldError("promotion.errors.classInvalid", "classId");
  return row.id;
}

const columns = (input: ExhibitInput, classId: number | null, images: string[]) => ({
  name_zh: input.nameZh,
  name_en: input.nameEn ?? "",
  description_zh: input.descriptionZh ?? "",
  description_en: input.descriptionEn ?? "",
  class_id: classId,
  image_file_ids: JSON.stringify(images),
});

export async function addExhibit(db: Database, caller: Caller, input: ExhibitInput, language: Language, now: Date): Promise<ExhibitView> {
  const [images, classId] = await Promise.all([ownImages(db, caller, input.imageUrls), checkClass(db, caller, input.classId)]);
  const id = await db.transaction().execute(async (trx) => {
    // One exhibitor's adds are serialized on its user row, so two at once cannot pass the limit together.
    await trx.selectFrom("users").select("id").where("id", "=", caller.userId).forUpdate().executeTakeFirst();
    const { count, last } = await trx
      .selectFrom("exhibits")
      .select([sql<number>`count(*)::int`.as("count"), sql<number | null>`max(sort)`.as("last")])
      .where("user_id", "=", caller.userId)
      .where("exhibition_id", "=", caller.exhibitionId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= EXHIBITS_MAX) throw new ApiError(ApiCode.conflict, "promotion.errors.tooManyExhibits", { max: EXHIBITS_MAX });
    const row = await trx
      .insertInto("exhibits")
      .values({
        user_id: caller.userId,
        exhibition_id: caller.exhibitionId,
        ...columns(input, classId, images),
        sort: Number(last ?? 0) + 1,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return exhibitDetail(db, caller, id, language);
}

export async function updateExhibit(
  db: Database,
  caller: Caller,
  input: ExhibitInput & { id: number; version: number },
  language: Language,
  now: Date,
): Promise<ExhibitView> {
  const current = await ownExhibits(db, caller).where("e.id", "=", input.id).executeTakeFirst();
  if (!current) throw exhibitNotFound();
  const [images, classId] = await Promise.all([ownImages(db, caller, input.imageUrls), checkClass(db, caller, input.classId)]);
  const updated = await db
    .updateTable("exhibits")
    .set({ ...columns(input, classId, images), version: sql<number>`version + 1`, updated_at: now })
    .where("id", "=", input.id)
    .where("user_id", "=", caller.userId)
    .where("version", "=", input.version)
    .returning("id")
    .executeTakeFirst();
  if (!updated) throw new ApiError(ApiCode.conflict, "promotion.errors.stale");
  return exhibitDetail(db, caller, input.id, language);
}

export async function removeExhibit(db: Database, caller: Caller, id: number): Promise<ExhibitRemoved> {
  const removed = await db
    .deleteFrom("exhibits")
    .where("id", "=", id)
    .where("user_id", "=", caller.userId)
    .where("exhibition_id", "=", caller.exhibitionId)
    .returning("id")
    .executeTakeFirst();
  if (!removed) throw exhibitNotFound();
  return { id: removed.id };
}

/** A new order: the ids of every one of the caller's exhibits, each once. */
export async function orderExhibits(db: Database, caller: Caller, ids: number[], language: Language): Promise<ExhibitList> {
  await db.transaction().execute(async (trx) => {
    const own = await trx
      .selectFrom("exhibits")
      .select("id")
      .where("user_id", "=", caller.userId)
      .where("exhibition_id", "=", caller.exhibitionId)
      .forUpdate()
      .execute();
    const ownIds = new Set(own.map((r) => r.id));
    if (ids.length !== ownIds.size || new Set(ids).size !== ids.length || ids.some((id) => !ownIds.has(id)))
      throw fieldError("promotion.errors.orderInvalid", "ids");
    for (const [index, id] of ids.entries())
      await trx
        .updateTable("exhibits")
        .set({ sort: index + 1 })
        .where("id", "=", id)
        .execute();
  });
  return listExhibits(db, caller, language);
}
