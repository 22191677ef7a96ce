import { expect } from "vitest";
import { callApi, type ProbeContext } from "../../support/idor-probe";
import { portalClient } from "../../support/portal-client";

/**
 * Leads (issue 56) in the IDOR sweep (tests/api/idor.test.ts). Exhibitor B (raw01), holding the ids of
 * std01's leads and tags, gets 404 and changes nothing; B's list and export name none of A's visitors;
 * the organizer's counts and visitor actions are refused to both exhibitors. A pass's code is no one's
 * record: whoever scans it makes or opens their own company's lead (tests/api/leads.test.ts).
 */
type Probe = (ctx: ProbeContext) => Promise<void>;

const aLead = async (ctx: ProbeContext) => {
  const std01 = await ctx.api.db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirstOrThrow();
  const lead = await ctx.api.db
    .selectFrom("leads as l")
    .innerJoin("visitors as v", "v.id", "l.visitor_id")
    .select(["l.id", "v.name"])
    .where("l.company_user_id", "=", std01.id)
    .where("v.erased_at", "is", null)
    .orderBy("l.id")
    .executeTakeFirstOrThrow();
  const tag = await ctx.api.db.selectFrom("lead_tags").select("id").where("company_user_id", "=", std01.id).orderBy("id").executeTakeFirstOrThrow();
  return { leadId: String(lead.id), visitorName: lead.name, tagId: String(tag.id) };
};

const leadState = async (ctx: ProbeContext) =>
  JSON.stringify([
    await ctx.api.db.selectFrom("leads").selectAll().orderBy("id").execute(),
    await ctx.api.db.selectFrom("lead_tags").selectAll().orderBy("id").execute(),
  ]);

/** B with A's lead or tag id: 404, nothing changed; A itself (control) is answered. */
function ownedProbe(path: string, form: (ids: Awaited<ReturnType<typeof aLead>>) => Record<string, string> | undefined, query = false): Probe {
  return async (ctx) => {
    const ids = await aLead(ctx);
    const before = await leadState(ctx);
    const fields = form(ids);
    const url = query ? `${path}?${new URLSearchParams(fields)}` : path;
    const asB = await callApi(ctx, ctx.b, url, query ? undefined : fields);
    expect(asB.status).toBe(404);
    expect(asB.text).not.toContain(ids.visitorName);
    expect(await leadState(ctx)).toBe(before);
    if (query) expect((await callApi(ctx, ctx.a, url)).status).toBe(200);
  };
}

/** B's own list, tags and export: nothing of A's. */
const ownListProbe =
  (path: string): Probe =>
  async (ctx) => {
    const { visitorName } = await aLead(ctx);
    const asB = await callApi(ctx, ctx.b, path);
    expect(asB.status).toBe(200);
    expect(asB.text).not.toContain(visitorName);
    expect((await callApi(ctx, ctx.a, path)).status).toBe(200);
  };

/** The organizer's side: both exhibitors refused. */
const organizerProbe =
  (path: string, form?: Record<string, string>): Probe =>
  async (ctx) => {
    const visitor = await ctx.api.db.selectFrom("visitors").select("id").where("erased_at", "is", null).orderBy("id").executeTakeFirstOrThrow();
    const fields = form ? { ...form, id: String(visitor.id) } : undefined;
    for (const ticket of [ctx.a, ctx.b]) expect((await callApi(ctx, ticket, path, fields)).status).toBe(403);
    const after = await ctx.api.db.selectFrom("visitors").select("erased_at").where("id", "=", visitor.id).executeTakeFirstOrThrow();
    expect(after.erased_at).toBeNull();
  };

/**
 * The company's pages as B, signed in: B's list and workbook answer without A's visitor, A's lead page
 * answers 404, saving or deleting A's lead or deleting A's tag through B's pages changes nothing, and
 * the organizer's counts are refused.
 */
const pagesProbe: Probe = async (ctx) => {
  const ids = await aLead(ctx);
  const before = await leadState(ctx);
  const browser = portalClient(ctx.api.baseUrl);
  await browser.signIn("raw01", "Expo#2026");
  const post = (path: string, form: Record<string, string>) =>
    browser.request(path, { body: new URLSearchParams(form), headers: { "sec-fetch-site": "same-origin" } });
  const list = await browser.request("/leads/list");
  expect(list.status).toBe(200);
  expect(await list.text()).not.toContain(ids.visitorName);
  expect((await browser.request("/leads/export")).status).toBe(200);
  const page = await browser.request(`/leads/list/${ids.leadId}`);
  expect(page.status).toBe(404);
  expect(await page.text()).not.toContain(ids.visitorName);
  const saved = await post(`/leads/list/${ids.leadId}`, { rating: "cold", notes: "B" });
  expect([400, 404]).toContain(saved.status);
  expect(await saved.text()).not.toContain(ids.visitorName);
  await post(`/leads/list?delete=${ids.leadId}`, { intent: "delete", id: ids.leadId });
  expect((await browser.request("/leads/tags")).status).toBe(200);
  await post(`/leads/tags?delete=${ids.tagId}`, { intent: "delete", id: ids.tagId });
  expect(await leadState(ctx)).toBe(before);
  // The organizer's counts: not B's page (the menu's /401, or the API's 403).
  const overview = await browser.request("/leads/overview");
  expect([302, 403]).toContain(overview.status);
  if (overview.status === 302) expect(overview.headers.get("location")).toMatch(/\/401/);
};

const PASS_IS_THE_KEY = "public: the signed code in the pass link is the visitor's own key, not an id (tests/api/visitor-passes.test.ts)";
const OWN_LEAD_BY_CODE = "a pass's code names a visitor, not a record: the caller makes or opens its own company's lead (tests/api/leads.test.ts)";

export const leadsSweep = {
  "routes/_shell.leads": { noOwnedId: "the /leads area's guard: acts on the caller's own session, reads no id" },
  "routes/_shell.leads._index": { noOwnedId: "a redirect to the area's first page; reads no id" },
  "routes/_shell.leads.scan": { noOwnedId: OWN_LEAD_BY_CODE },
  "routes/lead.$code": { noOwnedId: OWN_LEAD_BY_CODE },
  "routes/pass.$code": { noOwnedId: PASS_IS_THE_KEY },
  "routes/pass.$code.qr": { noOwnedId: PASS_IS_THE_KEY },
  "routes/_shell.leads.list": { probe: pagesProbe },
  "routes/_shell.leads.list_.$id": { probe: pagesProbe },
  "routes/leads.export": { probe: pagesProbe },
  "routes/_shell.leads.tags": { probe: pagesProbe },
  "routes/_shell.leads.overview": { probe: pagesProbe },
  "GET /api/visit/pass": { noOwnedId: PASS_IS_THE_KEY },
  "POST /api/visit/pass/consent": { noOwnedId: PASS_IS_THE_KEY },
  "GET /api/visit/leadCode": { noOwnedId: "public: says only which exhibition a pass is for, nothing personal (tests/api/leads.test.ts)" },
  "GET /api/smeb/leads/capture": { noOwnedId: OWN_LEAD_BY_CODE },
  "POST /api/smeb/leads/capture": { noOwnedId: OWN_LEAD_BY_CODE },
  "POST /api/smeb/leads/scans": { noOwnedId: OWN_LEAD_BY_CODE },
  "GET /api/smeb/leads/list": { probe: ownListProbe("/smeb/leads/list") },
  "GET /api/smeb/leads/export": { probe: ownListProbe("/smeb/leads/export") },
  "GET /api/smeb/leads/tags": { probe: ownListProbe("/smeb/leads/tags") },
  "GET /api/smeb/leads/lead": { probe: ownedProbe("/smeb/leads/lead", (ids) => ({ id: ids.leadId }), true) },
  "POST /api/smeb/leads/update": { probe: ownedProbe("/smeb/leads/update", (ids) => ({ id: ids.leadId, rating: "cold", notes: "B" })) },
  "POST /api/smeb/leads/delete": { probe: ownedProbe("/smeb/leads/delete", (ids) => ({ id: ids.leadId })) },
  "POST /api/smeb/leads/tags/save": { noOwnedId: "adds a tag to the caller's own company; no id is read" },
  "POST /api/smeb/leads/tags/delete": { probe: ownedProbe("/smeb/leads/tags/delete", (ids) => ({ id: ids.tagId })) },
  "GET /api/smeb/leads/overview": { probe: organizerProbe("/smeb/leads/overview") },
  "POST /api/smeb/invitation/visitors/resendPass": { probe: organizerProbe("/smeb/invitation/visitors/resendPass", {}) },
  "POST /api/smeb/invitation/visitors/erase": { probe: organizerProbe("/smeb/invitation/visitors/erase", {}) },
};
