import { sql, type Transaction } from "kysely";
import { isOrganizer } from "../../app/contracts/permission/roles";
import type { Paged, RoomRequest } from "../../app/contracts/reservations/api-types";
import { guestKey, type ReservationDecision, type ReservationStatus } from "../../app/contracts/reservations/values";
import { ApiCode, ApiError, fieldError, notFound } from "../api/envelope";
import { appClock } from "../clock";
import type { Database } from "../db/database";
import type { DB } from "../db/schema";
import { addDays, askerFor, dayOf, decideWaiting, deskPage, isLive, LIVE, nightsLeft, nightsOf, type Who } from "./common";
import { iso } from "../db/column-values";
import { endOfExhibitionDay } from "../../app/contracts/common/exhibition-time";

/**
 * Hotel room requests (issue 41, decision 039): an exhibitor asks a block for rooms over a stay; the
 * block's quota holds per night, checked while the block's row is locked so two requests for the last
 * rooms cannot both pass. One exhibitor holds at most the block's rooms-per-exhibitor a night, and
 * names each guest once across its live requests of overlapping nights (issue 50: one exhibitor took a
 * whole block with guests "g1…g15"). The organizer confirms or declines; the owner cancels until the
 * hotel's cut-off day (to 23:59 UTC+8, app clock).
 */
const requestNotFound = () => notFound("reservations.errors.requestNotFound");

const beforeCutOff = (cancelUntil: string) => appClock.now().getTime() <= Date.parse(endOfExhibitionDay(cancelUntil));

function requestQuery(db: Database, exhibitionId: number) {
  return db
    .selectFrom("room_requests as r")
    .innerJoin("room_blocks as b", "b.id", "r.block_id")
    .innerJoin("hotels as h", "h.id", "b.hotel_id")
    .innerJoin("users as u", "u.id", "r.user_id")
    .where("r.exhibition_id", "=", exhibitionId);
}

async function selectRequests(query: ReturnType<typeof requestQuery>, who: Who): Promise<RoomRequest[]> {
  const rows = await query
    .select([
      "r.id",
      "r.user_id",
      "r.block_id",
      "r.rooms",
      "r.guest_names",
      "r.contact_mobile",
      "r.status",
      "r.comment",
      "r.created_at",
      "h.id as hotel_id",
      "h.name_zh as hotel_zh",
      "h.name_en as hotel_en",
      "b.room_type_zh",
      "b.room_type_en",
      "u.username",
      "u.business_name",
      "u.business_name_en",
      dayOf("r.check_in").as("check_in"),
      dayOf("r.check_out").as("check_out"),
      dayOf("h.cancel_until").as("cancel_until"),
    ])
    .orderBy("r.id", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    hotelId: r.hotel_id,
    hotelZh: r.hotel_zh,
    hotelEn: r.hotel_en,
    blockId: r.block_id,
    roomTypeZh: r.room_type_zh,
    roomTypeEn: r.room_type_en,
    checkIn: r.check_in,
    checkOut: r.check_out,
    rooms: r.rooms,
    guestNames: r.guest_names,
    contactMobile: r.contact_mobile,
    status: r.status,
    comment: r.comment,
    cancellable: r.user_id === who.userId && isLive(r.status) && beforeCutOff(r.cancel_until),
    cancelUntil: r.cancel_until,
    createdAt: iso(r.created_at),
    ...askerFor(who, r),
  }));
}

/** The caller's own requests, newest first. */
export const myRequests = (db: Database, who: Who) => selectRequests(requestQuery(db, who.exhibitionId).where("r.user_id", "=", who.userId), who);

async function requestById(db: Database, who: Who, id: number) {
  const [request] = await selectRequests(requestQuery(db, who.exhibitionId).where("r.id", "=", id), who);
  if (!request) throw requestNotFound();
  return request;
}

/** The organizer's list: every request of the exhibition, by state, a page at a time. */
export async function deskRequests(db: Database, who: Who, input: { status?: ReservationStatus; page: number; pageSize: number }): Promise<Paged<RoomRequest>> {
  const base = requestQuery(db, who.exhibitionId).$if(input.status !== undefined, (q) => q.where("r.status", "=", input.status!));
  return deskPage(base, input, (page) => selectRequests(page, who));
}

type RoomRequestInput = { blockId: number; checkIn: string; checkOut: string; rooms: number; guestNames: string[]; contactMobile: string };

/**
 * A guest named in another live request of the exhibitor for an overlapping night, in any block, is
 * refused with the name and night. The exhibitor's requests are serialized by a lock of its own, so two
 * requests naming one guest at once cannot both pass. (One request naming a guest twice: the schema.)
 */
async function refuseGuestsBooked(trx: Transaction<DB>, who: Who, input: RoomRequestInput) {
  await sql`select pg_advisory_xact_lock(hashtext(${`room-requests:${who.exhibitionId}:${who.userId}`}))`.execute(trx);
  const others = await trx
    .selectFrom("room_requests")
    .select(["guest_names", dayOf("check_in").as("check_in")])
    .where("exhibition_id", "=", who.exhibitionId)
    .where("user_id", "=", who.userId)
    .where("status", "in", LIVE)
    .where("check_in", "<", input.checkOut)
    .where("check_out", ">", input.checkIn)
    .execute();
  const asked = new Map(input.guestNames.map((name) => [guestKey(name), name]));
  for (const other of others) {
    const named = (Array.isArray(other.guest_names) ? other.guest_names : []).find((name) => asked.has(guestKey(String(name))));
    if (named !== undefined)
      throw new ApiError(ApiCode.conflict, "reservations.errors.guestBooked", {
        name: asked.get(guestKey(String(named))),
        // The first night both stays share (days as YYYY-MM-DD sort as text).
        night: [other.check_in, input.checkIn].sort()[1],
      });
  }
}

/** A new request, refused with the numbers when a night of the stay has fewer rooms left than asked. */
export async function requestRooms(db: Database, who: Who, input: RoomRequestInput): Promise<RoomRequest> {
  const id = await db.transaction().execute(async (trx) => {
    // The block's row is the quota's lock: a second request for the same block waits here until this one is saved.
    const block = await trx
      .selectFrom("room_blocks as b")
      .innerJoin("hotels as h", "h.id", "b.hotel_id")
      .select(["b.id", "b.rooms_per_night", "b.max_rooms_per_exhibitor", dayOf("b.first_night").as("first_night"), dayOf("b.last_night").as("last_night")])
      .where("b.id", "=", input.blockId)
      .where("h.exhibition_id", "=", who.exhibitionId)
      .where("b.retired_at", "is", null)
      .where("h.retired_at", "is", null)
      .$if(!isOrganizer(who.roleId), (q) => q.where("h.hidden", "=", false))
      .forUpdate()
      .executeTakeFirst();
    if (!block) throw fieldError("reservations.errors.blockNotFound", "blockId", {}, ApiCode.notFound);
    if (input.checkOut <= input.checkIn) throw fieldError("reservations.errors.checkOutBeforeCheckIn", "checkOut");
    if (input.checkIn < block.first_night || addDays(input.checkOut, -1) > block.last_night)
      throw new ApiError(ApiCode.badRequest, "reservations.errors.outsideBlock", { first: block.first_night, last: block.last_night });
    const stays = await trx
      .selectFrom("room_requests")
      .select(["user_id", "rooms", dayOf("check_in").as("check_in"), dayOf("check_out").as("check_out")])
      .where("block_id", "=", block.id)
      .where("status", "in", LIVE)
      .where("check_in", "<", input.checkOut)
      .where("check_out", ">", input.checkIn)
      .execute();
    const nights = nightsOf(input.checkIn, input.checkOut);
    if (!isOrganizer(who.roleId)) {
      // The exhibitor's own rooms a night, against the block's cap per exhibitor.
      const own = nightsLeft(
        { ...block, rooms_per_night: block.max_rooms_per_exhibitor },
        stays.filter((s) => s.user_id === who.userId),
        nights,
      );
      const fullest = own.reduce((a, b) => (b.left < a.left ? b : a));
      if (fullest.left < input.rooms)
        throw new ApiError(ApiCode.conflict, "reservations.errors.exhibitorCap", {
          max: block.max_rooms_per_exhibitor,
          held: block.max_rooms_per_exhibitor - fullest.left,
          night: fullest.night,
          asked: input.rooms,
        });
      await refuseGuestsBooked(trx, who, input);
    }
    const tightest = nightsLeft(block, stays, nights).reduce((a, b) => (b.left < a.left ? b : a));
    if (tightest.left < input.rooms)
      throw new ApiError(ApiCode.conflict, "reservations.errors.quotaExceeded", {
        left: Math.max(0, tightest.left),
        night: tightest.night,
        asked: input.rooms,
      });
    const row = await trx
      .insertInto("room_requests")
      .values({
        exhibition_id: who.exhibitionId,
        user_id: who.userId,
        block_id: block.id,
        check_in: input.checkIn,
        check_out: input.checkOut,
        rooms: input.rooms,
        guest_names: JSON.stringify(input.guestNames),
        contact_mobile: input.contactMobile,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return requestById(db, who, id);
}

/** The owner cancels a live request until the hotel's cut-off day; after it the organizer must be asked. */
export async function cancelRequest(db: Database, who: Who, id: number): Promise<RoomRequest> {
  const request = (await myRequests(db, who)).find((r) => r.id === id);
  if (!request) throw requestNotFound();
  if (!isLive(request.status)) throw new ApiError(ApiCode.conflict, "reservations.errors.notLive");
  if (!beforeCutOff(request.cancelUntil)) throw new ApiError(ApiCode.conflict, "reservations.errors.cancelClosed", { day: request.cancelUntil });
  await db
    .updateTable("room_requests")
    .set({ status: "cancelled", updated_at: sql`now()` })
    .where("id", "=", id)
    .where("user_id", "=", who.userId)
    .where("status", "in", LIVE)
    .execute();
  return requestById(db, who, id);
}

/** The organizer confirms or declines a request still waiting (declining with a comment). */
export async function decideRequest(db: Database, who: Who, input: { id: number; decision: ReservationDecision; comment?: string }): Promise<RoomRequest> {
  const request = await requestById(db, who, input.id);
  if (request.status !== "requested") throw new ApiError(ApiCode.conflict, "reservations.errors.alreadyDecided");
  await decideWaiting(db, "room_requests", who, input);
  return requestById(db, who, input.id);
}
