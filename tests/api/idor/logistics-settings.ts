import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import { callApi, type ProbeContext } from "../../support/idor-probe";
import { testCalendar } from "../../support/test-clock";
import { tablesSnapshot } from "../../support/table-snapshot";

/**
 * The organizer's logistics settings (issue 52) in the IDOR sweep (tests/api/idor.test.ts): exhibitor
 * B (raw01), exhibitor A (std01) and a carrier get 403 from reading and changing carriers, prices,
 * discounts, lifting fee classes, the badge quota and the construction calendar, and change nothing;
 * their pages send them to /401. The organizer naming a carrier that is not its exhibition's gets 404.
 */
type Ctx = ProbeContext & { carrier: string };
type Probe = (ctx: Ctx) => Promise<void>;

const TABLES = ["carriers", "carrier_prices", "carrier_discounts", "lifting_fee_classes", "badge_quota_rules", "construction_settings"] as const;

const state = (ctx: Ctx) => tablesSnapshot(ctx.api.db, TABLES);

const firstCarrierId = async (ctx: Ctx) => String((await ctx.api.db.selectFrom("carriers").select("id").orderBy("id").executeTakeFirstOrThrow()).id);

/** A form per call that would change something were it allowed (carrierId: the exhibition's first carrier). */
const FORMS: Record<string, Record<string, string> | undefined> = {
  "/smeb/settings/carriers/save": { code: "x", nameZh: "IDOR", nameEn: "IDOR", email: "idor@attacker.test", active: "on" },
  "/smeb/settings/carriers/price/save": { service: "delivery", perM3: "0", perTon: "0" },
  "/smeb/settings/carriers/price/remove": { service: "delivery" },
  "/smeb/settings/carriers/discount/save": { code: "idor", kind: "early", until: testCalendar.rawMoveIn.from, percent: "100", nameZh: "x", nameEn: "x" },
  "/smeb/settings/carriers/discount/remove": { code: "early" },
  "/smeb/settings/liftingFees/save": { kind: "crane", maxTons: "1", fee: "0.01" },
  "/smeb/settings/liftingFees/remove": { kind: "forklift", maxTons: "1" },
  "/smeb/settings/badgeQuota/save": { freeBase: "999", baseAreaM2: "1", stepAreaM2: "1", freePerStep: "9", paidMax: "0", paidPrice: "0" },
  "/smeb/settings/construction/save": {
    buildUpFrom: testCalendar.rawMoveIn.from,
    buildUpTo: testCalendar.rawMoveIn.from,
    dismantleFrom: testCalendar.rawMoveIn.from,
    dismantleTo: testCalendar.rawMoveIn.from,
    insuranceMin: "0",
  },
};

/** The route at `path`: exhibitors and a carrier get 403 and change nothing; the organizer is let in (control). */
const apiProbe =
  (path: string): Probe =>
  async (ctx) => {
    const before = await state(ctx);
    const form = FORMS[path] && { carrierId: await firstCarrierId(ctx), ...FORMS[path] };
    for (const ticket of [ctx.b, ctx.carrier, ctx.a]) expect((await callApi(ctx, ticket, path, form)).status, path).toBe(403);
    expect(await state(ctx)).toBe(before);
    if (!form) expect((await callApi(ctx, ctx.admin, path)).status).toBe(200);
    else if (path.includes("/carriers/")) {
      // The organizer naming a carrier that is no carrier of its exhibition: unknown, nothing changed.
      expect((await callApi(ctx, ctx.admin, path, { ...form, carrierId: "2147483647", code: "idor-new" })).status).toBe(404);
      expect(await state(ctx)).toBe(before);
    }
  };

const PAGES = ["/index/settings/carriers", "/index/settings/badgeQuota", "/index/settings/construction"];

const pageProbe: Probe = async (ctx) => {
  const before = await state(ctx);
  const browser = portalClient(ctx.api.baseUrl);
  await browser.signIn("raw01", "Expo#2026");
  for (const path of PAGES) {
    const page = await browser.request(path);
    expect(page.status, path).toBe(302);
    expect(page.headers.get("location")).toBe("/401");
    const body = new URLSearchParams({ intent: "saveLiftingFee", kind: "crane", maxTons: "1", fee: "1", freeBase: "999" });
    const posted = await browser.request(path, { body, headers: { "sec-fetch-site": "same-origin" } });
    expect(posted.status, path).toBe(302);
    expect(posted.headers.get("location")).toBe("/401");
  }
  expect(await state(ctx)).toBe(before);
};

const page = { probe: pageProbe };

export const logisticsSettingsSweep = {
  "GET /api/smeb/settings/carriers": { probe: apiProbe("/smeb/settings/carriers") },
  "GET /api/smeb/settings/badgeQuota": { probe: apiProbe("/smeb/settings/badgeQuota") },
  "GET /api/smeb/settings/construction": { probe: apiProbe("/smeb/settings/construction") },
  ...Object.fromEntries(Object.keys(FORMS).map((path) => [`POST /api${path}`, { probe: apiProbe(path) }])),
  "routes/_shell.index.settings_.carriers": page,
  "routes/_shell.index.settings_.badgeQuota": page,
  "routes/_shell.index.settings_.construction": page,
};
