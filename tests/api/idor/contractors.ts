import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import type { TestApi } from "../../support/test-api";
import { callApi } from "../../support/idor-probe";

/**
 * The entrusted contractors' part of the IDOR sweep (tests/api/idor.test.ts): exhibitor B
 * (raw01) naming exhibitor A's (std01) grant or booth gets 403/404, learns nothing of A's
 * contractor and changes nothing, through the API or the ECReservation page (in Chinese: the
 * booking menus are hidden in English). What A's own contractor may reach is
 * tests/api/contractors.test.ts.
 */
type Ctx = { api: TestApi; a: string; b: string };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "A-搭建商-MARKER-7731";

const call = callApi;

let prepared: Promise<{ accessId: string; aBooth: string }> | null = null;
/** A's grant, named with a marker B must never see; made once per sweep. */
function prepare(ctx: Ctx) {
  prepared ??= (async () => {
    const made = await call(ctx, ctx.a, "/smeb/service/contractor/entrust", {
      companyName: MARKER,
      contactName: "甲",
      email: "marker-7731@builder.example.com",
    });
    expect(made.status, made.text).toBe(200);
    const booth = await ctx.api.db.selectFrom("booths").select("id").where("booth_no", "=", "1A01").executeTakeFirstOrThrow();
    return { accessId: String(JSON.parse(made.text).data.accessId), aBooth: String(booth.id) };
  })();
  return prepared;
}

async function aGrants(ctx: Ctx) {
  const rows = await ctx.api.db
    .selectFrom("contractor_accesses")
    .innerJoin("users", "users.id", "contractor_accesses.user_id")
    .select(["contractor_accesses.id", "status", "code_hash", "code_sent_at", "company_name"])
    .where("users.username", "in", ["std01", "raw01"])
    .orderBy("contractor_accesses.id")
    .execute();
  return JSON.stringify(rows);
}

const apiProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aGrants(ctx);
  const list = await call(ctx, ctx.b, "/smeb/service/contractor/list");
  expect(list.status).toBe(200);
  expect(list.text).not.toContain(MARKER);
  for (const [path, form] of [
    ["/smeb/service/contractor/resendCode", { accessId: p.accessId }],
    ["/smeb/service/contractor/revoke", { accessId: p.accessId }],
    ["/smeb/service/contractor/entrust", { companyName: "B", contactName: "B", email: "b@builder.example.com", boothId: p.aBooth }],
  ] as const) {
    const result = await call(ctx, ctx.b, path, form);
    expect([403, 404], `${path}: ${result.text}`).toContain(result.status);
    expect(result.text).not.toContain(MARKER);
  }
  expect(await aGrants(ctx)).toBe(before);
  // Control: A sees it.
  expect((await call(ctx, ctx.a, "/smeb/service/contractor/list")).text).toContain(MARKER);
};

const pageProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aGrants(ctx);
  const browser = portalClient(ctx.api.baseUrl);
  browser.jar.set("lng", "zh");
  await browser.signIn("raw01", "Expo#2026");
  const page = await browser.request(`/bookingService/ECReservation?revoke=${p.accessId}`);
  expect(page.status).toBe(200);
  expect(await page.text()).not.toContain(MARKER);
  const same = { "sec-fetch-site": "same-origin" };
  const forms: Record<string, string>[] = [
    { intent: "revoke", accessId: p.accessId },
    { intent: "resend", accessId: p.accessId },
    { intent: "entrust", companyName: "B", contactName: "B", email: "b2@builder.example.com", boothId: p.aBooth },
  ];
  for (const form of forms) {
    const response = await browser.request("/bookingService/ECReservation", { body: new URLSearchParams(form), headers: same });
    expect(response.status, form.intent).not.toBe(302);
    expect(await response.text()).not.toContain(MARKER);
  }
  expect(await aGrants(ctx)).toBe(before);
};

export const contractorsSweep = {
  "GET /api/smeb/service/contractor/list": { probe: apiProbe },
  "POST /api/smeb/service/contractor/entrust": { probe: apiProbe },
  "POST /api/smeb/service/contractor/resendCode": { probe: apiProbe },
  "POST /api/smeb/service/contractor/revoke": { probe: apiProbe },
  "POST /api/login/contractorLogin": { noOwnedId: "signs in with an exhibitor number and a one-time code; a wrong pair answers the same whoever's it is" },
  "routes/contractor": { noOwnedId: "signing in (entrusted contractor)" },
  "routes/_shell.bookingService.ECReservation": { probe: pageProbe },
};
