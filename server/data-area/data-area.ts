import { sql } from "kysely";
import type { DataClass, DataFile, DataFileList } from "../../app/contracts/data-area/api-types";
import type { DataFileLanguage } from "../../app/contracts/data-area/values";
import { isOrganizer } from "../../app/contracts/permission/roles";
import { ApiCode, ApiError, fieldError, notFound } from "../api/envelope";
import type { Caller } from "../auth/caller";
import type { Database } from "../db/database";
import { containsPattern } from "../db/keyword-search";
import { ownedFile } from "../uploads/own-upload";

/**
 * The data area (issue 41): file classes and files of the caller's exhibition. Every signed-in
 * account sees the shown classes and their shown files; the organizer (roleId 1) sees everything and
 * maintains them. A file offers a stored file the organizer uploaded (folder data-file); a download
 * counts once per request. A class holding files is not deleted (the database says so too).
 */
type Who = Pick<Caller, "userId" | "exhibitionId" | "roleId">;

const classNotFound = () => fieldError("dataArea.errors.classNotFound", "classId", {}, ApiCode.notFound);
const fileNotFound = () => notFound("dataArea.errors.fileNotFound");

export async function listClasses(db: Database, who: Who): Promise<DataClass[]> {
  const organizer = isOrganizer(who.roleId);
  let query = db
    .selectFrom("data_file_classes as c")
    .select(["c.id", "c.name_zh", "c.name_en", "c.sort", "c.hidden", "c.banner"])
    .select((eb) =>
      eb
        .selectFrom("data_files as f")
        .whereRef("f.class_id", "=", "c.id")
        .$if(!organizer, (q) => q.where("f.hidden", "=", false))
        .select((e) => e.fn.countAll<string>().as("n"))
        .as("file_count"),
    )
    .where("c.exhibition_id", "=", who.exhibitionId);
  if (!organizer) query = query.where("c.hidden", "=", false);
  const rows = await query.orderBy("c.sort").orderBy("c.id").execute();
  return rows.map((r) => ({
    id: r.id,
    nameZh: r.name_zh,
    nameEn: r.name_en,
    sort: r.sort,
    hidden: r.hidden,
    banner: r.banner,
    fileCount: Number(r.file_count ?? 0),
  }));
}

/** LIKE's own characters in a keyword match themselves. */

/** Files of the given classes (none: every class the caller sees), searched in names and descriptions, a page at a time. */
export async function listFiles(
  db: Database,
  who: Who,
  input: { classIds: number[]; keyword?: string; page: number; pageSize: number; bannerOnly?: boolean; fileId?: number },
): Promise<DataFileList> {
  const organizer = isOrganizer(who.roleId);
  let base = db
    .selectFrom("data_files as f")
    .innerJoin("data_file_classes as c", "c.id", "f.class_id")
    .innerJoin("stored_files as s", "s.id", "f.stored_file_id")
    .where("f.exhibition_id", "=", who.exhibitionId);
  if (!organizer) base = base.where("f.hidden", "=", false).where("c.hidden", "=", false);
  if (input.classIds.length) base = base.where("f.class_id", "in", input.classIds);
  if (input.bannerOnly) base = base.where("c.banner", "=", true);
  if (input.fileId !== undefined) base = base.where("f.id", "=", input.fileId);
  if (input.keyword) {
    const pattern = containsPattern(input.keyword);
    base = base.where((eb) => eb.or(["f.name_zh", "f.name_en", "f.description_zh", "f.description_en"].map((column) => eb(sql.ref(column), "ilike", pattern))));
  }
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow(),
    base
      .selectAll("f")
      .select(["s.original_name", "s.content_type", "s.size_bytes"])
      .orderBy("c.sort")
      .orderBy("c.id")
      .orderBy("f.sort")
      .orderBy("f.id")
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
  ]);
  return {
    total: Number(total),
    page: input.page,
    pageSize: input.pageSize,
    items: rows.map(
      (r): DataFile => ({
        id: r.id,
        classId: r.class_id,
        nameZh: r.name_zh,
        nameEn: r.name_en,
        descriptionZh: r.description_zh,
        descriptionEn: r.description_en,
        language: r.language,
        fileName: r.original_name,
        contentType: r.content_type,
        sizeBytes: Number(r.size_bytes),
        downloads: r.downloads,
        sort: r.sort,
        hidden: r.hidden,
        updatedAt: new Date(r.updated_at).toISOString(),
      }),
    ),
  };
}

/** The stored file of a file the caller sees, its download counted. */
export async function downloadFile(db: Database, who: Who, id: number) {
  let query = db
    .updateTable("data_files as f")
    .set({ downloads: sql`downloads + 1` })
    .from("data_file_classes as c")
    .whereRef("c.id", "=", "f.class_id")
    .where("f.id", "=", id)
    .where("f.exhibition_id", "=", who.exhibitionId);
  if (!isOrganizer(who.roleId)) query = query.where("f.hidden", "=", false).where("c.hidden", "=", false);
  const row = await query.returning(["f.stored_file_id", "f.name_zh", "f.name_en"]).executeTakeFirst();
  if (!row) throw fileNotFound();
  return { storedFileId: row.stored_file_id, nameZh: row.name_zh, nameEn: row.name_en };
}

type ClassInput = { id?: number; nameZh: string; nameEn: string; sort: number; hidden: boolean; banner: boolean };

export async function saveClass(db: Database, who: Who, input: ClassInput) {
  await db.transaction().execute(async (trx) => {
    // One logo and banner class: choosing another moves the mark.
    if (input.banner)
      await trx
        .updateTable("data_file_classes")
        .set({ banner: false })
        .where("exhibition_id", "=", who.exhibitionId)
        .where("banner", "=", true)
        .$if(input.id !== undefined, (q) => q.where("id", "!=", input.id!))
        .execute();
    const values = { name_zh: input.nameZh, name_en: input.nameEn, sort: input.sort, hidden: input.hidden, banner: input.banner };
    if (input.id === undefined) {
      await trx
        .insertInto("data_file_classes")
        .values({ exhibition_id: who.exhibitionId, ...values })
        .execute();
      return;
    }
    const updated = await trx
      .updateTable("data_file_classes")
      .set({ ...values, updated_at: sql`now()` })
      .where("id", "=", input.id)
      .where("exhibition_id", "=", who.exhibitionId)
      .executeTakeFirst();
    if (!Number(updated.numUpdatedRows)) throw classNotFound();
  });
}

export async function deleteClass(db: Database, who: Who, id: number) {
  const owned = await db.selectFrom("data_file_classes").select("id").where("id", "=", id).where("exhibition_id", "=", who.exhibitionId).executeTakeFirst();
  if (!owned) throw classNotFound();
  const { n } = await db
    .selectFrom("data_files")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("class_id", "=", id)
    .executeTakeFirstOrThrow();
  if (Number(n) > 0) throw new ApiError(ApiCode.conflict, "dataArea.errors.classHasFiles", { count: Number(n) });
  await db.deleteFrom("data_file_classes").where("id", "=", id).execute();
}

type FileInput = {
  id?: number;
  classId: number;
  nameZh: string;
  nameEn?: string;
  descriptionZh?: string;
  descriptionEn?: string;
  language: DataFileLanguage;
  storedFileId?: string;
  sort: number;
  hidden: boolean;
};

/** A new file, or an edit (a new stored file replaces the old one; downloads are kept). */
export async function saveFile(db: Database, who: Who, input: FileInput): Promise<number> {
  const klass = await db
    .selectFrom("data_file_classes")
    .select("id")
    .where("id", "=", input.classId)
    .where("exhibition_id", "=", who.exhibitionId)
    .executeTakeFirst();
  if (!klass) throw classNotFound();
  if (input.storedFileId) {
    // Only a file the caller uploaded to the data area's folder: never someone else's upload.
    const file = await ownedFile(db, who.userId, input.storedFileId, { folder: "data-file" });
    if (!file) throw fieldError("dataArea.errors.notYourFile", "fileUrl");
  }
  const values = {
    class_id: input.classId,
    name_zh: input.nameZh,
    name_en: input.nameEn ?? "",
    description_zh: input.descriptionZh ?? "",
    description_en: input.descriptionEn ?? "",
    language: input.language,
    sort: input.sort,
    hidden: input.hidden,
  };
  if (input.id === undefined) {
    if (!input.storedFileId) throw new ApiError(ApiCode.badRequest, "validation.required|dataArea.fields.file");
    const row = await db
      .insertInto("data_files")
      .values({ exhibition_id: who.exhibitionId, stored_file_id: input.storedFileId, ...values })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const row = await db
    .updateTable("data_files")
    .set({ ...values, ...(input.storedFileId ? { stored_file_id: input.storedFileId } : {}), updated_at: sql`now()` })
    .where("id", "=", input.id)
    .where("exhibition_id", "=", who.exhibitionId)
    .returning("id")
    .executeTakeFirst();
  if (!row) throw fileNotFound();
  return row.id;
}

export async function deleteFile(db: Database, who: Who, id: number) {
  const deleted = await db.deleteFrom("data_files").where("id", "=", id).where("exhibition_id", "=", who.exhibitionId).executeTakeFirst();
  if (!Number(deleted.numDeletedRows)) throw fileNotFound();
}

export async function fileById(db: Database, who: Who, id: number): Promise<DataFile> {
  const file = (await listFiles(db, who, { classIds: [], page: 1, pageSize: 1, fileId: id })).items[0];
  if (!file) throw fileNotFound();
  return file;
}
