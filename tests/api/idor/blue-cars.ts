import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import type { TestApi } from "../../support/test-api";
import { testCalendar } from "../../support/test-clock";
import { insertStoredFile } from "../../support/stored-files";
import { callApiZh, oncePerServer } from "../../support/idor-probe";

/**
 * Blue-plate cars (issue 41) in the IDOR sweep (tests/api/idor.test.ts). A (std01) has a waiting car
 * and an approved one, written straight into the database with a marker owner name. B (raw01)
 * naming them in the API or the pages gets 400/403/404, none of A's data, and changes nothing;
 * exhibitors never reach the organizer's routes (403, pages /401), carriers not the exhibitor's.
 */
type Ctx = { api: TestApi; a: string; b: string; admin: string; carrier: string };
type Probe = (ctx: Ctx) => Promise<void>;
type Answer = { status: number; text: string };

const MARKER = "A蓝牌车MARKER";
/** A's plates: nobody else registers them. */
const A_PLATES = { waiting: "湘Z97531", approved: "湘Z97532" };

const call = callApiZh;

type Prepared = { aId: number; waitingId: number; approvedId: number; aScanUrl: string };

/** A's two cars and scan; made once per server. */
const prepare = oncePerServer(async (ctx: Ctx): Promise<Prepared> => {
  const db = ctx.api.db;
  const a = await db.selectFrom("users").select(["id", "exhibition_id"]).where("username", "=", "std01").executeTakeFirstOrThrow();
  const { id: fileId } = await insertStoredFile(db, { ownerUserId: a.id, folder: "driving-license", name: `${MARKER}.png` });
  const row = {
    exhibition_id: a.exhibition_id!,
    user_id: a.id,
    owner_name: MARKER,
    license_front_file_id: fileId,
    license_back_file_id: fileId,
    license_second_file_id: fileId,
    license_four_pages_file_id: fileId,
    vehicle_photo_file_id: fileId,
    needed_from: testCalendar.rawMoveIn.from,
    needed_to: testCalendar.endsOn,
    updated_at: new Date(),
  };
  const waiting = await db
    .insertInto("blue_cars")
    .values({ ...row, plate: A_PLATES.waiting })
    .returning("id")
    .executeTakeFirstOrThrow();
  const approved = await db
    .insertInto("blue_cars")
    .values({
      ...row,
      plate: A_PLATES.approved,
      status: "approved",
      pass_no: "MARKER-PASS",
      valid_from: testCalendar.rawMoveIn.from,
      valid_to: testCalendar.endsOn,
      reviewed_at: new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { aId: a.id, waitingId: waiting.id, approvedId: approved.id, aScanUrl: `/files/${fileId}` };
});

const aState = async (ctx: Ctx, aId: number) =>
  JSON.stringify(await ctx.api.db.selectFrom("blue_cars").selectAll().where("user_id", "=", aId).orderBy("id").execute());

function refused(label: string, answer: Answer, statuses: number[]) {
  expect(statuses, `${label}: ${answer.text}`).toContain(answer.status);
  expect(answer.text, label).not.toContain(MARKER);
  for (const plate of Object.values(A_PLATES)) expect(answer.text, label).not.toContain(plate);
}

/** A car form of B's, naming A's record or scan as asked. */
const carForm = (p: Prepared, extra: Record<string, string>) => ({
  ownerName: "B车主",
  plate: "湘Z97533",
  licenseFrontUrl: p.aScanUrl,
  licenseBackUrl: p.aScanUrl,
  licenseSecondUrl: p.aScanUrl,
  licenseFourPagesUrl: p.aScanUrl,
  vehiclePhotoUrl: p.aScanUrl,
  neededFrom: testCalendar.rawMoveIn.from,
  neededTo: testCalendar.endsOn,
  ...extra,
});

const apiProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  // Controls: A lists both its cars and downloads the approved car's pass; the organizer reads them.
  const own = await call(ctx, ctx.a, "/smeb/blueCar/list");
  expect(own.text).toContain(A_PLATES.waiting);
  expect((await call(ctx, ctx.a, `/smeb/blueCar/pass?id=${p.approvedId}`)).status).toBe(200);
  expect((await call(ctx, ctx.admin, "/smeb/blueCar/review/list")).text).toContain(MARKER);

  const before = await aState(ctx, p.aId);
  refused("B's list", await call(ctx, ctx.b, "/smeb/blueCar/list"), [200]);
  refused("B reads A's pass", await call(ctx, ctx.b, `/smeb/blueCar/pass?id=${p.approvedId}`), [404]);
  refused("B saves with A's scans", await call(ctx, ctx.b, "/smeb/blueCar/save", carForm(p, {})), [404]);
  for (const id of [p.waitingId, p.approvedId]) {
    const plate = id === p.waitingId ? A_PLATES.waiting : A_PLATES.approved;
    refused(`B updates ${id}`, await call(ctx, ctx.b, "/smeb/blueCar/update", carForm(p, { id: String(id), plate })), [404]);
    refused(`B deletes ${id}`, await call(ctx, ctx.b, "/smeb/blueCar/delete", { id: String(id) }), [404]);
  }
  // The organizer's routes: 403 for exhibitors and carriers alike.
  for (const ticket of [ctx.b, ctx.carrier]) {
    refused("review list", await call(ctx, ticket, "/smeb/blueCar/review/list"), [403]);
    refused("decide", await call(ctx, ticket, "/smeb/blueCar/review/decide", { id: String(p.waitingId), decision: "return", comment: "x" }), [403]);
    refused("settings", await call(ctx, ticket, "/smeb/blueCar/settings"), [403]);
    refused("save settings", await call(ctx, ticket, "/smeb/blueCar/settings/save", { trafficPageUrlEn: "https://evil.example.org/" }), [403]);
    refused("verify", await call(ctx, ticket, "/smeb/blueCar/pass/verify?code=EPB1.1.x"), [403]);
  }
  // Carriers have no cars: the exhibitor's routes answer 403.
  refused("carrier list", await call(ctx, ctx.carrier, "/smeb/blueCar/list"), [403]);
  refused("carrier pass", await call(ctx, ctx.carrier, `/smeb/blueCar/pass?id=${p.approvedId}`), [403]);
  expect(await aState(ctx, p.aId)).toBe(before);
};

const zh = { "accept-language": "zh" };
const sameOrigin = { "sec-fetch-site": "same-origin", ...zh };

const pageProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aState(ctx, p.aId);
  const browser = portalClient(ctx.api.baseUrl);
  browser.jar.set("lng", "zh");
  await browser.signIn("raw01", "Expo#2026");
  for (const path of [`/HT/blueCarGuide?edit=${p.waitingId}`, `/HT/blueCarGuide?delete=${p.waitingId}`]) {
    const page = await browser.request(path, { headers: zh });
    expect(page.status, path).toBe(200);
    const html = await page.text();
    expect(html, path).not.toContain(MARKER);
    expect(html, path).not.toContain(A_PLATES.waiting);
  }
  expect((await browser.request(`/HT/blueCarGuide/pass?id=${p.approvedId}`, { headers: zh })).status).toBe(404);
  for (const form of [
    { intent: "delete", id: String(p.waitingId) },
    { intent: "update", id: String(p.waitingId), ...carForm(p, { plate: A_PLATES.waiting }) },
  ]) {
    const posted = await browser.request("/HT/blueCarGuide", { body: new URLSearchParams(form), headers: sameOrigin });
    expect([400, 404, 409], form.intent).toContain(posted.status);
    const html = await posted.text();
    expect(html).not.toContain(MARKER);
  }
  for (const path of ["/HT/blueCarReview", "/HT/blueCarReview?status=submitted"]) {
    const review = await browser.request(path, { headers: zh });
    expect(review.status, path).toBe(302);
    expect(review.headers.get("location")).toBe("/401");
  }
  const decided = await browser.request("/HT/blueCarReview", {
    body: new URLSearchParams({ intent: "decide", id: String(p.waitingId), decision: "return", comment: "x" }),
    headers: sameOrigin,
  });
  expect(decided.status).toBe(302);
  expect(decided.headers.get("location")).toBe("/401");
  expect(await aState(ctx, p.aId)).toBe(before);
};

export const blueCarsSweep = {
  "GET /api/smeb/blueCar/list": { probe: apiProbe },
  "POST /api/smeb/blueCar/save": { probe: apiProbe },
  "POST /api/smeb/blueCar/update": { probe: apiProbe },
  "POST /api/smeb/blueCar/delete": { probe: apiProbe },
  "GET /api/smeb/blueCar/pass": { probe: apiProbe },
  "GET /api/smeb/blueCar/review/list": { probe: apiProbe },
  "POST /api/smeb/blueCar/review/decide": { probe: apiProbe },
  "GET /api/smeb/blueCar/settings": { probe: apiProbe },
  "POST /api/smeb/blueCar/settings/save": { probe: apiProbe },
  "GET /api/smeb/blueCar/pass/verify": { probe: apiProbe },
  "routes/_shell.HT.blueCarGuide": { probe: pageProbe },
  "routes/_shell.HT.blueCarReview": { probe: pageProbe },
  "routes/HT.blueCarGuide.pass": { probe: pageProbe },
};

/** The API entries alone, for tests/api/blue-cars.test.ts on both databases. */
export const blueCarsApiEntries = Object.fromEntries(Object.entries(blueCarsSweep).filter(([route]) => route.includes(" /api/")));
