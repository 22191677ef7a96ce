import type { Db } from "../db/database";
import type { ObjectStore } from "../uploads/object-store";
import { addDays, type DemoCalendar } from "./demo-calendar";

/**
 * The demo's business reservations (docs/product.md § Business reservations): two partner hotels with
 * two room blocks each, bookable from the first build-up night to the closing day's night; two
 * meeting rooms; std01's hotel request (requested, 2 rooms). Dates come from the demo calendar.
 * Adds only what is missing: hotels or rooms the organizer has since made stay as they are.
 */
const HOTELS = [
  {
    nameZh: "会展中心洲际酒店",
    nameEn: "InterContinental Expo Centre",
    addressZh: "会展大道 1 号（展馆北门步行 5 分钟）",
    addressEn: "1 Expo Avenue (5 minutes' walk from the north gate)",
    noteZh: "含双早；展期每日有班车往返展馆。",
    noteEn: "Breakfast for two included; a shuttle to the venue runs each show day.",
    cancelBeforeOpening: 7,
    blocks: [
      { roomTypeZh: "高级大床房", roomTypeEn: "Superior king", priceCents: 88_800, roomsPerNight: 20 },
      { roomTypeZh: "高级双床房", roomTypeEn: "Superior twin", priceCents: 88_800, roomsPerNight: 15 },
    ],
  },
  {
    nameZh: "博览城快捷酒店",
    nameEn: "Expo City Express Hotel",
    addressZh: "博览路 88 号（地铁博览城站 B 口）",
    addressEn: "88 Bolan Road (Expo City metro station, exit B)",
    noteZh: "经济之选；不含早餐。",
    noteEn: "The budget choice; breakfast not included.",
    cancelBeforeOpening: 3,
    blocks: [
      { roomTypeZh: "标准大床房", roomTypeEn: "Standard double", priceCents: 36_800, roomsPerNight: 30 },
      { roomTypeZh: "标准双床房", roomTypeEn: "Standard twin", priceCents: 39_800, roomsPerNight: 25 },
    ],
  },
] as const;

const MEETING_ROOMS = [
  { nameZh: "洽谈室 A", nameEn: "Meeting room A", capacity: 12, locationZh: "1 号馆二层", locationEn: "Hall 1, 2nd floor" },
  { nameZh: "多功能厅", nameEn: "Function room", capacity: 40, locationZh: "会议中心一层", locationEn: "Conference centre, ground floor" },
] as const;

export async function seedReservationsDemo(db: Db, exhibitionId: number, calendar: DemoCalendar, _store?: ObjectStore) {
  const firstNight = calendar.rawMoveIn.from;
  const hotelsPresent = await db.selectFrom("hotels").select("id").where("exhibition_id", "=", exhibitionId).executeTakeFirst();
  if (!hotelsPresent) {
    let firstBlockId: number | null = null;
    for (const [index, hotel] of HOTELS.entries()) {
      const { id: hotelId } = await db
        .insertInto("hotels")
        .values({
          exhibition_id: exhibitionId,
          name_zh: hotel.nameZh,
          name_en: hotel.nameEn,
          address_zh: hotel.addressZh,
          address_en: hotel.addressEn,
          note_zh: hotel.noteZh,
          note_en: hotel.noteEn,
          cancel_until: addDays(calendar.opensOn, -hotel.cancelBeforeOpening),
          sort: index + 1,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const block of hotel.blocks) {
        const { id } = await db
          .insertInto("room_blocks")
          .values({
            hotel_id: hotelId,
            room_type_zh: block.roomTypeZh,
            room_type_en: block.roomTypeEn,
            price_cents: block.priceCents,
            rooms_per_night: block.roomsPerNight,
            first_night: firstNight,
            last_night: calendar.endsOn,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        firstBlockId ??= id;
      }
    }
    const std01 = await db.selectFrom("users").select("id").where("username", "=", "std01").where("exhibition_id", "=", exhibitionId).executeTakeFirst();
    if (std01 && firstBlockId !== null)
      await db
        .insertInto("room_requests")
        .values({
          exhibition_id: exhibitionId,
          user_id: std01.id,
          block_id: firstBlockId,
          check_in: calendar.standardMoveIn,
          check_out: addDays(calendar.endsOn, 1),
          rooms: 2,
          guest_names: JSON.stringify(["张伟", "李娜"]),
          contact_mobile: "13800138000",
        })
        .execute();
  }
  const roomsPresent = await db.selectFrom("meeting_rooms").select("id").where("exhibition_id", "=", exhibitionId).executeTakeFirst();
  if (!roomsPresent)
    await db
      .insertInto("meeting_rooms")
      .values(
        MEETING_ROOMS.map((room, index) => ({
          exhibition_id: exhibitionId,
          name_zh: room.nameZh,
          name_en: room.nameEn,
          capacity: room.capacity,
          location_zh: room.locationZh,
          location_en: room.locationEn,
          sort: index + 1,
        })),
      )
      .execute();
}
