import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import type { TestApi } from "../../support/test-api";

/**
 * The promotion report pages in the IDOR sweep (tests/api/idor.test.ts): the rankings show company
 * names and counts of the whole exhibition by design; the audience pages read the caller's own
 * visitors and take no id; the organizer's pages (templates, visitors, the exports) send exhibitor B
 * (raw01) to /401 and change nothing.
 */
type Ctx = { api: TestApi; a: string; b: string };
type Probe = (ctx: Ctx) => Promise<void>;

const sameOrigin = { "sec-fetch-site": "same-origin", "accept-language": "zh" };

const settingsOf = async (ctx: Ctx) =>
  JSON.stringify(await ctx.api.db.selectFrom("exhibitions").select(["id", "visitor_contacts_shared"]).orderBy("id").execute());
const templatesOf = async (ctx: Ctx) => JSON.stringify(await ctx.api.db.selectFrom("invitation_templates").selectAll().orderBy("id").execute());

const organizerPagesProbe: Probe = async (ctx) => {
  const browser = portalClient(ctx.api.baseUrl);
  // The area is hidden in English (docs/product.md § Menus and page access): B uses the portal in Chinese.
  browser.jar.set("lng", "zh");
  await browser.signIn("raw01", "Expo#2026");
  for (const path of [
    "/exhibitorInfo/invitation/templates",
    "/exhibitorInfo/invitation/templates?edit=1",
    "/exhibitorInfo/invitation/visitors",
    "/exhibitorInfo/invitation/visitors/export",
    "/exhibitorInfo/invitation/ranking-export?kind=invite&period=all",
  ]) {
    const response = await browser.request(path, { headers: { "accept-language": "zh" } });
    expect([302, 403], path).toContain(response.status);
    if (response.status === 302) expect(response.headers.get("location"), path).toMatch(/\/401/);
  }
  const [settings, templates] = [await settingsOf(ctx), await templatesOf(ctx)];
  await browser.request("/exhibitorInfo/invitation/visitors", { body: new URLSearchParams({ contactsShared: "on" }), headers: sameOrigin });
  await browser.request("/exhibitorInfo/invitation/templates", {
    body: new URLSearchParams({ intent: "update", id: "1", nameZh: "B", nameEn: "B", language: "zh", exhibitSlots: "1" }),
    headers: sameOrigin,
  });
  // A visitor's pass sent again or the visitor erased (issue 56): the organizer's only.
  const visitor = await ctx.api.db.selectFrom("visitors").select("id").where("erased_at", "is", null).orderBy("id").executeTakeFirstOrThrow();
  const erasedBefore = await ctx.api.db.selectFrom("visitors").select("id").where("erased_at", "is not", null).execute();
  for (const intent of ["erase", "resend"]) {
    const response = await browser.request("/exhibitorInfo/invitation/visitors", {
      body: new URLSearchParams({ intent, id: String(visitor.id) }),
      headers: sameOrigin,
    });
    expect([302, 403], intent).toContain(response.status);
    if (response.status === 302) expect(response.headers.get("location"), intent).toMatch(/\/401/);
  }
  expect(await ctx.api.db.selectFrom("visitors").select("id").where("erased_at", "is not", null).execute()).toEqual(erasedBefore);
  expect(await settingsOf(ctx)).toBe(settings);
  expect(await templatesOf(ctx)).toBe(templates);
};

const RANKING = "rankings of the caller's exhibition by design: company names and counts only, the caller's own row marked; no id is read";
const OWN_AUDIENCE = "the caller's own visitors (the API selects by the session's user); no id is read";

export const promotionReportsSweep = {
  "routes/_shell.exhibitorInfo.invitation.exhibitorRanking": { noOwnedId: RANKING },
  "routes/_shell.exhibitorInfo.invitation.exhibitorTopRanking": { noOwnedId: RANKING },
  "routes/_shell.exhibitorInfo.invitation.inviteAudienceData": { noOwnedId: OWN_AUDIENCE },
  "routes/exhibitorInfo.invitation.inviteAudienceData.export": { noOwnedId: OWN_AUDIENCE },
  "routes/exhibitorInfo.invitation.ranking-export": { probe: organizerPagesProbe },
  "routes/_shell.exhibitorInfo.invitation.templates": { probe: organizerPagesProbe },
  "routes/_shell.exhibitorInfo.invitation.visitors": { probe: organizerPagesProbe },
  "routes/exhibitorInfo.invitation.visitors.export": { probe: organizerPagesProbe },
};
