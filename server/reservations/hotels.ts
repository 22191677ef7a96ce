import { sql } from "kysely";
import { isOrganizer } from "../../app/contracts/permission/roles";
import type { Hotel, RoomBlock } from "../../app/contracts/reservations/api-types";
import { ApiCode, ApiError, fieldError } from "../api/envelope";
import type { Database } from "../db/database";
import { dayOf, LIVE, nightsLeft, type Who } from "./common";

/**
 * Partner hotels and their room blocks (issue 41): every signed-in account sees the shown hotels with
 * the rooms left each night; the organizer (roleId 1) sees hidden ones too and maintains them.
 */
const hotelNotFound = () => fieldError("reservations.errors.hotelNotFound", "hotelId", {}, ApiCode.notFound);
const blockNotFound = () => fieldError("reservations.errors.blockNotFound", "blockId", {}, ApiCode.notFound);

/** Yuan as typed ("388", "388.5") to whole fen, without floating point. */
function fenOf(price: string) {
  const [yuan, decimals = ""] = price.split(".");
  return Number(yuan) * 100 + Number(decimals.padEnd(2, "0"));
}

export async function listHotels(db: Database, who: Who): Promise<Hotel[]> {
  const organizer = isOrganizer(who.roleId);
  const hotels = await db
    .selectFrom("hotels")
    .select(["id", "name_zh", "name_en", "address_zh", "address_en", "note_zh", "note_en", "sort", "hidden", dayOf("cancel_until").as("cancel_until")])
    .where("exhibition_id", "=", who.exhibitionId)
    .where("retired_at", "is", null)
    .$if(!organizer, (q) => q.where("hidden", "=", false))
    .orderBy("sort")
    .orderBy("id")
    .execute();
  if (!hotels.length) return [];
  const blocks = await db
    .selectFrom("room_blocks")
    .select([
      "id",
      "hotel_id",
      "room_type_zh",
      "room_type_en",
      "price_cents",
      "rooms_per_night",
      "max_rooms_per_exhibitor",
      dayOf("first_night").as("first_night"),
      dayOf("last_night").as("last_night"),
    ])
    .where(
      "hotel_id",
      "in",
      hotels.map((h) => h.id),
    )
    .where("retired_at", "is", null)
    .orderBy("price_cents")
    .orderBy("id")
    .execute();
  const stays = blocks.length
    ? await db
        .selectFrom("room_requests")
        .select(["block_id", "rooms", dayOf("check_in").as("check_in"), dayOf("check_out").as("check_out")])
        .where(
          "block_id",
          "in",
          blocks.map((b) => b.id),
        )
        .where("status", "in", LIVE)
        .execute()
    : [];
  return hotels.map((h) => ({
    id: h.id,
    nameZh: h.name_zh,
    nameEn: h.name_en,
    addressZh: h.address_zh,
    addressEn: h.address_en,
    noteZh: h.note_zh,
    noteEn: h.note_en,
    cancelUntil: h.cancel_until,
    sort: h.sort,
    hidden: h.hidden,
    blocks: blocks
      .filter((b) => b.hotel_id === h.id)
      .map((b): RoomBlock => {
        const own = stays.filter((s) => s.block_id === b.id);
        return {
          id: b.id,
          hotelId: b.hotel_id,
          roomTypeZh: b.room_type_zh,
          roomTypeEn: b.room_type_en,
          priceCents: b.price_cents,
          roomsPerNight: b.rooms_per_night,
          maxRoomsPerExhibitor: b.max_rooms_per_exhibitor,
          firstNight: b.first_night,
          lastNight: b.last_night,
          nights: nightsLeft(b, own),
          liveRequests: own.length,
        };
      }),
  }));
}

type HotelInput = {
  id?: number;
  nameZh: string;
  nameEn: string;
  addressZh?: string;
  addressEn?: string;
  noteZh?: string;
  noteEn?: string;
  cancelUntil: string;
  sort: number;
  hidden: boolean;
};

export async function saveHotel(db: Database, who: Who, input: HotelInput) {
  const values = {
    name_zh: input.nameZh,
    name_en: input.nameEn,
    address_zh: input.addressZh ?? "",
    address_en: input.addressEn ?? "",
    note_zh: input.noteZh ?? "",
    note_en: input.noteEn ?? "",
    cancel_until: input.cancelUntil,
    sort: input.sort,
    hidden: input.hidden,
  };
  if (input.id === undefined) {
    await db
      .insertInto("hotels")
      .values({ exhibition_id: who.exhibitionId, ...values })
      .execute();
    return;
  }
  const updated = await db
    .updateTable("hotels")
    .set({ ...values, updated_at: sql`now()` })
    .where("id", "=", input.id)
    .where("exhibition_id", "=", who.exhibitionId)
    .where("retired_at", "is", null)
    .executeTakeFirst();
  if (!Number(updated.numUpdatedRows)) throw hotelNotFound();
}

export async function deleteHotel(db: Database, who: Who, id: number) {
  const owned = await activeHotel(db, who, id);
  if (!owned) throw hotelNotFound();
  const { n } = await db
    .selectFrom("room_blocks")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("hotel_id", "=", id)
    .where("retired_at", "is", null)
    .executeTakeFirstOrThrow();
  if (Number(n) > 0) throw new ApiError(ApiCode.conflict, "reservations.errors.hotelHasBlocks", { count: Number(n) });
  // Its retired blocks still name it in exhibitors' history: then it is retired too.
  const named = await db.selectFrom("room_blocks").select("id").where("hotel_id", "=", id).executeTakeFirst();
  if (named) await db.updateTable("hotels").set({ retired_at: sql`now()` }).where("id", "=", id).execute();
  else await db.deleteFrom("hotels").where("id", "=", id).execute();
}

/** A hotel of the organizer's own exhibition that is not retired, or undefined. */
const activeHotel = (db: Database, who: Who, id: number) =>
  db.selectFrom("hotels").select("id").where("id", "=", id).where("exhibition_id", "=", who.exhibitionId).where("retired_at", "is", null).executeTakeFirst();

type BlockInput = {
  id?: number;
  hotelId: number;
  roomTypeZh: string;
  roomTypeEn: string;
  price: string;
  roomsPerNight: number;
  maxRoomsPerExhibitor: number;
  firstNight: string;
  lastNight: string;
};

/** A block of the organizer's own exhibition (through its hotel), or 404. */
async function ownedBlock(db: Database, who: Who, id: number) {
  const block = await db
    .selectFrom("room_blocks as b")
    .innerJoin("hotels as h", "h.id", "b.hotel_id")
    .select("b.id")
    .where("b.id", "=", id)
    .where("h.exhibition_id", "=", who.exhibitionId)
    .where("b.retired_at", "is", null)
    .executeTakeFirst();
  if (!block) throw blockNotFound();
}

export async function saveBlock(db: Database, who: Who, input: BlockInput) {
  if (!(await activeHotel(db, who, input.hotelId))) throw hotelNotFound();
  const values = {
    hotel_id: input.hotelId,
    room_type_zh: input.roomTypeZh,
    room_type_en: input.roomTypeEn,
    price_cents: fenOf(input.price),
    rooms_per_night: input.roomsPerNight,
    max_rooms_per_exhibitor: input.maxRoomsPerExhibitor,
    first_night: input.firstNight,
    last_night: input.lastNight,
  };
  if (input.id === undefined) {
    await db.insertInto("room_blocks").values(values).execute();
    return;
  }
  await ownedBlock(db, who, input.id);
  // A smaller quota does not cancel what was asked: the organizer declines requests if rooms are short.
  await db
    .updateTable("room_blocks")
    .set({ ...values, updated_at: sql`now()` })
    .where("id", "=", input.id)
    .execute();
}

/**
 * Refused while requested or confirmed requests hold its rooms. A block that declined or cancelled
 * requests name is retired (gone from the lists, no new request) so that their history keeps it.
 */
export async function deleteBlock(db: Database, who: Who, id: number) {
  await ownedBlock(db, who, id);
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom("room_blocks").select("id").where("id", "=", id).forUpdate().executeTakeFirst();
    const { n } = await trx
      .selectFrom("room_requests")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("block_id", "=", id)
      .where("status", "in", LIVE)
      .executeTakeFirstOrThrow();
    if (Number(n) > 0) throw new ApiError(ApiCode.conflict, "reservations.errors.blockHasRequests", { count: Number(n) });
    const named = await trx.selectFrom("room_requests").select("id").where("block_id", "=", id).executeTakeFirst();
    if (named) await trx.updateTable("room_blocks").set({ retired_at: sql`now()` }).where("id", "=", id).execute();
    else await trx.deleteFrom("room_blocks").where("id", "=", id).execute();
  });
}
