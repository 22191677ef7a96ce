import { expect } from "vitest";
import type { TestApi } from "../../support/test-api";
import { testCalendar } from "../../support/test-clock";
import { callApiZhRaw, oncePerServer } from "../../support/idor-probe";

/**
 * Hoisting and forklift bookings in the IDOR sweep (tests/api/idor.test.ts). A (std01) has two
 * marked bookings with carrier01's company: one e-mailed to it (a lifting_sends row), one not. B
 * (raw01) naming A's booking or booth gets 400/404 and none of A's data; the second carrier
 * (carrier02) never sees or confirms carrier01's booking (404), nobody of another role reaches the
 * other side's routes (403), and no carrier ever sees a booking that was not sent. Requests are in
 * Chinese: in English every transport route refuses anyway. A's rows are written straight into the
 * database, so the probe does not depend on whether A's list is already locked by someone else.
 */
type Ctx = { api: TestApi; a: string; b: string; admin: string; carrier: string };
type Probe = (ctx: Ctx) => Promise<void>;
type Answer = { status: number; text: string };

/** A's bookings carry sizes nobody else books: 4.321 t, 12.34 m long. */
const MARKERS = ['"weightT":"4.321"', '"lengthM":"12.34"'];

const call = callApiZhRaw;

const bookingIds = (answer: Answer) => ((JSON.parse(answer.text).data?.bookings ?? []) as { id: number }[]).map((b) => b.id);

type Prepared = { aId: number; aBoothId: number; carrierId: number; sentId: number; unsentId: number; carrier02: string };
/** A's sent and unsent bookings and carrier02's session; made once per server. */
const prepare = oncePerServer(async (ctx: Ctx): Promise<Prepared> => {
  const db = ctx.api.db;
  const a = await db.selectFrom("users").select(["id", "exhibition_id"]).where("username", "=", "std01").executeTakeFirstOrThrow();
  const booth = await db.selectFrom("booths").select("id").where("user_id", "=", a.id).orderBy("id").executeTakeFirstOrThrow();
  const shunda = await db.selectFrom("carriers").select(["id", "contact_email"]).where("code", "=", "shunda").executeTakeFirstOrThrow();
  const row = {
    exhibition_id: a.exhibition_id!,
    user_id: a.id,
    booth_id: booth.id,
    carrier_id: shunda.id,
    kind: "forklift" as const,
    weight_kg: 4_321,
    length_cm: 1_234,
    width_cm: 200,
    height_cm: 150,
    pieces: 1,
    work_day: testCalendar.endsOn,
    fee_cents: 70_000,
  };
  const [sent, unsent] = await db
    .insertInto("lifting_bookings")
    .values([
      { ...row, slot: "17:00-19:00" },
      { ...row, slot: "15:00-17:00" },
    ])
    .returning("id")
    .execute();
  await db
    .insertInto("lifting_sends")
    .values({
      exhibition_id: a.exhibition_id!,
      user_id: a.id,
      carrier_id: shunda.id,
      sent_to: shunda.contact_email,
      booking_ids: String(sent!.id),
      summary: JSON.stringify({ lines: [{ id: sent!.id }], totalFeeCents: 70_000 }),
    })
    .execute();
  return {
    aId: a.id,
    aBoothId: booth.id,
    carrierId: shunda.id,
    sentId: sent!.id,
    unsentId: unsent!.id,
    carrier02: await ctx.api.login("carrier02", "Expo#2026"),
  };
});

/** Everything of A's a lifting call could change. */
async function aState(ctx: Ctx, aId: number) {
  const bookings = await ctx.api.db.selectFrom("lifting_bookings").selectAll().where("user_id", "=", aId).orderBy("id").execute();
  const sends = await ctx.api.db.selectFrom("lifting_sends").selectAll().where("user_id", "=", aId).orderBy("id").execute();
  return JSON.stringify({ bookings, sends });
}

function holdsNothingOfA(path: string, answer: Answer, p: Prepared) {
  for (const marker of MARKERS) expect(answer.text, path).not.toContain(marker);
  if (answer.status !== 200) return;
  expect(bookingIds(answer), path).not.toContain(p.sentId);
  expect(bookingIds(answer), path).not.toContain(p.unsentId);
}

const refused = (path: string, answer: Answer, p: Prepared, statuses: number[]) => {
  expect(statuses, `${path}: ${answer.text}`).toContain(answer.status);
  holdsNothingOfA(path, answer, p);
};

const exhibitorProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  // Control: A lists both its bookings, so what B does not see below is about ownership.
  const own = await call(ctx, ctx.a, "/smeb/shipment/forklift/list");
  expect(bookingIds(own)).toEqual(expect.arrayContaining([p.sentId, p.unsentId]));

  const before = await aState(ctx, p.aId);
  const listed = await call(ctx, ctx.b, `/smeb/shipment/forklift/list?userId=${p.aId}&id=${p.sentId}`);
  expect(listed.status).toBe(200);
  holdsNothingOfA("B's list", listed, p);
  for (const id of [p.sentId, p.unsentId])
    refused("B deletes A's booking", await call(ctx, ctx.b, "/smeb/shipment/forklift/delete", { id: String(id) }), p, [404]);
  const onABooth = await call(ctx, ctx.b, "/smeb/shipment/forklift/save", {
    boothId: String(p.aBoothId),
    carrierId: String(p.carrierId),
    kind: "forklift",
    weight: "1",
    length: "1",
    width: "1",
    height: "1",
    pieces: "1",
    workDay: testCalendar.endsOn,
    slot: "08:00-10:00",
  });
  refused("B books on A's booth", onABooth, p, [400, 404]);
  expect(onABooth.text).toContain("transport.errors.boothUnknown");
  // B's send carries B's own bookings at most (or answers that there is nothing to send).
  refused("B sends", await call(ctx, ctx.b, "/smeb/shipment/forklift/sendEmail", {}), p, [200, 400]);
  const bSends = await ctx.api.db.selectFrom("lifting_sends").select("booking_ids").where("user_id", "<>", p.aId).execute();
  for (const send of bSends) expect(send.booking_ids.split(",").map(Number)).not.toContain(p.unsentId);

  // A carrier has no business on the exhibitor's routes.
  for (const [path, form] of [
    ["/smeb/shipment/forklift/list"],
    ["/smeb/shipment/forklift/delete", { id: String(p.unsentId) }],
    ["/smeb/shipment/forklift/sendEmail", {}],
  ] as [string, Record<string, string>?][]) {
    refused(path, await call(ctx, ctx.carrier, path, form), p, [403]);
  }
  expect(await aState(ctx, p.aId)).toBe(before);
};

const carrierProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  // Control: carrier01 sees A's sent booking, never the unsent one; the organizer sees the sent one too.
  const forCarrier01 = bookingIds(await call(ctx, ctx.carrier, "/shipment/forklift/list"));
  expect(forCarrier01).toContain(p.sentId);
  expect(forCarrier01).not.toContain(p.unsentId);
  expect(bookingIds(await call(ctx, ctx.admin, "/shipment/forklift/list"))).toContain(p.sentId);

  const before = await aState(ctx, p.aId);
  const forCarrier02 = await call(ctx, p.carrier02, `/shipment/forklift/list?id=${p.sentId}`);
  expect(forCarrier02.status).toBe(200);
  holdsNothingOfA("carrier02's list", forCarrier02, p);
  for (const id of [p.sentId, p.unsentId])
    refused("carrier02 confirms", await call(ctx, p.carrier02, "/shipment/forklift/confirm", { id: String(id) }), p, [404]);
  refused("carrier01 confirms an unsent booking", await call(ctx, ctx.carrier, "/shipment/forklift/confirm", { id: String(p.unsentId) }), p, [404]);
  // Exhibitors never reach the carrier's routes; the organizer reads but does not confirm.
  for (const ticket of [ctx.a, ctx.b]) {
    refused("exhibitor lists", await call(ctx, ticket, "/shipment/forklift/list"), p, [403]);
    refused("exhibitor confirms", await call(ctx, ticket, "/shipment/forklift/confirm", { id: String(p.sentId) }), p, [403]);
  }
  expect((await call(ctx, ctx.admin, "/shipment/forklift/confirm", { id: String(p.sentId) })).status).toBe(403);
  expect(await aState(ctx, p.aId)).toBe(before);
};

export const liftingSweep = {
  "GET /api/smeb/shipment/forklift/list": { probe: exhibitorProbe },
  "POST /api/smeb/shipment/forklift/save": { probe: exhibitorProbe },
  "POST /api/smeb/shipment/forklift/delete": { probe: exhibitorProbe },
  "POST /api/smeb/shipment/forklift/sendEmail": { probe: exhibitorProbe },
  "GET /api/shipment/forklift/list": { probe: carrierProbe },
  "POST /api/shipment/forklift/confirm": { probe: carrierProbe },
};
