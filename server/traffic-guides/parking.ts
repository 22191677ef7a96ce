import { sql } from "kysely";
import { isOrganizer } from "../../app/contracts/permission/roles";
import type { CarPark } from "../../app/contracts/traffic-guides/api-types";
import { GUIDE_MAP_UPLOAD } from "../../app/contracts/traffic-guides/values";
import { fieldError } from "../api/envelope";
import type { Database } from "../db/database";
import { guideNotFound, type Who } from "./common";
import { ownedFile } from "../uploads/own-upload";

/**
 * The parking guide (issue 41): the exhibition's car parks with address, opening hours, prices,
 * capacity and a map picture the organizer uploaded (folder guide-map). Exhibitors read the shown
 * ones and their maps; the organizer sees hidden ones too and maintains them.
 */
type CarParkRow = {
  id: number;
  name_zh: string;
  name_en: string;
  address_zh: string;
  address_en: string;
  hours_zh: string;
  hours_en: string;
  prices_zh: string;
  prices_en: string;
  capacity: number;
  map_file_id: string | null;
  sort: number;
  hidden: boolean;
};

const carParkOf = (r: CarParkRow): CarPark => ({
  id: r.id,
  nameZh: r.name_zh,
  nameEn: r.name_en,
  addressZh: r.address_zh,
  addressEn: r.address_en,
  hoursZh: r.hours_zh,
  hoursEn: r.hours_en,
  pricesZh: r.prices_zh,
  pricesEn: r.prices_en,
  capacity: r.capacity,
  hasMap: Boolean(r.map_file_id),
  sort: r.sort,
  hidden: r.hidden,
});

const visible = (db: Database, who: Who) =>
  db
    .selectFrom("car_parks")
    .selectAll()
    .where("exhibition_id", "=", who.exhibitionId)
    .$if(!isOrganizer(who.roleId), (q) => q.where("hidden", "=", false));

export async function listCarParks(db: Database, who: Who): Promise<CarPark[]> {
  return (await visible(db, who).orderBy("sort").orderBy("id").execute()).map(carParkOf);
}

/** The stored file of a car park's map the caller may see. */
export async function carParkMap(db: Database, who: Who, id: number): Promise<string> {
  const row = await visible(db, who).where("id", "=", id).executeTakeFirst();
  if (!row?.map_file_id) throw guideNotFound();
  return row.map_file_id;
}

type CarParkInput = {
  id?: number;
  nameZh: string;
  nameEn: string;
  addressZh?: string;
  addressEn?: string;
  hoursZh?: string;
  hoursEn?: string;
  pricesZh?: string;
  pricesEn?: string;
  capacity: number;
  mapFileId?: string;
  sort: number;
  hidden: boolean;
};

/** A new car park, or an edit (a new map replaces the old one). */
export async function saveCarPark(db: Database, who: Who, input: CarParkInput): Promise<CarPark> {
  if (input.mapFileId) {
    // Only a picture the caller uploaded to the guides' folder: never someone else's upload.
    const file = await ownedFile(db, who.userId, input.mapFileId, { folder: GUIDE_MAP_UPLOAD.folder });
    if (!file) throw fieldError("trafficGuides.errors.notYourFile", "mapUrl");
  }
  const values = {
    name_zh: input.nameZh,
    name_en: input.nameEn,
    address_zh: input.addressZh ?? "",
    address_en: input.addressEn ?? "",
    hours_zh: input.hoursZh ?? "",
    hours_en: input.hoursEn ?? "",
    prices_zh: input.pricesZh ?? "",
    prices_en: input.pricesEn ?? "",
    capacity: input.capacity,
    sort: input.sort,
    hidden: input.hidden,
    ...(input.mapFileId ? { map_file_id: input.mapFileId } : {}),
  };
  const row =
    input.id === undefined
      ? await db
          .insertInto("car_parks")
          .values({ exhibition_id: who.exhibitionId, ...values })
          .returningAll()
          .executeTakeFirstOrThrow()
      : await db
          .updateTable("car_parks")
          .set({ ...values, updated_at: sql`now()` })
          .where("id", "=", input.id)
          .where("exhibition_id", "=", who.exhibitionId)
          .returningAll()
          .executeTakeFirst();
  if (!row) throw guideNotFound();
  return carParkOf(row);
}

export async function deleteCarPark(db: Database, who: Who, id: number) {
  const deleted = await db.deleteFrom("car_parks").where("id", "=", id).where("exhibition_id", "=", who.exhibitionId).executeTakeFirst();
  if (!Number(deleted.numDeletedRows)) throw guideNotFound();
}
