import { sql } from "kysely";
import type { BlueCarInput, BlueCarUpdateInput } from "../../app/contracts/vehicles/blue-cars/schema";
import type { BlueCarDays, BlueCarList, BlueCarView } from "../../app/contracts/vehicles/blue-cars/types";
import { BLUE_CAR_IMAGE_TYPES, BLUE_CAR_SCANS, type BlueCarScan } from "../../app/contracts/vehicles/blue-cars/values";
import type { Language } from "../../app/contracts/i18n/config";
import { ApiCode, ApiError, fieldError } from "../api/envelope";
import { constructionSettings } from "../booth-construction/common";
import { fileRefs } from "../uploads/own-upload";
import type { Database, Db } from "../db/database";
import type { Caller } from "../auth/caller";
import { iso } from "../db/column-values";
import { BLUE_CARS } from "./kinds";
import { deleteOwn, drivingLicense, lockForUpdate, uniqueRefusal } from "./registrations";

/**
 * Non-Shenzhen blue-plate cars (issue 41, spec /HT/blueCarGuide; decision 038). An exhibitor
 * registers a car from elsewhere with its owner, plate, four licence scans and a photo (pictures it
 * uploaded itself), for days between build-up and the closing day. The plate is the registration:
 * it never changes (400 here, a trigger below). An exhibitor registers a plate once; another
 * exhibitor's registration of it is not refused nor mentioned (that told one exhibitor about
 * another's car, issue 50): the organizer sees the conflict and approves one plate once. A
 * car can be corrected or deleted until the organizer approves it; a returned car corrected goes
 * back to review. The organizer's side is in blue-car-review.ts, the pass in blue-car-pass.ts.
 */
const K = (name: string) => `vehicles.blueCars.errors.${name}`;

const plateTaken = () => fieldError(K("plateTaken"), "plate");

/** The file columns of each scan field. */
const SCAN_COLUMNS = {
  licenseFrontUrl: "license_front_file_id",
  licenseBackUrl: "license_back_file_id",
  licenseSecondUrl: "license_second_file_id",
  licenseFourPagesUrl: "license_four_pages_file_id",
  vehiclePhotoUrl: "vehicle_photo_file_id",
} as const satisfies Record<BlueCarScan, string>;

/** Live cars of the exhibition, days as YYYY-MM-DD. */
export function selectBlueCars(db: Db, exhibitionId: number) {
  return db
    .selectFrom("blue_cars as c")
    .select([
      "c.id",
      "c.version",
      "c.user_id",
      "c.owner_name",
      "c.plate",
      ...Object.values(SCAN_COLUMNS).map((column) => `c.${column}` as const),
      sql<string>`to_char(c.needed_from, 'YYYY-MM-DD')`.as("needed_from"),
      sql<string>`to_char(c.needed_to, 'YYYY-MM-DD')`.as("needed_to"),
      "c.status",
      "c.pass_no",
      sql<string | null>`to_char(c.valid_from, 'YYYY-MM-DD')`.as("valid_from"),
      sql<string | null>`to_char(c.valid_to, 'YYYY-MM-DD')`.as("valid_to"),
      "c.review_comment",
      "c.reviewed_at",
      "c.created_at",
    ])
    .where("c.exhibition_id", "=", exhibitionId)
    .where("c.deleted_at", "is", null);
}
export type BlueCarRow = Awaited<ReturnType<ReturnType<typeof selectBlueCars>["execute"]>>[number];

/** The rows as answered, their scans as links. */
export async function blueCarViews(db: Db, rows: BlueCarRow[]): Promise<BlueCarView[]> {
  const files = await fileRefs(
    db,
    rows.flatMap((row) => Object.values(SCAN_COLUMNS).map((column) => row[column])),
  );
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    ownerName: row.owner_name,
    plate: row.plate,
    scans: Object.fromEntries(BLUE_CAR_SCANS.map((scan) => [scan, files.get(row[SCAN_COLUMNS[scan]]) ?? null])) as BlueCarView["scans"],
    neededFrom: row.needed_from,
    neededTo: row.needed_to,
    status: row.status,
    passNo: row.pass_no,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    reviewComment: row.review_comment,
    reviewedAt: iso(row.reviewed_at),
    createdAt: iso(row.created_at)!,
    canEdit: row.status !== "approved",
    canDelete: row.status !== "approved",
  }));
}

/** The days a car may be registered for: the first build-up day to the closing day. */
export async function blueCarDays(db: Db, exhibitionId: number): Promise<BlueCarDays> {
  const [settings, exhibition] = await Promise.all([
    constructionSettings(db, exhibitionId),
    db.selectFrom("exhibitions").select(sql<string>`to_char(ends_on, 'YYYY-MM-DD')`.as("ends")).where("id", "=", exhibitionId).executeTakeFirstOrThrow(),
  ]);
  return { from: settings.buildUpFrom, to: exhibition.ends };
}

/** The organizer's guide in a language and the English traffic page. */
export async function blueCarGuide(db: Db, exhibitionId: number) {
  const row = await db
    .selectFrom("exhibitions as e")
    .leftJoin("blue_car_guides as g", "g.exhibition_id", "e.id")
    .select(["e.traffic_page_url_en", "g.guide_zh", "g.guide_en"])
    .where("e.id", "=", exhibitionId)
    .executeTakeFirstOrThrow();
  return { trafficPageUrlEn: row.traffic_page_url_en, guideZh: row.guide_zh ?? "", guideEn: row.guide_en ?? "" };
}

/** GET /smeb/blueCar/list: the caller's own cars, the days, the guide. */
export async function blueCarList(db: Db, caller: Caller, language: Language): Promise<BlueCarList> {
  const [rows, days, guide] = await Promise.all([
    selectBlueCars(db, caller.exhibitionId).where("c.user_id", "=", caller.userId).orderBy("c.id").execute(),
    blueCarDays(db, caller.exhibitionId),
    blueCarGuide(db, caller.exhibitionId),
  ]);
  return {
    cars: await blueCarViews(db, rows),
    days,
    guide: language === "en" ? guide.guideEn : guide.guideZh,
    trafficPageUrlEn: guide.trafficPageUrlEn,
  };
}

async function checkDays(db: Db, caller: Caller, input: Pick<BlueCarInput, "neededFrom" | "neededTo">) {
  const days = await blueCarDays(db, caller.exhibitionId);
  for (const field of ["neededFrom", "neededTo"] as const) {
    // The message names the days; the field's own text has none (field errors are keys without values).
    if (input[field] < days.from || input[field] > days.to)
      throw new ApiError(ApiCode.badRequest, K("outsideDays"), { ...days }, { fields: { [field]: [K("notShowDay")] } });
  }
}

/** Each scan: the caller's own upload in driving-license, and a picture (the store sniffed its bytes). */
async function scanFileIds(db: Db, caller: Caller, input: BlueCarInput) {
  const ids = {} as Record<(typeof SCAN_COLUMNS)[BlueCarScan], string>;
  for (const scan of BLUE_CAR_SCANS) {
    const file = await drivingLicense(db, caller, input[scan], scan);
    if (!(BLUE_CAR_IMAGE_TYPES as readonly string[]).includes(file.contentType)) throw fieldError(K("imageOnly"), scan);
    ids[SCAN_COLUMNS[scan]] = file.id;
  }
  return ids;
}

/** The caller's own live registrations only: whether others registered the plate is not the caller's to know. */
async function checkPlateNotMine(db: Db, caller: Caller, plate: string) {
  const taken = await db
    .selectFrom("blue_cars")
    .select("id")
    .where("exhibition_id", "=", caller.exhibitionId)
    .where("user_id", "=", caller.userId)
    .where("plate", "=", plate)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (taken) throw plateTaken();
}

/** Two saves of the same plate by one exhibitor at once: the unique index refuses the second, read as the plate being taken. */
const plateGuard = <T>(work: () => Promise<T>) => uniqueRefusal("blue_cars_own_plate", plateTaken, work);

/** POST /smeb/blueCar/save: a new car, waiting for the organizer. */
export async function saveBlueCar(db: Database, caller: Caller, input: BlueCarInput, language: Language, now: Date) {
  await plateGuard(() =>
    db.transaction().execute(async (trx) => {
      await checkDays(trx, caller, input);
      await checkPlateNotMine(trx, caller, input.plate);
      const scans = await scanFileIds(trx, caller, input);
      await trx
        .insertInto("blue_cars")
        .values({
          exhibition_id: caller.exhibitionId,
          user_id: caller.userId,
          owner_name: input.ownerName,
          plate: input.plate,
          ...scans,
          needed_from: input.neededFrom,
          needed_to: input.neededTo,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }),
  );
  return blueCarList(db, caller, language);
}

/**
 * POST /smeb/blueCar/update: the other details of a car not yet approved, at the version read; a
 * returned one goes back to review. Another plate than the registered one is refused (400).
 */
export async function updateBlueCar(db: Database, caller: Caller, input: BlueCarUpdateInput, language: Language, now: Date) {
  await db.transaction().execute(async (trx) => {
    const row = await lockForUpdate(trx, BLUE_CARS, caller, input);
    await checkDays(trx, caller, input);
    const scans = await scanFileIds(trx, caller, input);
    await trx
      .updateTable("blue_cars")
      .set({
        owner_name: input.ownerName,
        ...scans,
        needed_from: input.neededFrom,
        needed_to: input.neededTo,
        status: "submitted",
        version: row.version + 1,
        updated_at: now,
      })
      .where("id", "=", row.id)
      .execute();
  });
  return blueCarList(db, caller, language);
}

/** POST /smeb/blueCar/delete: the caller's own car until it is approved; kept, marked deleted. */
export async function deleteBlueCar(db: Database, caller: Caller, input: { id: number; version?: number }, language: Language, now: Date) {
  await deleteOwn(db, BLUE_CARS, caller, input, now);
  return blueCarList(db, caller, language);
}
