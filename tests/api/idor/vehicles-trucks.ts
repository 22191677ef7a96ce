import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import type { TestApi } from "../../support/test-api";
import { testCalendar } from "../../support/test-clock";
import { insertStoredFile } from "../../support/stored-files";
import { callApiZh, oncePerServer } from "../../support/idor-probe";

/**
 * Yellow-plate trucks in the IDOR sweep (tests/api/idor.test.ts). A (std01) has a waiting truck and
 * an approved one, written straight into the database with a marker driver name. B (raw01) naming
 * them in the API or the pages gets 400/404, none of A's data, and changes nothing; exhibitors and
 * carriers never reach the organizer's routes (403, pages /401); carriers never reach the
 * exhibitor's (403). Requests are in Chinese: in English every route of the area refuses anyway.
 */
type Ctx = { api: TestApi; a: string; b: string; admin: string; carrier: string };
type Probe = (ctx: Ctx) => Promise<void>;
type Answer = { status: number; text: string };

const MARKER = "A黄牌车MARKER";
/** A's plates: nobody else registers them. */
const A_PLATES = { waiting: "琼Z97531", approved: "琼Z97532" };

const call = callApiZh;

type Prepared = { aId: number; aBoothId: number; bBoothId: number; waitingId: number; approvedId: number; aLicenseUrl: string };

/** A's two trucks and licence file; made once per server. */
const prepare = oncePerServer(async (ctx: Ctx): Promise<Prepared> => {
  const db = ctx.api.db;
  const a = await db.selectFrom("users").select(["id", "exhibition_id"]).where("username", "=", "std01").executeTakeFirstOrThrow();
  const b = await db.selectFrom("users").select("id").where("username", "=", "raw01").executeTakeFirstOrThrow();
  const aBooth = await db.selectFrom("booths").select("id").where("user_id", "=", a.id).orderBy("id").executeTakeFirstOrThrow();
  const bBooth = await db.selectFrom("booths").select("id").where("user_id", "=", b.id).orderBy("id").executeTakeFirstOrThrow();
  const { id: fileId } = await insertStoredFile(db, {
    ownerUserId: a.id,
    folder: "driving-license",
    name: `${MARKER}.pdf`,
    contentType: "application/pdf",
  });
  const row = {
    exhibition_id: a.exhibition_id!,
    user_id: a.id,
    booth_id: aBooth.id,
    kind: "installation" as const,
    driver_name: MARKER,
    driver_phone: "13700000001",
    planned_on: testCalendar.rawMoveIn.from,
    license_file_id: fileId,
    updated_at: new Date(),
  };
  const waiting = await db
    .insertInto("yellow_trucks")
    .values({ ...row, plate: A_PLATES.waiting })
    .returning("id")
    .executeTakeFirstOrThrow();
  const approved = await db
    .insertInto("yellow_trucks")
    .values({ ...row, plate: A_PLATES.approved, status: "approved", gate: "A门MARKER", decided_at: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { aId: a.id, aBoothId: aBooth.id, bBoothId: bBooth.id, waitingId: waiting.id, approvedId: approved.id, aLicenseUrl: `/files/${fileId}` };
});

async function aState(ctx: Ctx, aId: number) {
  return JSON.stringify(await ctx.api.db.selectFrom("yellow_trucks").selectAll().where("user_id", "=", aId).orderBy("id").execute());
}

function holdsNothingOfA(label: string, answer: Answer) {
  expect(answer.text, label).not.toContain(MARKER);
  for (const plate of Object.values(A_PLATES)) expect(answer.text, label).not.toContain(plate);
}
const refused = (label: string, answer: Answer, statuses: number[]) => {
  expect(statuses, `${label}: ${answer.text}`).toContain(answer.status);
  holdsNothingOfA(label, answer);
};

/** A truck form of B's, naming A's record, booth or file as asked. */
const truckForm = (p: Prepared, extra: Record<string, string>) => ({
  boothId: String(p.bBoothId),
  plate: "琼Z97533",
  kind: "installation",
  driverName: "B司机",
  driverPhone: "13700000002",
  plannedOn: testCalendar.rawMoveIn.from,
  licenseUrl: p.aLicenseUrl,
  ...extra,
});

const exhibitorProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  // Control: A lists both its trucks and downloads its approved truck's pass.
  const own = await call(ctx, ctx.a, "/smeb/truck/list");
  expect(own.text).toContain(A_PLATES.waiting);
  expect(own.text).toContain(A_PLATES.approved);
  expect((await call(ctx, ctx.a, `/smeb/truck/pass?id=${p.approvedId}`)).status).toBe(200);

  const before = await aState(ctx, p.aId);
  const listed = await call(ctx, ctx.b, `/smeb/truck/list?userId=${p.aId}&id=${p.waitingId}`);
  expect(listed.status).toBe(200);
  holdsNothingOfA("B's list", listed);
  for (const id of [p.waitingId, p.approvedId]) {
    refused("B deletes A's truck", await call(ctx, ctx.b, "/smeb/truck/delete", { id: String(id) }), [404]);
    refused("B changes A's truck", await call(ctx, ctx.b, "/smeb/truck/update", truckForm(p, { id: String(id), plate: A_PLATES.waiting })), [404]);
    refused("B downloads A's pass", await call(ctx, ctx.b, `/smeb/truck/pass?id=${id}`), [404]);
  }
  const onABooth = await call(ctx, ctx.b, "/smeb/truck/save", truckForm(p, { boothId: String(p.aBoothId) }));
  refused("B registers on A's booth", onABooth, [400, 404]);
  expect(onABooth.text).toContain("transport.errors.boothUnknown");
  refused("B registers with A's licence", await call(ctx, ctx.b, "/smeb/truck/save", truckForm(p, {})), [404]);

  for (const [path, form] of [
    ["/smeb/truck/list"],
    ["/smeb/truck/save", truckForm(p, {})],
    ["/smeb/truck/update", truckForm(p, { id: String(p.waitingId), plate: A_PLATES.waiting })],
    ["/smeb/truck/delete", { id: String(p.waitingId) }],
    [`/smeb/truck/pass?id=${p.approvedId}`],
  ] as [string, Record<string, string>?][]) {
    refused(`carrier on ${path}`, await call(ctx, ctx.carrier, path, form), [403]);
  }
  expect(await aState(ctx, p.aId)).toBe(before);
};

const organizerProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  // Control: the organizer sees A's trucks and exports A's approved one.
  expect((await call(ctx, ctx.admin, "/smeb/truck/review/list")).text).toContain(A_PLATES.waiting);
  const before = await aState(ctx, p.aId);
  const routes: [string, Record<string, string>?][] = [
    ["/smeb/truck/review/list"],
    [`/smeb/truck/review/list?day=${testCalendar.rawMoveIn.from}`],
    ["/smeb/truck/review/decide", { id: String(p.waitingId), decision: "approve", gate: "B门" }],
    ["/smeb/truck/review/decide", { id: String(p.waitingId), decision: "return", reason: "B" }],
    [`/smeb/truck/review/export?day=${testCalendar.rawMoveIn.from}`],
    [`/smeb/truck/pass/verify?code=EPT1.${p.approvedId}.AAAAAAAAAAAAAAAAAAAAAA`],
  ];
  for (const ticket of [ctx.a, ctx.b, ctx.carrier]) {
    for (const [path, form] of routes) refused(path, await call(ctx, ticket, path, form), [403]);
  }
  expect(await aState(ctx, p.aId)).toBe(before);
};

const sameOrigin = { "sec-fetch-site": "same-origin", "accept-language": "zh" };
const zh = { "accept-language": "zh" };

async function signedIn(ctx: Ctx, username: string) {
  const browser = portalClient(ctx.api.baseUrl);
  browser.jar.set("lng", "zh");
  await browser.signIn(username, "Expo#2026");
  return browser;
}

const exhibitorPagesProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aState(ctx, p.aId);
  const b = await signedIn(ctx, "raw01");
  const view = await b.request(`/exhibitTL/truckInformationSubmit?edit=${p.waitingId}&delete=${p.waitingId}`, { headers: zh });
  expect(view.status).toBe(200);
  const html = await view.text();
  expect(html).not.toContain(MARKER);
  expect(html).not.toContain(A_PLATES.waiting);
  expect(html).not.toContain('data-testid="confirm-action"');
  expect(html).not.toContain('data-testid="truck-edit-form"');
  for (const form of <Record<string, string>[]>[
    { intent: "delete", id: String(p.waitingId), version: "0" },
    { intent: "update", ...truckForm(p, { id: String(p.waitingId), version: "0", plate: A_PLATES.waiting }) },
  ]) {
    const response = await b.request("/exhibitTL/truckInformationSubmit", { body: new URLSearchParams(form), headers: sameOrigin });
    expect(response.status, form.intent).not.toBe(302);
    expect(await response.text(), form.intent).not.toContain(MARKER);
  }
  const pass = await b.request(`/exhibitTL/truckInformationSubmit/pass?id=${p.approvedId}`, { headers: zh });
  expect(pass.status).toBe(404);
  expect(await aState(ctx, p.aId)).toBe(before);
};

const organizerPagesProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aState(ctx, p.aId);
  for (const username of ["std01", "raw01", "carrier01"]) {
    const browser = await signedIn(ctx, username);
    for (const path of ["/exhibitTL/truckReview", `/exhibitTL/truckReview/export?day=${testCalendar.rawMoveIn.from}`]) {
      const response = await browser.request(path, { headers: zh });
      expect(response.status, `${username} ${path}`).toBe(302);
      expect(response.headers.get("location"), path).toMatch(/\/401/);
    }
    const post = await browser.request("/exhibitTL/truckReview", {
      body: new URLSearchParams({ intent: "decide", id: String(p.waitingId), decision: "approve", gate: "B" }),
      headers: sameOrigin,
    });
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toMatch(/\/401/);
  }
  expect(await aState(ctx, p.aId)).toBe(before);
};

export const trucksSweep = {
  "GET /api/smeb/truck/list": { probe: exhibitorProbe },
  "POST /api/smeb/truck/save": { probe: exhibitorProbe },
  "POST /api/smeb/truck/update": { probe: exhibitorProbe },
  "POST /api/smeb/truck/delete": { probe: exhibitorProbe },
  "GET /api/smeb/truck/pass": { probe: exhibitorProbe },
  "GET /api/smeb/truck/review/list": { probe: organizerProbe },
  "POST /api/smeb/truck/review/decide": { probe: organizerProbe },
  "GET /api/smeb/truck/review/export": { probe: organizerProbe },
  "GET /api/smeb/truck/pass/verify": { probe: organizerProbe },
  "routes/_shell.exhibitTL.truckInformationSubmit": { probe: exhibitorPagesProbe },
  "routes/exhibitTL.truckInformationSubmit.pass": { probe: exhibitorPagesProbe },
  "routes/_shell.exhibitTL.truckReview": { probe: organizerPagesProbe },
  "routes/exhibitTL.truckReview.export": { probe: organizerPagesProbe },
};

/** The API probes alone (the page probes need the Remix build): vehicles-trucks.test.ts runs these on both databases. */
export const trucksApiEntries = Object.fromEntries(Object.entries(trucksSweep).filter(([key]) => key.startsWith("GET /api") || key.startsWith("POST /api")));
