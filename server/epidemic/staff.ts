import { phoneForRole } from "../../app/contracts/common/format";
import type { EpidemicStaff, EpidemicStaffPage } from "../../app/contracts/epidemic/api-types";
import { EPIDEMIC_STAFF_PAGE_SIZE, HEALTH_CODE_UPLOAD, TRAVEL_CODE_UPLOAD } from "../../app/contracts/epidemic/values";
import { ApiCode, fieldError, notFound } from "../api/envelope";
import type { Database, Db } from "../db/database";
import { storedFileUrl } from "../uploads/files";
import { ownUpload } from "../uploads/own-upload";
import type { UploadFolder } from "../../app/contracts/uploads/schema";
import { requireEpidemicOn, type Who } from "./declaration";
import { isUniqueViolation } from "../db/unique-violation";

/**
 * The exhibitor's on-site staff (issue 41): its own rows only, a page of 20 at a time, added one by
 * one (with optional code images of its own) or from Excel (./staff-excel.ts). An ID number is listed
 * once per exhibitor. ID numbers and mobiles are masked for everyone but the organizer.
 */

export type StaffRow = {
  id: number;
  name: string;
  id_number: string;
  mobile: string;
  health_code_file_id: string | null;
  travel_code_file_id: string | null;
  created_at: Date;
};

export function staffView(row: StaffRow, roleId: number): EpidemicStaff {
  return {
    id: row.id,
    name: row.name,
    idNumber: phoneForRole(row.id_number, roleId),
    mobile: phoneForRole(row.mobile, roleId),
    healthCodeUrl: row.health_code_file_id ? storedFileUrl(row.health_code_file_id) : null,
    travelCodeUrl: row.travel_code_file_id ? storedFileUrl(row.travel_code_file_id) : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const COLUMNS = ["id", "name", "id_number", "mobile", "health_code_file_id", "travel_code_file_id", "created_at"] as const;
/** The columns of a staff row, read through the alias `s`. */
export const STAFF_COLUMNS = COLUMNS.map((c) => `s.${c}` as const);

export async function staffPage(db: Database, who: Who, page: number): Promise<EpidemicStaffPage> {
  await requireEpidemicOn(db, who.exhibitionId);
  const base = db.selectFrom("epidemic_staff as s").where("s.exhibition_id", "=", who.exhibitionId).where("s.user_id", "=", who.userId);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow(),
    base
      .select([...STAFF_COLUMNS])
      .orderBy("s.id")
      .limit(EPIDEMIC_STAFF_PAGE_SIZE)
      .offset((page - 1) * EPIDEMIC_STAFF_PAGE_SIZE)
      .execute(),
  ]);
  return { total: Number(total), page, pageSize: EPIDEMIC_STAFF_PAGE_SIZE, items: rows.map((r) => staffView(r, who.roleId)) };
}

export type StaffInput = { name: string; idNumber: string; mobile: string; healthCodeUrl?: string; travelCodeUrl?: string };

const duplicate = () => fieldError("epidemic.errors.duplicate", "idNumber", {}, ApiCode.conflict);

/** A code image must be the caller's own upload to its folder: never someone else's file. */
async function ownImage(db: Db, who: Who, url: string | undefined, folder: UploadFolder, field: string) {
  if (!url) return null;
  return (await ownUpload(db, who.userId, url, { folder, field, message: "epidemic.errors.notYourFile" })).id;
}

/** Whether the exhibitor already lists these ID numbers (normalized as the schema leaves them). */
export async function listedIdNumbers(db: Db, who: Who, idNumbers: string[]) {
  if (!idNumbers.length) return new Set<string>();
  const rows = await db
    .selectFrom("epidemic_staff")
    .select("id_number")
    .where("exhibition_id", "=", who.exhibitionId)
    .where("user_id", "=", who.userId)
    .where("id_number", "in", idNumbers)
    .execute();
  return new Set(rows.map((r) => r.id_number));
}

export async function addStaff(db: Database, who: Who, input: StaffInput): Promise<EpidemicStaff> {
  await requireEpidemicOn(db, who.exhibitionId);
  const health = await ownImage(db, who, input.healthCodeUrl, HEALTH_CODE_UPLOAD.folder, "healthCodeUrl");
  const travel = await ownImage(db, who, input.travelCodeUrl, TRAVEL_CODE_UPLOAD.folder, "travelCodeUrl");
  if ((await listedIdNumbers(db, who, [input.idNumber])).size) throw duplicate();
  try {
    const row = await db
      .insertInto("epidemic_staff")
      .values({
        exhibition_id: who.exhibitionId,
        user_id: who.userId,
        name: input.name,
        id_number: input.idNumber,
        mobile: input.mobile,
        health_code_file_id: health,
        travel_code_file_id: travel,
      })
      .returning([...COLUMNS])
      .executeTakeFirstOrThrow();
    return staffView(row, who.roleId);
  } catch (error) {
    // Saved by another request meanwhile: the unique index decides.
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** Deletes one of the caller's own staff; anyone else's answers 404 like a missing one. */
export async function deleteStaff(db: Database, who: Who, id: number) {
  await requireEpidemicOn(db, who.exhibitionId);
  const deleted = await db
    .deleteFrom("epidemic_staff")
    .where("id", "=", id)
    .where("exhibition_id", "=", who.exhibitionId)
    .where("user_id", "=", who.userId)
    .executeTakeFirst();
  if (!Number(deleted.numDeletedRows)) throw notFound("epidemic.errors.staffNotFound");
}
