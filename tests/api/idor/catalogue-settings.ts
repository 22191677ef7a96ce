import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import { callApi, type ProbeContext } from "../../support/idor-probe";

/**
 * The organizer's service catalogue and overseas agents (issue 52) in the IDOR sweep (tests/api/idor.test.ts):
 * exhibitor B (raw01), exhibitor A (std01) and a carrier get 403 from listing, saving and removing
 * services and agents (a real row's id included) and change nothing; the pages send them to /401.
 * The organizer lists them (control).
 */
type Ctx = ProbeContext & { carrier: string };
type Probe = (ctx: Ctx) => Promise<void>;

const state = async (ctx: Ctx) =>
  JSON.stringify([
    await ctx.api.db.selectFrom("services").selectAll().orderBy("id").execute(),
    await ctx.api.db.selectFrom("overseas_agents").selectAll().orderBy("id").execute(),
  ]);

const service = { code: "idor-marker", category: "water", nameZh: "IDOR", nameEn: "IDOR", unitZh: "个", unitEn: "unit" };
const prices = { advancePrice: "0.01", standardPrice: "0.01", onsitePrice: "0.01", active: "1" };
const agent = { code: "idor-marker", nameZh: "IDOR", nameEn: "IDOR", regionsZh: "X", regionsEn: "X", contactEmail: "idor@attacker.test", active: "1" };

const apiProbe: Probe = async (ctx) => {
  const before = await state(ctx);
  const serviceId = String((await ctx.api.db.selectFrom("services").select("id").orderBy("id").executeTakeFirstOrThrow()).id);
  const agentId = String((await ctx.api.db.selectFrom("overseas_agents").select("id").orderBy("id").executeTakeFirstOrThrow()).id);
  for (const ticket of [ctx.b, ctx.carrier, ctx.a]) {
    const answers = [
      await callApi(ctx, ticket, "/smeb/exhibition/services"),
      await callApi(ctx, ticket, "/smeb/exhibition/services/save", { ...service, ...prices }),
      await callApi(ctx, ticket, "/smeb/exhibition/services/save", { ...service, ...prices, id: serviceId }),
      await callApi(ctx, ticket, "/smeb/exhibition/services/remove", { id: serviceId }),
      await callApi(ctx, ticket, "/smeb/exhibition/overseasAgents"),
      await callApi(ctx, ticket, "/smeb/exhibition/overseasAgents/save", { ...agent, id: agentId }),
      await callApi(ctx, ticket, "/smeb/exhibition/overseasAgents/remove", { id: agentId }),
    ];
    expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403, 403, 403, 403]);
  }
  expect(await state(ctx)).toBe(before);
  // Control: the organizer lists them.
  expect((await callApi(ctx, ctx.admin, "/smeb/exhibition/services")).status).toBe(200);
  expect((await callApi(ctx, ctx.admin, "/smeb/exhibition/overseasAgents")).status).toBe(200);
};

const pageProbe =
  (path: string, form: Record<string, string>): Probe =>
  async (ctx) => {
    const before = await state(ctx);
    const browser = portalClient(ctx.api.baseUrl);
    await browser.signIn("raw01", "Expo#2026");
    const page = await browser.request(path);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/401");
    const posted = await browser.request(path, { body: new URLSearchParams({ intent: "save", ...form }), headers: { "sec-fetch-site": "same-origin" } });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/401");
    expect(await state(ctx)).toBe(before);
  };

export const catalogueSettingsSweep = {
  "GET /api/smeb/exhibition/services": { probe: apiProbe },
  "POST /api/smeb/exhibition/services/save": { probe: apiProbe },
  "POST /api/smeb/exhibition/services/remove": { probe: apiProbe },
  "GET /api/smeb/exhibition/overseasAgents": { probe: apiProbe },
  "POST /api/smeb/exhibition/overseasAgents/save": { probe: apiProbe },
  "POST /api/smeb/exhibition/overseasAgents/remove": { probe: apiProbe },
  "routes/_shell.index.settings_.services": { probe: pageProbe("/index/settings/services", { ...service, ...prices }) },
  "routes/_shell.index.settings_.overseasAgents": { probe: pageProbe("/index/settings/overseasAgents", agent) },
};
