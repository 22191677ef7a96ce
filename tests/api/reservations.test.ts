import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Hotel, MeetingBooking, MeetingRoom, Paged, ReservationOverview, RoomRequest } from "../../app/contracts/reservations/api-types";
import { appClock } from "../../server/clock";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { addDays, exhibitionTime, resetTestClock, testCalendar } from "../support/test-clock";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * Business reservations (issue 41, decision 039): hotel rooms against a per-night quota (refused with
 * the numbers, nothing saved; two requests for the last rooms: one passes), stays inside the block,
 * cancelling until the hotel's cut-off day, the organizer's confirm and decline, meeting room slots,
 * and who may see or touch what.
 */
describe.each(backendsOf(import.meta.url))("business reservations on %s", (backend) => {
  let api: TestApi;
  let std01: string;
  let raw01: string;
  let admin: string;
  /** What the demo seeded (other tests add hotels, blocks, meeting rooms and requests of their own). */
  const demo = { hotelIds: [] as number[], blockIds: [] as number[], meetingRoomIds: [] as number[] };
  const opens = testCalendar.opensOn;

  const post = <T>(path: string, ticket: string, form: Record<string, string>, lang = "en") => api.call<T>(`/smeb/reservation${path}`, { ticket, form, lang });
  const overview = (ticket: string) => api.call<ReservationOverview>("/smeb/reservation/overview", { ticket });
  const request = (ticket: string, form: Record<string, string>, lang = "en") => post<RoomRequest>("/room/request", ticket, form, lang);
  const liveCount = async (blockId: number) =>
    Number(
      (
        await api.db
          .selectFrom("room_requests")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("block_id", "=", blockId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A fresh hotel with one block of `quota` rooms for the nights opens-1 .. opens+1; its block id. */
  async function hotelWithBlock(quota: number, cancelUntil = opens, perExhibitor?: number) {
    const name = `Test hotel ${Math.random().toString(36).slice(2, 8)}`;
    const saved = await post<Hotel[]>("/desk/hotel/save", admin, { nameZh: name, nameEn: name, cancelUntil });
    expect(saved.code, saved.message).toBe(200);
    const hotel = saved.data.find((h) => h.nameEn === name)!;
    const block = await post<Hotel[]>("/desk/block/save", admin, {
      hotelId: String(hotel.id),
      roomTypeZh: "大床房",
      roomTypeEn: "King",
      price: "388.5",
      roomsPerNight: String(quota),
      ...(perExhibitor === undefined ? {} : { maxRoomsPerExhibitor: String(perExhibitor) }),
      firstNight: addDays(opens, -1),
      lastNight: addDays(opens, 1),
    });
    expect(block.code, block.message).toBe(200);
    const made = block.data.find((h) => h.id === hotel.id)!.blocks[0]!;
    expect(made.priceCents).toBe(38_850);
    return made.id;
  }
  /** Each request names guests of its own (a guest is named once across an exhibitor's live requests). */
  let guestSeq = 0;
  const stay = (blockId: number, rooms: number, extra: Record<string, string> = {}) => ({
    blockId: String(blockId),
    checkIn: opens,
    checkOut: addDays(opens, 2),
    rooms: String(rooms),
    guestNames: Array.from({ length: rooms }, () => `Guest ${++guestSeq}`).join("\n"),
    contactMobile: "13900139000",
    ...extra,
  });

  beforeAll(async () => {
    api = await startTestApi(backend);
    [std01, raw01, admin] = await Promise.all([api.login("std01", "Expo#2026"), api.login("raw01", "Expo#2026"), api.login("admin", "Admin#2026")]);
    demo.hotelIds = (await api.db.selectFrom("hotels").select("id").execute()).map((h) => h.id);
    demo.blockIds = (await api.db.selectFrom("room_blocks").select("id").execute()).map((b) => b.id);
    demo.meetingRoomIds = (await api.db.selectFrom("meeting_rooms").select("id").execute()).map((r) => r.id);
  });
  /** std01's request in the demo's blocks: the seeded one (no test adds one there). */
  const demoRequestOf = (overviewData: ReservationOverview) => overviewData.requests.filter((r) => demo.blockIds.includes(r.blockId));
  afterAll(() => api?.close());
  afterEach(() => resetTestClock());

  it("shows the demo's hotels with rooms left per night, and std01 its own request only", async () => {
    const mine = await overview(std01);
    expect(mine.code).toBe(200);
    // The demo's hotels and meeting rooms, whatever other tests added.
    const hotels = mine.data.hotels.filter((h) => demo.hotelIds.includes(h.id));
    expect(hotels).toHaveLength(2);
    expect(hotels.map((h) => h.id)).toEqual(demo.hotelIds.sort((a, b) => a - b));
    expect(hotels.flatMap((h) => h.blocks)).toHaveLength(4);
    const first = hotels[0]!.blocks[0]!;
    expect(first.nights[0]).toEqual({ night: testCalendar.rawMoveIn.from, left: first.roomsPerNight });
    expect(first.nights.find((n) => n.night === opens)!.left).toBe(first.roomsPerNight - 2);
    expect(mine.data.meetingRooms.filter((r) => demo.meetingRoomIds.includes(r.id))).toHaveLength(2);
    expect(mine.data.showDays[0]).toBe(opens);
    // Its own requests only: the demo's, and any other tests made for std01.
    const std01Id = (await api.db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirstOrThrow()).id;
    const own = await api.db.selectFrom("room_requests").select("id").where("user_id", "=", std01Id).orderBy("id", "desc").execute();
    expect(mine.data.requests.map((r) => r.id)).toEqual(own.map((r) => r.id));
    const seeded = demoRequestOf(mine.data);
    expect(seeded).toHaveLength(1);
    expect(seeded[0]).toMatchObject({ status: "requested", rooms: 2, guestNames: ["张伟", "李娜"], cancellable: true });
    expect(seeded[0]).not.toHaveProperty("company");
    const other = await overview(raw01);
    expect(other.data.requests.filter((r) => r.id === seeded[0]!.id)).toEqual([]);
  });

  it("refuses rooms past the quota with the numbers and saves nothing; a check-out before the check-in; a stay outside the block", async () => {
    const blockId = await hotelWithBlock(3);
    expect((await request(std01, stay(blockId, 2))).code).toBe(200);
    const refused = await request(raw01, stay(blockId, 2));
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(`Only 1 rooms left for the night of ${opens}, you asked for 2`);
    expect((await request(raw01, stay(blockId, 5), "zh")).message).toBe(`${opens} 当晚仅剩 1 间，您申请了 5 间`);
    expect(await liveCount(blockId)).toBe(1);

    const backwards = await request(raw01, stay(blockId, 1, { checkIn: addDays(opens, 1), checkOut: opens }));
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.data)).toContain("reservations.errors.checkOutBeforeCheckIn");
    const fewGuests = await request(raw01, stay(blockId, 1, { rooms: "2", guestNames: "Only one" }));
    expect(fewGuests.status).toBe(400);
    const outside = await request(raw01, stay(blockId, 1, { checkOut: addDays(opens, 3) }));
    expect(outside.status).toBe(400);
    expect(outside.message).toBe(`This room type is offered for the nights of ${addDays(opens, -1)} to ${addDays(opens, 1)}`);
    expect(await liveCount(blockId)).toBe(1);
  });

  it("caps the rooms one exhibitor holds a night in a block (5 unless the organizer sets another number); others still get rooms", async () => {
    const blockId = await hotelWithBlock(40);
    const block = () => api.db.selectFrom("room_blocks").select("max_rooms_per_exhibitor").where("id", "=", blockId).executeTakeFirstOrThrow();
    expect((await block()).max_rooms_per_exhibitor).toBe(5);
    // The scan's request: 15 rooms for every night, guests g1…g15.
    const whole = { ...stay(blockId, 15), checkIn: addDays(opens, -1), guestNames: Array.from({ length: 15 }, (_, i) => `g${i + 1}`).join("\n") };
    const refused = await request(std01, whole);
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(
      `One exhibitor may hold at most 5 rooms a night of this room type: you hold 0 for the night of ${addDays(opens, -1)} and asked for 15`,
    );
    expect((await request(std01, whole, "zh")).message).toBe(`每家展商每晚最多可订此房型 5 间：${addDays(opens, -1)} 当晚您已有 0 间，又申请了 15 间`);
    expect(await liveCount(blockId)).toBe(0);

    expect((await request(std01, stay(blockId, 3))).code).toBe(200);
    const more = await request(std01, stay(blockId, 3));
    expect(more.status).toBe(409);
    expect(more.message).toBe(`One exhibitor may hold at most 5 rooms a night of this room type: you hold 3 for the night of ${opens} and asked for 3`);
    expect((await request(std01, stay(blockId, 2))).code).toBe(200);
    expect((await request(raw01, stay(blockId, 5))).code).toBe(200);

    // The organizer raises the block's cap on its settings: std01 may hold more.
    const hotelId = (await api.db.selectFrom("room_blocks").select("hotel_id").where("id", "=", blockId).executeTakeFirstOrThrow()).hotel_id;
    const saved = await post<Hotel[]>("/desk/block/save", admin, {
      id: String(blockId),
      hotelId: String(hotelId),
      roomTypeZh: "大床房",
      roomTypeEn: "King",
      price: "388.5",
      roomsPerNight: "40",
      maxRoomsPerExhibitor: "8",
      firstNight: addDays(opens, -1),
      lastNight: addDays(opens, 1),
    });
    expect(saved.code, saved.message).toBe(200);
    expect(saved.data.flatMap((h) => h.blocks).find((b) => b.id === blockId)?.maxRoomsPerExhibitor).toBe(8);
    expect((await request(std01, stay(blockId, 3))).code).toBe(200);
    expect((await request(std01, stay(blockId, 1))).status).toBe(409);
    const zero = await post("/desk/block/save", admin, {
      hotelId: String(hotelId),
      roomTypeZh: "x",
      roomTypeEn: "x",
      price: "1",
      roomsPerNight: "1",
      maxRoomsPerExhibitor: "0",
      firstNight: opens,
      lastNight: opens,
    });
    expect(zero.status).toBe(400);
    expect(JSON.stringify(zero.data)).toContain("reservations.fields.maxRoomsPerExhibitor");
  });

  it("names each guest once: twice in one request, or already in the exhibitor's live request for an overlapping night, is refused; saved nothing", async () => {
    const blockId = await hotelWithBlock(20, opens, 10);
    const twice = await request(std01, stay(blockId, 2, { guestNames: "王芳\n 王芳 " }));
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.data)).toContain("reservations.errors.guestTwice");
    const caseOnly = await request(std01, stay(blockId, 2, { guestNames: "Ann Lee\nann  LEE" }));
    expect(JSON.stringify(caseOnly.data)).toContain("reservations.errors.guestTwice");
    expect(await liveCount(blockId)).toBe(0);

    const first = await request(std01, stay(blockId, 2, { guestNames: "王芳\nAnn Lee" }));
    expect(first.code, first.message).toBe(200);
    const again = await request(std01, stay(blockId, 1, { checkIn: addDays(opens, 1), guestNames: "ann lee" }));
    expect(again.status).toBe(409);
    expect(again.message).toBe(`ann lee already has a room in your requests for the night of ${addDays(opens, 1)}: each guest is named once`);
    expect((await request(std01, stay(blockId, 1, { guestNames: "王芳" }), "zh")).message).toBe(
      `王芳 在您 ${opens} 当晚的订房申请中已有房间：同一入住人只能填写一次`,
    );
    // Another night, another exhibitor, or after the first request is cancelled: the same name is fine.
    expect((await request(std01, stay(blockId, 1, { checkIn: addDays(opens, -1), checkOut: opens, guestNames: "王芳" }))).code).toBe(200);
    expect((await request(raw01, stay(blockId, 1, { guestNames: "王芳" }))).code).toBe(200);
    expect((await post<RoomRequest>("/room/cancel", std01, { id: String(first.data.id) })).code).toBe(200);
    expect((await request(std01, stay(blockId, 1, { guestNames: "Ann Lee" }))).code).toBe(200);
    expect(await liveCount(blockId)).toBe(4);
  });

  it("lets only one of two simultaneous requests for the last room pass", async () => {
    const blockId = await hotelWithBlock(1);
    const answers = await Promise.all([request(std01, stay(blockId, 1)), request(raw01, stay(blockId, 1))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await liveCount(blockId)).toBe(1);
  });

  it("cancels until the hotel's cut-off day, then refuses; a cancelled request frees its rooms", async () => {
    const blockId = await hotelWithBlock(2, addDays(opens, -2));
    const first = await request(std01, stay(blockId, 2));
    const second = await request(std01, stay(blockId, 2, { checkIn: addDays(opens, -1), checkOut: opens }));
    expect([first.code, second.code]).toEqual([200, 200]);
    const cancelled = await post<RoomRequest>("/room/cancel", std01, { id: String(first.data.id) });
    expect(cancelled.code, cancelled.message).toBe(200);
    expect(cancelled.data.status).toBe("cancelled");
    expect((await request(raw01, stay(blockId, 2))).code).toBe(200);

    appClock.freezeAt(exhibitionTime(addDays(opens, -1)));
    const late = await post<RoomRequest>("/room/cancel", std01, { id: String(second.data.id) });
    expect(late.status).toBe(409);
    expect(late.message).toBe(`Requests at this hotel could be cancelled until ${addDays(opens, -2)}: please contact the organizer`);
    expect((await post("/room/cancel", std01, { id: String(second.data.id) }, "zh")).message).toBe(
      `该酒店的申请仅可在 ${addDays(opens, -2)} 前取消，请联系主办方`,
    );
    expect((await overview(std01)).data.requests.find((r) => r.id === second.data.id)).toMatchObject({ status: "requested", cancellable: false });
  });

  it("the organizer confirms or declines (with a comment) and the exhibitor reads it; deleting a block with live requests is refused", async () => {
    const blockId = await hotelWithBlock(5);
    const a = await request(std01, stay(blockId, 1));
    const b = await request(std01, stay(blockId, 1));
    const listed = await api.call<Paged<RoomRequest>>("/smeb/reservation/desk/room/list", { ticket: admin, query: { status: "requested", pageSize: "50" } });
    expect(listed.data.items.find((r) => r.id === a.data.id)).toMatchObject({ username: "std01" });
    expect((await post("/desk/room/decide", admin, { id: String(a.data.id), decision: "confirm" })).code).toBe(200);
    const noComment = await post("/desk/room/decide", admin, { id: String(b.data.id), decision: "decline" });
    expect(noComment.status).toBe(400);
    const declined = await post<RoomRequest>("/desk/room/decide", admin, { id: String(b.data.id), decision: "decline", comment: "Hotel full that week" });
    expect(declined.data).toMatchObject({ status: "declined", comment: "Hotel full that week" });
    expect((await post("/desk/room/decide", admin, { id: String(b.data.id), decision: "confirm" })).status).toBe(409);
    const seen = (await overview(std01)).data.requests;
    expect(seen.find((r) => r.id === a.data.id)!.status).toBe("confirmed");
    expect(seen.find((r) => r.id === b.data.id)).toMatchObject({ status: "declined", comment: "Hotel full that week", cancellable: false });

    const refused = await post("/desk/block/delete", admin, { id: String(blockId) });
    expect(refused.status).toBe(409);
    expect(refused.message).toBe("1 live requests hold rooms in this block: decline them first");
  });

  it("deleting what declined or cancelled requests name retires it: gone from the lists, no new request, the exhibitor's history kept", async () => {
    const blockId = await hotelWithBlock(3);
    const hotelId = (await overview(admin)).data.hotels.find((h) => h.blocks.some((b) => b.id === blockId))!.id;
    const asked = await request(std01, stay(blockId, 1));
    await post("/desk/room/decide", admin, { id: String(asked.data.id), decision: "decline", comment: "Closed floor" });
    expect((await post("/desk/block/delete", admin, { id: String(blockId) })).code).toBe(200);
    expect((await overview(std01)).data.hotels.flatMap((h) => h.blocks).some((b) => b.id === blockId)).toBe(false);
    expect((await request(std01, stay(blockId, 1))).status).toBe(404);
    expect((await post("/desk/block/delete", admin, { id: String(blockId) })).status).toBe(404);
    // The hotel, left with a retired block only, is retired in turn.
    expect((await post("/desk/hotel/delete", admin, { id: String(hotelId) })).code).toBe(200);
    expect((await overview(admin)).data.hotels.some((h) => h.id === hotelId)).toBe(false);
    const history = (await overview(std01)).data.requests.find((r) => r.id === asked.data.id)!;
    expect(history).toMatchObject({ status: "declined", comment: "Closed floor", blockId, hotelId, roomTypeEn: "King" });

    // Nothing names an unused block: it is removed.
    const unused = await hotelWithBlock(2);
    expect((await post("/desk/block/delete", admin, { id: String(unused) })).code).toBe(200);
    expect(await api.db.selectFrom("room_blocks").select("id").where("id", "=", unused).execute()).toEqual([]);

    const rooms = await post<MeetingRoom[]>("/desk/meetingRoom/save", admin, { nameZh: "旧会议室", nameEn: "Old room", capacity: "4" });
    const room = rooms.data.find((r) => r.nameEn === "Old room")!;
    const booked = await post<MeetingBooking>("/meeting/book", std01, { roomId: String(room.id), day: opens, slot: "evening", people: "2", topic: "Retired" });
    await post("/meeting/cancel", std01, { id: String(booked.data.id) });
    expect((await post("/desk/meetingRoom/delete", admin, { id: String(room.id) })).code).toBe(200);
    expect((await overview(std01)).data.meetingRooms.some((r) => r.id === room.id)).toBe(false);
    expect((await post("/meeting/book", raw01, { roomId: String(room.id), day: opens, slot: "evening", people: "2", topic: "x" })).status).toBe(404);
    expect((await overview(std01)).data.bookings.find((b) => b.id === booked.data.id)).toMatchObject({ status: "cancelled", roomEn: "Old room" });
  });

  it("books meeting room slots: a held slot, too many people and a day outside the show are refused", async () => {
    const rooms = await post<MeetingRoom[]>("/desk/meetingRoom/save", admin, { nameZh: "小会议室", nameEn: "Small room", capacity: "6" });
    const room = rooms.data.find((r) => r.nameEn === "Small room")!;
    const book = (ticket: string, extra: Record<string, string> = {}) =>
      post<MeetingBooking>("/meeting/book", ticket, { roomId: String(room.id), day: opens, slot: "morning", people: "4", topic: "Buyers", ...extra });
    const booked = await book(std01);
    expect(booked.code, booked.message).toBe(200);
    expect(booked.data).toMatchObject({ status: "requested", slot: "morning", cancellable: true });
    expect((await book(raw01)).status).toBe(409);
    expect((await book(raw01, { slot: "afternoon", people: "7" })).message).toBe("This meeting room holds at most 6 people");
    expect((await book(raw01, { day: addDays(testCalendar.endsOn, 1) })).status).toBe(400);
    expect((await post("/meeting/cancel", raw01, { id: String(booked.data.id) })).status).toBe(404);
    expect((await post<MeetingBooking>("/meeting/cancel", std01, { id: String(booked.data.id) })).data.status).toBe("cancelled");
    expect((await book(raw01)).code).toBe(200);
    expect((await post("/desk/meetingRoom/delete", admin, { id: String(room.id) })).status).toBe(409);
  });

  it("refuses a carrier account (403): no overview, no room request, no meeting booking", async () => {
    const carrier01 = await api.login("carrier01", "Expo#2026");
    const blockId = (await overview(std01)).data.hotels[0]!.blocks[0]!.id;
    const roomId = (await overview(std01)).data.meetingRooms[0]!.id;
    expect((await overview(carrier01)).status).toBe(403);
    const refused = await request(carrier01, stay(blockId, 1));
    expect(refused.status).toBe(403);
    expect(refused.message).toBe("Insufficient permissions");
    const booked = await post("/meeting/book", carrier01, { roomId: String(roomId), day: opens, slot: "morning", people: "2", topic: "carrier" });
    expect(booked.status).toBe(403);
    const carrierId = (await api.db.selectFrom("users").select("id").where("username", "=", "carrier01").executeTakeFirstOrThrow()).id;
    expect(await api.db.selectFrom("room_requests").select("id").where("user_id", "=", carrierId).execute()).toEqual([]);
  });

  it("keeps exhibitors off the desk and off each other's requests; closes with the show", async () => {
    const theirs = demoRequestOf((await overview(std01)).data)[0]!;
    for (const path of ["/desk/room/list", "/desk/meeting/list"]) expect((await api.call(`/smeb/reservation${path}`, { ticket: std01 })).status).toBe(403);
    const writes = [
      await post("/desk/room/decide", std01, { id: String(theirs.id), decision: "confirm" }),
      await post("/desk/hotel/save", std01, { nameZh: "X", nameEn: "X", cancelUntil: opens }),
      await post("/desk/block/delete", std01, { id: String(theirs.blockId) }),
      await post("/desk/meetingRoom/save", std01, { nameZh: "X", nameEn: "X", capacity: "2" }),
    ];
    expect(writes.map((w) => w.status)).toEqual([403, 403, 403, 403]);
    const stolen = await post("/room/cancel", raw01, { id: String(theirs.id) });
    expect(stolen.status).toBe(404);
    expect(JSON.stringify(stolen)).not.toContain("张伟");
    expect((await overview(std01)).data.requests.find((r) => r.id === theirs.id)!.status).toBe(theirs.status);

    appClock.freezeAt(exhibitionTime(addDays(testCalendar.endsOn, 1)));
    const closed = await request(std01, stay(theirs.blockId, 1));
    expect(closed.status).toBe(409);
    expect(closed.message).toBe(`This closed at ${testCalendar.endsOn} 23:59 (UTC+8)`);
  });
});
