import { sql } from "kysely";
import { isOrganizer } from "../../app/contracts/permission/roles";
import type { MeetingBooking, MeetingRoom, Paged } from "../../app/contracts/reservations/api-types";
import type { MeetingSlot, ReservationDecision, ReservationStatus } from "../../app/contracts/reservations/values";
import { ApiCode, ApiError, fieldError, notFound } from "../api/envelope";
import { appClock } from "../clock";
import type { Database } from "../db/database";
import { askerFor, dayOf, decideWaiting, deskPage, isLive, LIVE, showDays, type Who } from "./common";
import { iso } from "../db/column-values";
import { isUniqueViolation } from "../db/unique-violation";

/**
 * Meeting rooms and their bookings (issue 41): a room is booked by show day and slot; a slot held
 * (requested or confirmed) by anyone is refused, and so are more people than the room holds. The
 * owner cancels until the booked day begins; the organizer confirms or declines.
 */
const roomNotFound = () => fieldError("reservations.errors.meetingRoomNotFound", "roomId", {}, ApiCode.notFound);
const bookingNotFound = () => notFound("reservations.errors.bookingNotFound");
const slotTaken = () => fieldError("reservations.errors.slotTaken", "slot", {}, ApiCode.conflict);

const beforeDay = (day: string) => appClock.now().getTime() < Date.parse(`${day}T00:00:00+08:00`);

export async function listMeetingRooms(db: Database, who: Who): Promise<MeetingRoom[]> {
  const rooms = await db
    .selectFrom("meeting_rooms")
    .selectAll()
    .where("exhibition_id", "=", who.exhibitionId)
    .where("retired_at", "is", null)
    .$if(!isOrganizer(who.roleId), (q) => q.where("hidden", "=", false))
    .orderBy("sort")
    .orderBy("id")
    .execute();
  const taken = rooms.length
    ? await db
        .selectFrom("meeting_bookings")
        .select(["room_id", "slot", dayOf("day").as("day")])
        .where(
          "room_id",
          "in",
          rooms.map((r) => r.id),
        )
        .where("status", "in", LIVE)
        .orderBy("day")
        .execute()
    : [];
  return rooms.map((r) => ({
    id: r.id,
    nameZh: r.name_zh,
    nameEn: r.name_en,
    capacity: r.capacity,
    locationZh: r.location_zh,
    locationEn: r.location_en,
    sort: r.sort,
    hidden: r.hidden,
    taken: taken.filter((t) => t.room_id === r.id).map((t) => ({ day: t.day, slot: t.slot })),
  }));
}

function bookingQuery(db: Database, exhibitionId: number) {
  return db
    .selectFrom("meeting_bookings as m")
    .innerJoin("meeting_rooms as r", "r.id", "m.room_id")
    .innerJoin("users as u", "u.id", "m.user_id")
    .where("m.exhibition_id", "=", exhibitionId);
}

async function selectBookings(query: ReturnType<typeof bookingQuery>, who: Who): Promise<MeetingBooking[]> {
  const rows = await query
    .select([
      "m.id",
      "m.user_id",
      "m.room_id",
      "m.slot",
      "m.people",
      "m.topic",
      "m.status",
      "m.comment",
      "m.created_at",
      "r.name_zh",
      "r.name_en",
      "u.username",
      "u.business_name",
      "u.business_name_en",
      dayOf("m.day").as("day"),
    ])
    .orderBy("m.id", "desc")
    .execute();
  return rows.map((m) => ({
    id: m.id,
    roomId: m.room_id,
    roomZh: m.name_zh,
    roomEn: m.name_en,
    day: m.day,
    slot: m.slot,
    people: m.people,
    topic: m.topic,
    status: m.status,
    comment: m.comment,
    cancellable: m.user_id === who.userId && isLive(m.status) && beforeDay(m.day),
    createdAt: iso(m.created_at),
    ...askerFor(who, m),
  }));
}

export const myBookings = (db: Database, who: Who) => selectBookings(bookingQuery(db, who.exhibitionId).where("m.user_id", "=", who.userId), who);

async function bookingById(db: Database, who: Who, id: number) {
  const [booking] = await selectBookings(bookingQuery(db, who.exhibitionId).where("m.id", "=", id), who);
  if (!booking) throw bookingNotFound();
  return booking;
}

export async function deskBookings(
  db: Database,
  who: Who,
  input: { status?: ReservationStatus; page: number; pageSize: number },
): Promise<Paged<MeetingBooking>> {
  const base = bookingQuery(db, who.exhibitionId).$if(input.status !== undefined, (q) => q.where("m.status", "=", input.status!));
  return deskPage(base, input, (page) => selectBookings(page, who));
}

type BookingInput = { roomId: number; day: string; slot: MeetingSlot; people: number; topic?: string };

export async function bookMeeting(db: Database, who: Who, input: BookingInput): Promise<MeetingBooking> {
  const show = await showDays(db, who.exhibitionId);
  if (!show.days.includes(input.day)) throw fieldError("reservations.errors.notShowDay", "day", { first: show.first, last: show.last });
  const id = await db
    .transaction()
    .execute(async (trx) => {
      // The room's row serialises bookings of it; the partial unique index backs this up.
      const room = await trx
        .selectFrom("meeting_rooms")
        .select(["id", "capacity"])
        .where("id", "=", input.roomId)
        .where("exhibition_id", "=", who.exhibitionId)
        .where("retired_at", "is", null)
        .$if(!isOrganizer(who.roleId), (q) => q.where("hidden", "=", false))
        .forUpdate()
        .executeTakeFirst();
      if (!room) throw roomNotFound();
      if (input.people > room.capacity) throw fieldError("reservations.errors.overCapacity", "people", { capacity: room.capacity });
      const held = await trx
        .selectFrom("meeting_bookings")
        .select("id")
        .where("room_id", "=", room.id)
        .where("day", "=", input.day)
        .where("slot", "=", input.slot)
        .where("status", "in", LIVE)
        .executeTakeFirst();
      if (held) throw slotTaken();
      const row = await trx
        .insertInto("meeting_bookings")
        .values({
          exhibition_id: who.exhibitionId,
          user_id: who.userId,
          room_id: room.id,
          day: input.day,
          slot: input.slot,
          people: input.people,
          topic: input.topic ?? "",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw slotTaken();
      throw error;
    });
  return bookingById(db, who, id);
}

export async function cancelBooking(db: Database, who: Who, id: number): Promise<MeetingBooking> {
  const booking = (await myBookings(db, who)).find((b) => b.id === id);
  if (!booking) throw bookingNotFound();
  if (!isLive(booking.status)) throw new ApiError(ApiCode.conflict, "reservations.errors.notLive");
  if (!beforeDay(booking.day)) throw new ApiError(ApiCode.conflict, "reservations.errors.meetingCancelClosed");
  await db
    .updateTable("meeting_bookings")
    .set({ status: "cancelled", updated_at: sql`now()` })
    .where("id", "=", id)
    .where("user_id", "=", who.userId)
    .execute();
  return bookingById(db, who, id);
}

export async function decideBooking(db: Database, who: Who, input: { id: number; decision: ReservationDecision; comment?: string }): Promise<MeetingBooking> {
  await bookingById(db, who, input.id);
  await decideWaiting(db, "meeting_bookings", who, input);
  return bookingById(db, who, input.id);
}

type MeetingRoomInput = {
  id?: number;
  nameZh: string;
  nameEn: string;
  capacity: number;
  locationZh?: string;
  locationEn?: string;
  sort: number;
  hidden: boolean;
};

export async function saveMeetingRoom(db: Database, who: Who, input: MeetingRoomInput) {
  const values = {
    name_zh: input.nameZh,
    name_en: input.nameEn,
    capacity: input.capacity,
    location_zh: input.locationZh ?? "",
    location_en: input.locationEn ?? "",
    sort: input.sort,
    hidden: input.hidden,
  };
  if (input.id === undefined) {
    await db
      .insertInto("meeting_rooms")
      .values({ exhibition_id: who.exhibitionId, ...values })
      .execute();
    return;
  }
  const updated = await db
    .updateTable("meeting_rooms")
    .set({ ...values, updated_at: sql`now()` })
    .where("id", "=", input.id)
    .where("exhibition_id", "=", who.exhibitionId)
    .where("retired_at", "is", null)
    .executeTakeFirst();
  if (!Number(updated.numUpdatedRows)) throw roomNotFound();
}

/** Refused while live bookings hold it; one that declined or cancelled bookings name is retired, so their history keeps it. */
export async function deleteMeetingRoom(db: Database, who: Who, id: number) {
  await db.transaction().execute(async (trx) => {
    const room = await trx
      .selectFrom("meeting_rooms")
      .select("id")
      .where("id", "=", id)
      .where("exhibition_id", "=", who.exhibitionId)
      .where("retired_at", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (!room) throw roomNotFound();
    const { n } = await trx
      .selectFrom("meeting_bookings")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("room_id", "=", id)
      .where("status", "in", LIVE)
      .executeTakeFirstOrThrow();
    if (Number(n) > 0) throw new ApiError(ApiCode.conflict, "reservations.errors.meetingRoomHasBookings", { count: Number(n) });
    const named = await trx.selectFrom("meeting_bookings").select("id").where("room_id", "=", id).executeTakeFirst();
    if (named) await trx.updateTable("meeting_rooms").set({ retired_at: sql`now()` }).where("id", "=", id).execute();
    else await trx.deleteFrom("meeting_rooms").where("id", "=", id).execute();
  });
}
