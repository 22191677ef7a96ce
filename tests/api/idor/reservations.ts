import { expect } from "vitest";
import type { ReservationOverview, RoomRequest } from "../../../app/contracts/reservations/api-types";
import { portalClient } from "../../support/portal-client";
import type { TestApi } from "../../support/test-api";
import { addDays, testCalendar } from "../../support/test-clock";
import { callApi } from "../../support/idor-probe";

/**
 * Business reservations (issue 41) in the IDOR sweep (tests/api/idor.test.ts): exhibitor A's (std01)
 * hotel request and meeting booking, named with a marker. Exhibitor B (raw01) holding their ids reads
 * neither (its overview lists its own only), cancels neither (404), and the organizer's desk answers
 * it 403 (page: /401); nothing changes. Asking for rooms and booking a meeting room take no id of A's,
 * but meet A's stay and booking: B is told nothing of them.
 */
type Ctx = { api: TestApi; a: string; b: string; admin: string };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "预订客人-MARKER-8842";
/** A's second guest, whom B names too. */
const A_GUEST = "同行客人-8842";
const A_MOBILE = "13700137000";

const call = (ctx: Ctx, ticket: string, path: string, form?: Record<string, string>) => callApi(ctx, ticket, `/smeb/reservation${path}`, form);

let prepared: Promise<{ requestId: string; bookingId: string; blockId: string; hotelId: string; roomId: string; day: string }> | null = null;
/** A's request (a guest named with the marker) and booking (the topic), made once per sweep. */
function prepare(ctx: Ctx) {
  prepared ??= (async () => {
    const overview = JSON.parse((await call(ctx, ctx.a, "/overview")).text).data as ReservationOverview;
    const block = overview.hotels[0]!.blocks[0]!;
    const room = overview.meetingRooms[0]!;
    const day = overview.showDays.at(-1)!;
    const request = await call(ctx, ctx.a, "/room/request", {
      blockId: String(block.id),
      checkIn: day,
      checkOut: addDays(day, 1),
      rooms: "1",
      guestNames: `${MARKER}\n${A_GUEST}`,
      contactMobile: A_MOBILE,
    });
    expect(request.status, request.text).toBe(200);
    const booking = await call(ctx, ctx.a, "/meeting/book", { roomId: String(room.id), day, slot: "evening", people: "2", topic: MARKER });
    expect(booking.status, booking.text).toBe(200);
    return {
      requestId: String(JSON.parse(request.text).data.id),
      bookingId: String(JSON.parse(booking.text).data.id),
      blockId: String(block.id),
      hotelId: String(block.hotelId),
      roomId: String(room.id),
      day,
    };
  })();
  return prepared;
}

const state = async (ctx: Ctx) =>
  JSON.stringify({
    hotels: await ctx.api.db.selectFrom("hotels").selectAll().orderBy("id").execute(),
    blocks: await ctx.api.db.selectFrom("room_blocks").selectAll().orderBy("id").execute(),
    requests: await ctx.api.db.selectFrom("room_requests").selectAll().orderBy("id").execute(),
    rooms: await ctx.api.db.selectFrom("meeting_rooms").selectAll().orderBy("id").execute(),
    bookings: await ctx.api.db.selectFrom("meeting_bookings").selectAll().orderBy("id").execute(),
  });

const apiProbe: Probe = async (ctx) => {
  const ids = await prepare(ctx);
  const before = await state(ctx);
  const reads = [await call(ctx, ctx.b, "/overview"), await call(ctx, ctx.b, "/desk/room/list"), await call(ctx, ctx.b, "/desk/meeting/list")];
  for (const answer of reads) expect(answer.text).not.toContain(MARKER);
  expect(reads.map((a) => a.status)).toEqual([200, 403, 403]);
  const owned = [await call(ctx, ctx.b, "/room/cancel", { id: ids.requestId }), await call(ctx, ctx.b, "/meeting/cancel", { id: ids.bookingId })];
  expect(owned.map((a) => a.status)).toEqual([404, 404]);
  const organizer = [
    await call(ctx, ctx.b, "/desk/room/decide", { id: ids.requestId, decision: "decline", comment: "B" }),
    await call(ctx, ctx.b, "/desk/meeting/decide", { id: ids.bookingId, decision: "decline", comment: "B" }),
    await call(ctx, ctx.b, "/desk/hotel/save", { id: ids.hotelId, nameZh: "B", nameEn: "B", cancelUntil: testCalendar.opensOn }),
    await call(ctx, ctx.b, "/desk/hotel/delete", { id: ids.hotelId }),
    await call(ctx, ctx.b, "/desk/block/save", {
      id: ids.blockId,
      hotelId: ids.hotelId,
      roomTypeZh: "B",
      roomTypeEn: "B",
      price: "1",
      roomsPerNight: "0",
      firstNight: testCalendar.opensOn,
      lastNight: testCalendar.endsOn,
    }),
    await call(ctx, ctx.b, "/desk/block/delete", { id: ids.blockId }),
    await call(ctx, ctx.b, "/desk/meetingRoom/save", { id: ids.roomId, nameZh: "B", nameEn: "B", capacity: "1" }),
    await call(ctx, ctx.b, "/desk/meetingRoom/delete", { id: ids.roomId }),
  ];
  expect(organizer.map((a) => a.status)).toEqual([403, 403, 403, 403, 403, 403, 403, 403]);
  expect(await state(ctx)).toBe(before);
  // Control: A and the organizer do read them.
  expect((await call(ctx, ctx.a, "/overview")).text).toContain(MARKER);
  expect((await call(ctx, ctx.admin, "/desk/room/list")).text).toContain(MARKER);
};

/**
 * The two routes that make something new. B asking for a room in A's block on A's nights for a guest A
 * booked too is not told so (the same-guest check reads the caller's own requests only): B's own request
 * is made, without A's other guest or A's mobile, and B cancels it. B booking A's room, day and slot gets
 * the slot-taken refusal (409) without A's topic or company. Nothing of A's changes.
 */
const newReservationProbe: Probe = async (ctx) => {
  const ids = await prepare(ctx);
  const a = await ctx.api.db.selectFrom("users").select(["id", "business_name"]).where("username", "=", "std01").executeTakeFirstOrThrow();
  // A's requests, and every booking: B's refused one must not be saved either.
  const untouched = async () =>
    JSON.stringify({
      requests: await ctx.api.db.selectFrom("room_requests").selectAll().where("user_id", "=", a.id).orderBy("id").execute(),
      bookings: await ctx.api.db.selectFrom("meeting_bookings").selectAll().orderBy("id").execute(),
    });
  const before = await untouched();
  const notOfA = (text: string) => {
    for (const aData of [MARKER, A_MOBILE, a.business_name].filter(Boolean)) expect(text).not.toContain(aData);
  };

  const asked = await call(ctx, ctx.b, "/room/request", {
    blockId: ids.blockId,
    checkIn: ids.day,
    checkOut: addDays(ids.day, 1),
    rooms: "1",
    guestNames: A_GUEST,
    contactMobile: "13700137001",
  });
  expect(asked.status, asked.text).toBe(200);
  notOfA(asked.text);
  const own = JSON.parse(asked.text).data as RoomRequest;
  expect(own.guestNames).toEqual([A_GUEST]);
  const cancelled = await call(ctx, ctx.b, "/room/cancel", { id: String(own.id) });
  expect(cancelled.status, cancelled.text).toBe(200);

  const booked = await call(ctx, ctx.b, "/meeting/book", { roomId: ids.roomId, day: ids.day, slot: "evening", people: "2", topic: "B" });
  expect(booked.status, booked.text).toBe(409);
  notOfA(booked.text);
  expect(await untouched()).toBe(before);
};

const pageProbe: Probe = async (ctx) => {
  const ids = await prepare(ctx);
  const before = await state(ctx);
  const browser = portalClient(ctx.api.baseUrl);
  await browser.signIn("raw01", "Expo#2026");
  const page = await browser.request(`/HT/businessReservations?cancel=${ids.requestId}&cancelMeeting=${ids.bookingId}`);
  expect(page.status).toBe(200);
  expect(await page.text()).not.toContain(MARKER);
  for (const body of [
    { intent: "cancelRooms", id: ids.requestId },
    { intent: "cancelMeeting", id: ids.bookingId },
  ]) {
    const posted = await browser.request("/HT/businessReservations", { body: new URLSearchParams(body), headers: { "sec-fetch-site": "same-origin" } });
    expect(posted.status).toBe(400);
    expect(await posted.text()).not.toContain(MARKER);
  }
  const desk = await browser.request("/HT/reservationDesk");
  expect(desk.status).toBe(302);
  expect(desk.headers.get("location")).toBe("/401");
  const decided = await browser.request("/HT/reservationDesk", {
    body: new URLSearchParams({ intent: "decideRooms", id: ids.requestId, decision: "decline", comment: "B" }),
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(decided.status).toBe(302);
  expect(decided.headers.get("location")).toBe("/401");
  expect(await state(ctx)).toBe(before);
};

export const reservationsSweep = {
  "GET /api/smeb/reservation/overview": { probe: apiProbe },
  "POST /api/smeb/reservation/room/request": { probe: newReservationProbe },
  "POST /api/smeb/reservation/room/cancel": { probe: apiProbe },
  "POST /api/smeb/reservation/meeting/book": { probe: newReservationProbe },
  "POST /api/smeb/reservation/meeting/cancel": { probe: apiProbe },
  "GET /api/smeb/reservation/desk/room/list": { probe: apiProbe },
  "GET /api/smeb/reservation/desk/meeting/list": { probe: apiProbe },
  "POST /api/smeb/reservation/desk/room/decide": { probe: apiProbe },
  "POST /api/smeb/reservation/desk/meeting/decide": { probe: apiProbe },
  "POST /api/smeb/reservation/desk/hotel/save": { probe: apiProbe },
  "POST /api/smeb/reservation/desk/hotel/delete": { probe: apiProbe },
  "POST /api/smeb/reservation/desk/block/save": { probe: apiProbe },
  "POST /api/smeb/reservation/desk/block/delete": { probe: apiProbe },
  "POST /api/smeb/reservation/desk/meetingRoom/save": { probe: apiProbe },
  "POST /api/smeb/reservation/desk/meetingRoom/delete": { probe: apiProbe },
  "routes/_shell.HT.businessReservations": { probe: pageProbe },
  "routes/_shell.HT.reservationDesk": { probe: pageProbe },
};
