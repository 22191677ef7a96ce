import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import type { TestApi } from "../../support/test-api";
import { testCalendar } from "../../support/test-clock";

/**
 * The transport pages in the IDOR sweep (tests/api/idor.test.ts), signed in to the portal in
 * Chinese (the area is hidden in English): exhibitor B (raw01) naming exhibitor A's (std01)
 * declaration or hoisting booking in the pages' views and forms reads none of A's data and changes
 * nothing; B never reaches the carrier's pages (/401); the second carrier (carrier02) naming
 * carrier01's declaration gets 404 and changes nothing.
 */
type Ctx = { api: TestApi; a: string; b: string };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "A运输页MARKER";
const sameOrigin = { "sec-fetch-site": "same-origin", "accept-language": "zh" };
const zh = { "accept-language": "zh" };

let prepared: Promise<{ declarationId: number; bookingId: number }> | null = null;
/** A's declaration to carrier01 (submitted, an exhibit named with the marker) and an unsent hoisting booking. */
function prepare(ctx: Ctx) {
  prepared ??= (async () => {
    const db = ctx.api.db;
    const booth = await db.selectFrom("booths").select(["id", "user_id", "exhibition_id"]).where("booth_no", "=", "1A01").executeTakeFirstOrThrow();
    const carrier = await db.selectFrom("carriers").select("id").where("code", "=", "shunda").executeTakeFirstOrThrow();
    const declaration = await db
      .insertInto("transport_declarations")
      .values({
        exhibition_id: booth.exhibition_id,
        user_id: booth.user_id!,
        booth_id: booth.id,
        carrier_id: carrier.id,
        status: "submitted",
        services: "delivery",
        arrival_from: testCalendar.rawMoveIn.from,
        arrival_to: testCalendar.rawMoveIn.to,
        contact_name: MARKER,
        contact_phone: "13800000000",
        computed_cents: 50_000,
        submitted_at: new Date(),
        updated_at: new Date(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("transport_exhibits")
      .values({
        declaration_id: declaration.id,
        sort: 0,
        name_zh: MARKER,
        quantity: 1,
        packages: 1,
        gross_weight_g: 10_000,
        length_cm: 50,
        width_cm: 50,
        height_cm: 50,
      })
      .execute();
    const booking = await db
      .insertInto("lifting_bookings")
      .values({
        exhibition_id: booth.exhibition_id,
        user_id: booth.user_id!,
        booth_id: booth.id,
        carrier_id: carrier.id,
        kind: "forklift",
        weight_kg: 777,
        length_cm: 100,
        width_cm: 100,
        height_cm: 100,
        pieces: 7,
        work_day: testCalendar.rawMoveIn.from,
        slot: "15:00-17:00",
        fee_cents: 20_000 * 7,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { declarationId: declaration.id, bookingId: booking.id };
  })();
  return prepared;
}

async function aState(ctx: Ctx) {
  const declarations = await ctx.api.db
    .selectFrom("transport_declarations")
    .select(["id", "status", "version", "deleted_at", "return_reason", "accepted_cents"])
    .where("contact_name", "=", MARKER)
    .execute();
  const exhibits = await ctx.api.db
    .selectFrom("transport_exhibits")
    .select(["declaration_id", "sort", "name_zh"])
    .where(
      "declaration_id",
      "in",
      declarations.map((d) => d.id),
    )
    .execute();
  const messages = await ctx.api.db
    .selectFrom("transport_messages")
    .select("id")
    .where(
      "declaration_id",
      "in",
      declarations.map((d) => d.id),
    )
    .execute();
  const bookings = await ctx.api.db.selectFrom("lifting_bookings").select(["id", "deleted_at", "status"]).where("weight_kg", "=", 777).execute();
  return JSON.stringify({ declarations, exhibits, messages, bookings });
}

async function signedIn(ctx: Ctx, username: string) {
  const browser = portalClient(ctx.api.baseUrl);
  browser.jar.set("lng", "zh");
  await browser.signIn(username, "Expo#2026");
  return browser;
}

const declarationProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aState(ctx);
  const b = await signedIn(ctx, "raw01");
  const own = await b.request("/exhibitTL/carriage", { headers: zh });
  expect(own.status).toBe(200);
  expect(await own.text()).not.toContain(MARKER);
  const path = `/exhibitTL/carriage/${p.declarationId}`;
  const view = await b.request(`${path}?deleteExhibit=0&confirm=delete`, { headers: zh });
  expect(view.status).toBe(404);
  expect(await view.text()).not.toContain(MARKER);
  const id = String(p.declarationId);
  for (const form of <Record<string, string>[]>[
    {
      intent: "update",
      id,
      version: "0",
      boothId: "1",
      carrierId: "1",
      services: "delivery",
      arrivalFrom: testCalendar.rawMoveIn.from,
      arrivalTo: testCalendar.rawMoveIn.to,
      contactName: "B",
      contactPhone: "13800000001",
    },
    {
      intent: "addExhibit",
      declarationId: id,
      version: "0",
      nameZh: "B",
      quantity: "1",
      packages: "1",
      grossWeight: "1",
      length: "1",
      width: "1",
      height: "1",
    },
    { intent: "deleteExhibit", declarationId: id, sort: "0", version: "0" },
    { intent: "submit", version: "0" },
    { intent: "delete", version: "0" },
    { intent: "message", declarationId: id, body: "B" },
  ]) {
    const response = await b.request(path, { body: new URLSearchParams(form), headers: sameOrigin });
    expect(await response.text(), form.intent).not.toContain(MARKER);
  }
  // The template is the same for everyone: nothing of A's in it.
  const template = await b.request("/exhibitTL/carriage/template", { headers: zh });
  expect(template.status).toBe(200);
  expect(Buffer.from(await template.arrayBuffer()).toString("latin1")).not.toContain(MARKER);
  expect(await aState(ctx)).toBe(before);
};

const carrierPagesProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aState(ctx);
  const b = await signedIn(ctx, "raw01");
  for (const path of ["/exhibitTL/review", `/exhibitTL/review/${p.declarationId}`, "/exhibitTL/carriageOrder", "/exhibitTL/carriageOrder/report"]) {
    const response = await b.request(path, { headers: zh });
    expect(response.status, path).toBe(302);
    expect(response.headers.get("location"), path).toMatch(/\/401/);
  }
  // The second carrier: carrier01's declaration is unknown to it, in the views, the decision and the orders.
  const other = await signedIn(ctx, "carrier02");
  const view = await other.request(`/exhibitTL/review/${p.declarationId}`, { headers: zh });
  expect(view.status).toBe(404);
  expect(await view.text()).not.toContain(MARKER);
  for (const path of ["/exhibitTL/review", "/exhibitTL/review?status=submitted", "/exhibitTL/carriageOrder"]) {
    const response = await other.request(path, { headers: zh });
    expect(response.status, path).toBe(200);
    expect(await response.text(), path).not.toContain(MARKER);
  }
  for (const form of <Record<string, string>[]>[
    { intent: "decide", id: String(p.declarationId), version: "0", decision: "return", reason: "B" },
    { intent: "decide", id: String(p.declarationId), version: "0", decision: "accept" },
    { intent: "message", declarationId: String(p.declarationId), body: "B" },
  ]) {
    const response = await other.request(`/exhibitTL/review/${p.declarationId}`, { body: new URLSearchParams(form), headers: sameOrigin });
    expect(await response.text(), form.intent).not.toContain(MARKER);
  }
  const report = await other.request("/exhibitTL/carriageOrder/report", { headers: zh });
  expect(report.status).toBe(200);
  expect(await aState(ctx)).toBe(before);
};

const liftingProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aState(ctx);
  const b = await signedIn(ctx, "raw01");
  const view = await b.request(`/exhibitTL/exhibitsCostReservation?delete=${p.bookingId}`, { headers: zh });
  expect(view.status).toBe(200);
  const html = await view.text();
  // A's booking weighs 0.777 t (777 kg): shown as such nowhere on B's page.
  expect(html).not.toContain("0.777");
  expect(html).not.toContain('data-testid="confirm-action"');
  const post = await b.request("/exhibitTL/exhibitsCostReservation", {
    body: new URLSearchParams({ intent: "delete", id: String(p.bookingId) }),
    headers: sameOrigin,
  });
  expect(post.status).not.toBe(302);
  expect(await aState(ctx)).toBe(before);
};

const SESSION_AREA = "the area layout and its index: the caller's own menus; no id is read";

export const transportPagesSweep = {
  "routes/_shell.exhibitTL": { noOwnedId: SESSION_AREA },
  "routes/_shell.exhibitTL._index": { noOwnedId: SESSION_AREA },
  "routes/_shell.exhibitTL.carriage": { probe: declarationProbe },
  "routes/_shell.exhibitTL.carriage_.$id": { probe: declarationProbe },
  "routes/exhibitTL.carriage.template": { probe: declarationProbe },
  "routes/_shell.exhibitTL.review": { probe: carrierPagesProbe },
  "routes/_shell.exhibitTL.review_.$id": { probe: carrierPagesProbe },
  "routes/_shell.exhibitTL.carriageOrder": { probe: carrierPagesProbe },
  "routes/exhibitTL.carriageOrder.report": { probe: carrierPagesProbe },
  "routes/_shell.exhibitTL.exhibitsCostReservation": { probe: liftingProbe },
};
