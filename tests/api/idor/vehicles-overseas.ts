import { expect } from "vitest";
import { seedOverseasAgents } from "../../../server/vehicles/overseas";
import { portalClient } from "../../support/portal-client";
import type { TestApi } from "../../support/test-api";
import { callApiZhRaw, oncePerServer } from "../../support/idor-probe";

/**
 * Overseas exhibit transport in the IDOR sweep (tests/api/idor.test.ts). A (std01) has a request
 * whose port and cargo carry a marker; B (raw01) listing (even naming A's user and request ids),
 * sending, or opening the page reads none of it and changes nothing of A's; a carrier is refused
 * (403) on every exhibitor route and never reaches the page. Requests are in Chinese: in English
 * every route refuses anyway. A's request is written straight into the database (no mail needed).
 */
type Ctx = { api: TestApi; a: string; b: string; admin: string; carrier: string };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "A境外MARKER";
const PAGE = "/exhibitTL/overseasExhibitTrans";

const call = callApiZhRaw;

type Prepared = { aId: number; requestId: number; agentId: number };
/** The agents (seeded here too, idempotently) and A's marked request; once per server. */
const prepare = oncePerServer(async (ctx: Ctx): Promise<Prepared> => {
  const db = ctx.api.db;
  const a = await db.selectFrom("users").select(["id", "exhibition_id"]).where("username", "=", "std01").executeTakeFirstOrThrow();
  await seedOverseasAgents(db, a.exhibition_id);
  const agent = await db
    .selectFrom("overseas_agents")
    .select(["id", "contact_email"])
    .where("exhibition_id", "=", a.exhibition_id)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const country = await db.selectFrom("countries").select("id").where("iso2", "=", "DE").executeTakeFirstOrThrow();
  const request = await db
    .insertInto("overseas_requests")
    .values({
      exhibition_id: a.exhibition_id,
      user_id: a.id,
      agent_id: agent.id,
      origin_country_id: country.id,
      port: `Hamburg ${MARKER}`,
      cargo_description: `${MARKER} machines`,
      volume_cm3: 7_654_000,
      incoterms: "FOB",
      contact_name: "A",
      contact_phone: "13800000000",
      contact_email: "a@example.com",
      sent_to: agent.contact_email,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { aId: a.id, requestId: request.id, agentId: agent.id };
});

async function aState(ctx: Ctx, aId: number) {
  return JSON.stringify(await ctx.api.db.selectFrom("overseas_requests").selectAll().where("user_id", "=", aId).orderBy("id").execute());
}

/** Nothing of A's request in an answer: not the marker, not its volume (7.654 m³). */
function holdsNothingOfA(what: string, text: string) {
  expect(text, what).not.toContain(MARKER);
  expect(text, what).not.toContain("7.654");
}

/** B's own request (refused: China is not overseas) naming A's request, A's id and the agent. */
const bNamingA = (p: Prepared) => ({
  id: String(p.requestId),
  userId: String(p.aId),
  agentId: String(p.agentId),
  originCountryId: "37",
  port: "B",
  cargoDescription: "B",
  volume: "1",
  incoterms: "EXW",
  contactName: "B",
  contactPhone: "13800000001",
  contactEmail: "b@example.com",
});

const exhibitorProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  // Control: A sees its own request, so what B does not see below is about ownership.
  expect((await call(ctx, ctx.a, "/smeb/overseas/request/list")).text).toContain(MARKER);

  const before = await aState(ctx, p.aId);
  const listed = await call(ctx, ctx.b, `/smeb/overseas/request/list?userId=${p.aId}&id=${p.requestId}`);
  expect(listed.status).toBe(200);
  holdsNothingOfA("B's list", listed.text);
  const agents = await call(ctx, ctx.b, `/smeb/overseas/agents?userId=${p.aId}`);
  expect(agents.status).toBe(200);
  holdsNothingOfA("B's agents", agents.text);
  // B's own request (refused: China is not overseas) names A's ids; nothing of A's comes back or changes.
  const sent = await call(ctx, ctx.b, "/smeb/overseas/request/save", bNamingA(p));
  expect(sent.status).toBe(400);
  holdsNothingOfA("B's request", sent.text);

  // A carrier has no business on the exhibitor's routes.
  for (const [path, form] of [
    ["/smeb/overseas/agents"],
    ["/smeb/overseas/request/list"],
    [
      "/smeb/overseas/request/save",
      {
        agentId: String(p.agentId),
        originCountryId: "1",
        port: "C",
        cargoDescription: "C",
        volume: "1",
        incoterms: "EXW",
        contactName: "C",
        contactPhone: "13800000002",
        contactEmail: "c@example.com",
      },
    ],
  ] as [string, Record<string, string>?][]) {
    const answer = await call(ctx, ctx.carrier, path, form);
    expect(answer.status, `${path}: ${answer.text}`).toBe(403);
    holdsNothingOfA(path, answer.text);
  }
  expect(await aState(ctx, p.aId)).toBe(before);
};

async function signedIn(ctx: Ctx, username: string) {
  const browser = portalClient(ctx.api.baseUrl);
  browser.jar.set("lng", "zh");
  await browser.signIn(username, "Expo#2026");
  return browser;
}

const pageProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aState(ctx, p.aId);
  const zh = { "accept-language": "zh" };
  const b = await signedIn(ctx, "raw01");
  const view = await b.request(`${PAGE}?agent=${p.agentId}&userId=${p.aId}&id=${p.requestId}`, { headers: zh });
  expect(view.status).toBe(200);
  const html = await view.text();
  expect(html).toContain('data-testid="overseas-form"');
  holdsNothingOfA("B's page", html);
  // B's post (mainland China: refused) names A's ids; the answer holds nothing of A's and A's rows stay.
  const post = await b.request(PAGE, {
    body: new URLSearchParams(bNamingA(p)),
    headers: { ...zh, "sec-fetch-site": "same-origin" },
  });
  expect(post.status).toBe(400);
  holdsNothingOfA("B's post", await post.text());
  // The carrier's menus do not have the page.
  const carrier = await signedIn(ctx, "carrier01");
  const refused = await carrier.request(PAGE, { headers: zh });
  expect(refused.status).toBe(302);
  expect(refused.headers.get("location")).toMatch(/\/401/);
  expect(await aState(ctx, p.aId)).toBe(before);
};

export const overseasSweep = {
  "GET /api/smeb/overseas/agents": { probe: exhibitorProbe },
  "POST /api/smeb/overseas/request/save": { probe: exhibitorProbe },
  "GET /api/smeb/overseas/request/list": { probe: exhibitorProbe },
  "routes/_shell.exhibitTL.overseasExhibitTrans": { probe: pageProbe },
};
