import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import { callApi, type ProbeContext } from "../../support/idor-probe";

/**
 * The organizer's general settings (issue 52) in the IDOR sweep (tests/api/idor.test.ts): exhibitor B
 * (raw01), exhibitor A (std01) and a carrier get 403 from reading and saving them and change nothing
 * (the exhibition's names included); the page sends them to /401. The organizer reads them (control).
 */
type Ctx = ProbeContext & { carrier: string };
type Probe = (ctx: Ctx) => Promise<void>;

const state = async (ctx: Ctx) =>
  JSON.stringify([
    await ctx.api.db.selectFrom("exhibition_settings").select(["exhibition_id", "key", "value"]).orderBy("exhibition_id").orderBy("key").execute(),
    await ctx.api.db.selectFrom("exhibitions").select(["id", "name_zh", "name_en"]).orderBy("id").execute(),
  ]);

const takeover = { nameZh: "IDOR-MARKER", nameEn: "IDOR-MARKER", filingNumber: "IDOR-MARKER", exhibitorServiceEmail: "idor@attacker.test" };

const apiProbe: Probe = async (ctx) => {
  const before = await state(ctx);
  for (const ticket of [ctx.b, ctx.carrier, ctx.a]) {
    const answers = [await callApi(ctx, ticket, "/smeb/exhibition/settings"), await callApi(ctx, ticket, "/smeb/exhibition/settings/save", takeover)];
    expect(answers.map((a) => a.status)).toEqual([403, 403]);
  }
  expect(await state(ctx)).toBe(before);
  // Control: the organizer reads them.
  expect((await callApi(ctx, ctx.admin, "/smeb/exhibition/settings")).status).toBe(200);
};

const pageProbe: Probe = async (ctx) => {
  const before = await state(ctx);
  const browser = portalClient(ctx.api.baseUrl);
  await browser.signIn("raw01", "Expo#2026");
  const page = await browser.request("/index/settings");
  expect(page.status).toBe(302);
  expect(page.headers.get("location")).toBe("/401");
  const posted = await browser.request("/index/settings", { body: new URLSearchParams(takeover), headers: { "sec-fetch-site": "same-origin" } });
  expect(posted.status).toBe(302);
  expect(posted.headers.get("location")).toBe("/401");
  expect(await state(ctx)).toBe(before);
};

export const exhibitionSettingsSweep = {
  "GET /api/smeb/exhibition/settings": { probe: apiProbe },
  "POST /api/smeb/exhibition/settings/save": { probe: apiProbe },
  "GET /api/site/settings": { noOwnedId: "what every page's footer shows of the current exhibition, the same for everyone" },
  "routes/_shell.index.settings": { probe: pageProbe },
};
