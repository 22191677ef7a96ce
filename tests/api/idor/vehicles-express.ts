import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import type { TestApi } from "../../support/test-api";
import { testCalendar } from "../../support/test-clock";
import { callApiZhRaw, oncePerServer } from "../../support/idor-probe";
import type { Database } from "../../../server/db/database";

/**
 * Small-exhibit express in the IDOR sweep (tests/api/idor.test.ts). A (std01) has two bookings with
 * carrier01's company, one booked and one received, their item named with a marker. B (raw01)
 * naming them lists, deletes and books nothing of A's (404/400); the second carrier (carrier02)
 * never sees or moves carrier01's bookings (404); exhibitors never reach the carrier's routes and
 * carriers never the exhibitor's (403); the organizer reads but moves nothing (403). The pages are
 * probed the same way through the portal, signed in with lng=zh. Requests are in Chinese: in
 * English every route of the area refuses anyway. A's rows are written straight into the database.
 */
type Ctx = { api: TestApi; a: string; b: string; admin: string; carrier: string };
type Probe = (ctx: Ctx) => Promise<void>;
type Answer = { status: number; text: string };

const MARKER = "A快递MARKER";
const zh = { "accept-language": "zh" };
const sameOrigin = { "sec-fetch-site": "same-origin", "accept-language": "zh" };

const call = callApiZhRaw;

const itemIds = (answer: Answer) => ((JSON.parse(answer.text).data?.items ?? []) as { id: number }[]).map((b) => b.id);

type Prepared = { aId: number; aBoothId: number; shundaId: number; bookedId: number; receivedId: number; carrier02: string };
/** A's two bookings and carrier02's API session; made once per server. */
const prepare = oncePerServer(async (ctx: Pick<Ctx, "api">): Promise<Prepared> => {
  const db = ctx.api.db;
  const booth = await db.selectFrom("booths").select(["id", "user_id", "exhibition_id"]).where("booth_no", "=", "1A01").executeTakeFirstOrThrow();
  const shunda = await db.selectFrom("carriers").select("id").where("code", "=", "shunda").executeTakeFirstOrThrow();
  const row = {
    exhibition_id: booth.exhibition_id,
    user_id: booth.user_id,
    booth_id: booth.id,
    carrier_id: shunda.id,
    sender_name: MARKER,
    sender_phone: "13800000000",
    sender_address: MARKER,
    recipient_name: "张三",
    recipient_phone: "13812345678",
    item_name: MARKER,
    pieces: 3,
    gross_weight_g: 4_321,
    length_cm: 30,
    width_cm: 20,
    height_cm: 10,
    expected_on: testCalendar.rawMoveIn.from,
    updated_at: new Date(),
  };
  const [booked, received] = await db
    .insertInto("express_bookings")
    .values([row, { ...row, status: "received" as const, version: 1 }])
    .returning("id")
    .execute();
  await db
    .insertInto("express_events")
    .values([
      { booking_id: booked!.id, status: "booked", actor_id: booth.user_id },
      { booking_id: received!.id, status: "booked", actor_id: booth.user_id },
      { booking_id: received!.id, status: "received", actor_id: null },
    ])
    .execute();
  return {
    aId: booth.user_id,
    aBoothId: booth.id,
    shundaId: shunda.id,
    bookedId: booked!.id,
    receivedId: received!.id,
    carrier02: await ctx.api.login("carrier02", "Expo#2026"),
  };
});

/** Express bookings with their events, as text: equal before and after means none of them changed. */
export async function withEvents(db: Database, bookings: { id: number }[]) {
  const events = await db
    .selectFrom("express_events")
    .selectAll()
    .where("booking_id", "in", bookings.length ? bookings.map((b) => b.id) : [0])
    .orderBy("id")
    .execute();
  return JSON.stringify({ bookings, events });
}

/** Everything of A's an express call could change. */
const aState = async (ctx: Pick<Ctx, "api">) =>
  withEvents(ctx.api.db, await ctx.api.db.selectFrom("express_bookings").selectAll().where("item_name", "=", MARKER).orderBy("id").execute());

function refused(path: string, answer: Answer, statuses: number[]) {
  expect(statuses, `${path}: ${answer.text}`).toContain(answer.status);
  expect(answer.text, path).not.toContain(MARKER);
}

const exhibitorProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  // Control: A lists both, so what B does not see below is about ownership.
  const own = await call(ctx, ctx.a, "/smeb/express/list");
  expect(itemIds(own)).toEqual(expect.arrayContaining([p.bookedId, p.receivedId]));

  const before = await aState(ctx);
  const listed = await call(ctx, ctx.b, `/smeb/express/list?userId=${p.aId}&id=${p.bookedId}`);
  expect(listed.status).toBe(200);
  refused("B's list", listed, [200]);
  expect(itemIds(listed)).not.toContain(p.bookedId);
  for (const id of [p.bookedId, p.receivedId]) refused("B deletes A's booking", await call(ctx, ctx.b, "/smeb/express/delete", { id: String(id) }), [404]);
  const onABooth = await call(ctx, ctx.b, "/smeb/express/save", {
    boothId: String(p.aBoothId),
    carrierId: String(p.shundaId),
    senderName: "B",
    senderPhone: "13800000001",
    senderAddress: "B",
    recipientName: "B",
    recipientPhone: "13800000001",
    itemName: "B",
    pieces: "1",
    grossWeight: "1",
    length: "10",
    width: "10",
    height: "10",
    expectedOn: testCalendar.rawMoveIn.from,
  });
  refused("B books to A's booth", onABooth, [400]);
  expect(onABooth.text).toContain("transport.errors.boothUnknown");
  // A carrier has no business on the exhibitor's routes.
  refused("carrier lists", await call(ctx, ctx.carrier, "/smeb/express/list"), [403]);
  refused("carrier deletes", await call(ctx, ctx.carrier, "/smeb/express/delete", { id: String(p.bookedId) }), [403]);
  expect(await aState(ctx)).toBe(before);
};

const carrierProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  // Control: carrier01 and the organizer see A's bookings.
  expect(itemIds(await call(ctx, ctx.carrier, "/shipment/express/list"))).toEqual(expect.arrayContaining([p.bookedId, p.receivedId]));
  expect(itemIds(await call(ctx, ctx.admin, "/shipment/express/list"))).toEqual(expect.arrayContaining([p.bookedId, p.receivedId]));

  const before = await aState(ctx);
  const forCarrier02 = await call(ctx, p.carrier02, `/shipment/express/list?id=${p.bookedId}&carrierId=${p.shundaId}`);
  refused("carrier02's list", forCarrier02, [200]);
  refused("carrier02 moves", await call(ctx, p.carrier02, "/shipment/express/step", { id: String(p.bookedId), status: "received" }), [404]);
  refused("carrier02 delivers", await call(ctx, p.carrier02, "/shipment/express/step", { id: String(p.receivedId), status: "delivered" }), [404]);
  for (const ticket of [ctx.a, ctx.b]) {
    refused("exhibitor lists", await call(ctx, ticket, "/shipment/express/list"), [403]);
    refused("exhibitor moves", await call(ctx, ticket, "/shipment/express/step", { id: String(p.bookedId), status: "received" }), [403]);
  }
  refused("the organizer moves", await call(ctx, ctx.admin, "/shipment/express/step", { id: String(p.bookedId), status: "received" }), [403]);
  expect(await aState(ctx)).toBe(before);
};

async function signedIn(ctx: Pick<Ctx, "api">, username: string) {
  const browser = portalClient(ctx.api.baseUrl);
  browser.jar.set("lng", "zh");
  await browser.signIn(username, "Expo#2026");
  return browser;
}

const pagesProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aState(ctx);
  const b = await signedIn(ctx, "raw01");
  const view = await b.request(`/exhibitTL/smallExhibitsExpress?delete=${p.bookedId}`, { headers: zh });
  expect(view.status).toBe(200);
  const html = await view.text();
  expect(html).not.toContain(MARKER);
  expect(html).not.toContain('data-testid="confirm-action"');
  const post = await b.request("/exhibitTL/smallExhibitsExpress", {
    body: new URLSearchParams({ intent: "delete", id: String(p.bookedId) }),
    headers: sameOrigin,
  });
  expect(post.status).not.toBe(302);
  expect(await post.text()).not.toContain(MARKER);
  // B never reaches the carrier's page.
  const carrierPage = await b.request("/exhibitTL/carriageOrder", { headers: zh });
  expect(carrierPage.status).toBe(302);
  expect(carrierPage.headers.get("location")).toMatch(/\/401/);

  // The second carrier: carrier01's bookings are neither shown nor moved on its orders page.
  const other = await signedIn(ctx, "carrier02");
  const orders = await other.request(`/exhibitTL/carriageOrder?expressPage=1`, { headers: zh });
  expect(orders.status).toBe(200);
  expect(await orders.text()).not.toContain(MARKER);
  for (const form of [
    { intent: "expressStep", id: String(p.bookedId), version: "0", status: "received" },
    { intent: "expressStep", id: String(p.receivedId), version: "1", status: "delivered" },
  ]) {
    const response = await other.request("/exhibitTL/carriageOrder", { body: new URLSearchParams(form), headers: sameOrigin });
    expect(response.status, form.status).toBe(404);
    expect(await response.text()).not.toContain(MARKER);
  }
  expect(await aState(ctx)).toBe(before);
};

export const expressSweep = {
  "GET /api/smeb/express/list": { probe: exhibitorProbe },
  "POST /api/smeb/express/save": { probe: exhibitorProbe },
  "POST /api/smeb/express/delete": { probe: exhibitorProbe },
  "GET /api/shipment/express/list": { probe: carrierProbe },
  "POST /api/shipment/express/step": { probe: carrierProbe },
  "routes/_shell.exhibitTL.smallExhibitsExpress": { probe: pagesProbe },
};

/** The API probes alone, for a server without the portal's pages (tests/api/vehicles-express.test.ts). */
export const expressApiProbes = { exhibitorProbe, carrierProbe };
