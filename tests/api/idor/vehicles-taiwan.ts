import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import type { TestApi } from "../../support/test-api";
import { callApiZhRaw, oncePerServer } from "../../support/idor-probe";

/**
 * The Taiwan exhibits filing in the IDOR sweep (tests/api/idor.test.ts), API and pages. A (std01)
 * has a submitted filing on booth 1A01 whose importer and exhibit carry a marker. B (raw01) naming
 * A's filing or booth gets 400/404 and none of A's data; nobody but the organizer (the customs
 * agent) reaches the review routes and pages (403, /401). Requests are in Chinese: in English every
 * route refuses anyway. A's rows are written straight into the database, once per server.
 */
type Ctx = { api: TestApi; a: string; b: string; admin: string; carrier: string };
type Probe = (ctx: Ctx) => Promise<void>;
type Answer = { status: number; text: string };

const MARKER = "A台湾报备MARKER";
const zhHeaders = { "accept-language": "zh" };
const sameOrigin = { "sec-fetch-site": "same-origin", "accept-language": "zh" };

const call = callApiZhRaw;

type Prepared = { filingId: number; aBoothId: number; bBoothId: number; version: number };
const prepare = oncePerServer(async (ctx: Ctx): Promise<Prepared> => {
  const db = ctx.api.db;
  const aBooth = await db.selectFrom("booths").select(["id", "user_id", "exhibition_id"]).where("booth_no", "=", "1A01").executeTakeFirstOrThrow();
  const bBooth = await db.selectFrom("booths").select("id").where("booth_no", "=", "2B12").executeTakeFirstOrThrow();
  const values = {
    importer_name: MARKER,
    importer_contact: "陈",
    importer_phone: "13800000000",
    status: "submitted" as const,
    submitted_at: new Date(),
    version: 5,
    updated_at: new Date(),
  };
  const filing = await db
    .insertInto("tw_filings")
    .values({ ...values, exhibition_id: aBooth.exhibition_id, user_id: aBooth.user_id!, booth_id: aBooth.id })
    .onConflict((oc) => oc.columns(["user_id", "booth_id"]).doUpdateSet(values))
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.deleteFrom("tw_filing_lines").where("filing_id", "=", filing.id).execute();
  await db
    .insertInto("tw_filing_lines")
    .values({
      filing_id: filing.id,
      sort: 0,
      name_zh: MARKER,
      name_en: "marker",
      hs_code: "847130",
      quantity: 1,
      unit: "台",
      unit_value_cents: 777_700,
      currency: "USD",
      disposition: "sold",
      packages: 1,
      gross_weight_g: 7_770,
    })
    .execute();
  return { filingId: filing.id, aBoothId: aBooth.id, bBoothId: bBooth.id, version: 5 };
});

/** Everything of A's filing a call could change. */
async function aState(ctx: Ctx, filingId: number) {
  const filing = await ctx.api.db.selectFrom("tw_filings").selectAll().where("id", "=", filingId).execute();
  const lines = await ctx.api.db.selectFrom("tw_filing_lines").selectAll().where("filing_id", "=", filingId).orderBy("sort").execute();
  return JSON.stringify({ filing, lines });
}

function refused(path: string, answer: Answer, statuses: number[]) {
  expect(statuses, `${path}: ${answer.text}`).toContain(answer.status);
  expect(answer.text, path).not.toContain(MARKER);
}

/** What B sends naming A's filing: header, lines and submission. */
const writesOnA = (p: Prepared): [string, Record<string, string>][] => {
  const id = String(p.filingId);
  const version = String(p.version);
  const line = {
    filingId: id,
    version,
    nameZh: "B",
    nameEn: "B",
    hsCode: "847130",
    quantity: "1",
    unit: "台",
    unitValue: "1",
    currency: "CNY",
    disposition: "sold",
    packages: "1",
    grossWeight: "1",
  };
  return [
    ["/smeb/twExhibit/save", { boothId: String(p.bBoothId), id, version, importerName: "B", importerContact: "B", importerPhone: "13800000001" }],
    ["/smeb/twExhibit/line/add", line],
    ["/smeb/twExhibit/line/delete", { filingId: id, sort: "0", version }],
    ["/smeb/twExhibit/submit", { id, version }],
  ];
};

const exhibitorProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  // Control: A finds its own filing with the marker, so what B does not see below is about ownership.
  expect((await call(ctx, ctx.a, `/smeb/twExhibit/find?boothId=${p.aBoothId}`)).text).toContain(MARKER);
  const before = await aState(ctx, p.filingId);

  const own = await call(ctx, ctx.b, `/smeb/twExhibit/find?userId=1&id=${p.filingId}`);
  expect(own.status).toBe(200);
  expect(own.text).not.toContain(MARKER);
  refused("B finds A's booth", await call(ctx, ctx.b, `/smeb/twExhibit/find?boothId=${p.aBoothId}`), [404]);
  for (const [path, form] of writesOnA(p)) refused(`B ${path}`, await call(ctx, ctx.b, path, form), [404]);
  // A new filing on A's booth: not B's booth.
  const onABooth = await call(ctx, ctx.b, "/smeb/twExhibit/save", {
    boothId: String(p.aBoothId),
    importerName: "B",
    importerContact: "B",
    importerPhone: "13800000001",
  });
  refused("B files on A's booth", onABooth, [400, 404]);
  // A carrier has no business on the exhibitor's routes.
  refused("carrier finds", await call(ctx, ctx.carrier, "/smeb/twExhibit/find"), [403]);
  for (const [path, form] of writesOnA(p)) refused(`carrier ${path}`, await call(ctx, ctx.carrier, path, form), [403]);
  expect(await aState(ctx, p.filingId)).toBe(before);
};

const reviewProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  // Control: the customs agent (organizer) sees A's filing in the list and the detail.
  expect((await call(ctx, ctx.admin, "/smeb/twExhibit/review/list?status=submitted")).text).toContain(MARKER);
  expect((await call(ctx, ctx.admin, `/smeb/twExhibit/review/detail?id=${p.filingId}`)).text).toContain(MARKER);
  const before = await aState(ctx, p.filingId);
  for (const ticket of [ctx.a, ctx.b, ctx.carrier]) {
    refused("list", await call(ctx, ticket, "/smeb/twExhibit/review/list"), [403]);
    refused("detail", await call(ctx, ticket, `/smeb/twExhibit/review/detail?id=${p.filingId}`), [403]);
    refused(
      "decide",
      await call(ctx, ticket, "/smeb/twExhibit/review/decide", { id: String(p.filingId), version: String(p.version), decision: "return", comment: "B" }),
      [403],
    );
    refused("export", await call(ctx, ticket, "/smeb/twExhibit/review/export"), [403]);
  }
  expect(await aState(ctx, p.filingId)).toBe(before);
};

async function signedIn(ctx: Ctx, username: string) {
  const browser = portalClient(ctx.api.baseUrl);
  browser.jar.set("lng", "zh");
  await browser.signIn(username, "Expo#2026");
  return browser;
}

const declarationPageProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aState(ctx, p.filingId);
  const b = await signedIn(ctx, "raw01");
  const own = await b.request("/exhibitTL/twExhibitsDeclaration?deleteLine=0", { headers: zhHeaders });
  expect(own.status).toBe(200);
  const html = await own.text();
  expect(html).not.toContain(MARKER);
  expect(html).not.toContain('data-testid="confirm-action"');
  const theirs = await b.request(`/exhibitTL/twExhibitsDeclaration?booth=${p.aBoothId}&deleteLine=0`, { headers: zhHeaders });
  expect(theirs.status).toBe(404);
  expect(await theirs.text()).not.toContain(MARKER);
  const intents: Record<string, string> = {
    "/smeb/twExhibit/save": "save",
    "/smeb/twExhibit/line/add": "addLine",
    "/smeb/twExhibit/line/delete": "deleteLine",
    "/smeb/twExhibit/submit": "submit",
  };
  for (const [path, form] of writesOnA(p)) {
    const response = await b.request(`/exhibitTL/twExhibitsDeclaration?booth=${p.bBoothId}`, {
      body: new URLSearchParams({ intent: intents[path]!, ...form }),
      headers: sameOrigin,
    });
    expect(response.status, path).not.toBe(302);
    expect(await response.text(), path).not.toContain(MARKER);
  }
  expect(await aState(ctx, p.filingId)).toBe(before);
};

const reviewPagesProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aState(ctx, p.filingId);
  for (const username of ["raw01", "std01", "carrier01"]) {
    const browser = await signedIn(ctx, username);
    for (const path of ["/exhibitTL/twExhibitsReview", `/exhibitTL/twExhibitsReview?id=${p.filingId}`, "/exhibitTL/twExhibitsReview/export"]) {
      const response = await browser.request(path, { headers: zhHeaders });
      expect(response.status, `${username} ${path}`).toBe(302);
      expect(response.headers.get("location"), path).toMatch(/\/401/);
    }
    const decide = await browser.request(`/exhibitTL/twExhibitsReview?id=${p.filingId}`, {
      body: new URLSearchParams({ intent: "decide", id: String(p.filingId), version: String(p.version), decision: "return", comment: "B" }),
      headers: sameOrigin,
    });
    expect(decide.status).toBe(302);
    expect(decide.headers.get("location")).toMatch(/\/401/);
  }
  expect(await aState(ctx, p.filingId)).toBe(before);
};

export const taiwanSweep = {
  "GET /api/smeb/twExhibit/find": { probe: exhibitorProbe },
  "POST /api/smeb/twExhibit/save": { probe: exhibitorProbe },
  "POST /api/smeb/twExhibit/line/add": { probe: exhibitorProbe },
  "POST /api/smeb/twExhibit/line/delete": { probe: exhibitorProbe },
  "POST /api/smeb/twExhibit/submit": { probe: exhibitorProbe },
  "GET /api/smeb/twExhibit/review/list": { probe: reviewProbe },
  "GET /api/smeb/twExhibit/review/detail": { probe: reviewProbe },
  "POST /api/smeb/twExhibit/review/decide": { probe: reviewProbe },
  "GET /api/smeb/twExhibit/review/export": { probe: reviewProbe },
  "routes/_shell.exhibitTL.twExhibitsDeclaration": { probe: declarationPageProbe },
  "routes/_shell.exhibitTL.twExhibitsReview": { probe: reviewPagesProbe },
  "routes/exhibitTL.twExhibitsReview.export": { probe: reviewPagesProbe },
};
