import { expect } from "vitest";
import { idCardCheckChar } from "../../../app/contracts/badges/id-documents";
import { portalClient } from "../../support/portal-client";
import type { TestApi } from "../../support/test-api";

/**
 * The badge pages' part of the IDOR sweep (tests/api/idor.test.ts): exhibitor B (raw01), signed in
 * to the portal, naming exhibitor A's (std01) badge in the page's views, its forms, the downloads
 * and the as-you-type check reads none of A's badge and changes nothing; the check-in desk sends B
 * to /401.
 */
type Ctx = { api: TestApi; a: string; b: string };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "A-证件页-MARKER-4417";
const PAGE = "/exhibitorInfo/exhibitorCertificateApply";

let prepared: Promise<{ aId: number; badgeId: string; version: string }> | null = null;
function prepare(ctx: Ctx) {
  prepared ??= (async () => {
    const first17 = "44030419900101888";
    const response = await fetch(`${ctx.api.baseUrl}/api/smeb/pass/ticket/save`, {
      method: "POST",
      headers: { ticket: ctx.a, "content-type": "application/x-www-form-urlencoded", "accept-language": "zh" },
      body: new URLSearchParams({
        holderName: MARKER,
        idType: "idCard",
        idNumber: `${first17}${idCardCheckChar(first17)}`,
        mobile: "13977770101",
        email: "idor-page-a@example.com",
        company: MARKER,
      }),
    });
    const saved = (await response.json()) as { code: number; data: { id: number; version: number } };
    expect(saved.code).toBe(200);
    const a = await ctx.api.db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirstOrThrow();
    return { aId: a.id, badgeId: String(saved.data.id), version: String(saved.data.version) };
  })();
  return prepared;
}

async function aState(ctx: Ctx, aId: number) {
  return JSON.stringify(
    await ctx.api.db
      .selectFrom("badges")
      .select(["id", "holder_name", "status", "version", "deleted_at", "checked_in_at"])
      .where("user_id", "=", aId)
      .orderBy("id")
      .execute(),
  );
}

async function signedInB(ctx: Ctx) {
  const browser = portalClient(ctx.api.baseUrl);
  await browser.signIn("raw01", "Expo#2026");
  return browser;
}

const pageProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aState(ctx, p.aId);
  const browser = await signedInB(ctx);
  // B's own page works, so what follows is about A's badge, not a closed door.
  const own = await browser.request(PAGE);
  expect(own.status).toBe(200);
  expect(await own.text()).toContain("王五");
  for (const view of ["id", "edit", "delete"]) {
    const response = await browser.request(`${PAGE}?${view}=${p.badgeId}`);
    expect(response.status, view).toBe(404);
    expect(await response.text(), view).not.toContain(MARKER);
  }
  // Searching for A's badge finds nothing (the search box itself echoes what B typed).
  expect(await (await browser.request(`${PAGE}?keyword=${encodeURIComponent(MARKER)}`)).text()).toContain('data-testid="badges-empty"');
  const post = (form: Record<string, string>) => browser.request(PAGE, { body: new URLSearchParams(form), headers: { "sec-fetch-site": "same-origin" } });
  for (const form of <Record<string, string>[]>[
    { intent: "delete", ids: p.badgeId },
    {
      intent: "save",
      id: p.badgeId,
      version: p.version,
      holderName: "B",
      idType: "passport",
      idNumber: "E12345678",
      mobile: "13977770102",
      email: "b@example.com",
      company: "B",
    },
  ]) {
    const response = await post(form);
    expect(await response.text(), form.intent).not.toContain(MARKER);
  }
  expect(await aState(ctx, p.aId)).toBe(before);
};

const downloadProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const browser = await signedInB(ctx);
  const printed = await browser.request(`${PAGE}/print?ids=${p.badgeId}`);
  expect(printed.status).toBe(404);
  expect(printed.headers.get("content-type") ?? "").not.toContain("pdf");
  const exported = await browser.request(`${PAGE}/export?keyword=${encodeURIComponent(MARKER)}`);
  expect(Buffer.from(await exported.arrayBuffer()).includes(Buffer.from(MARKER))).toBe(false);
  expect((await browser.request(`${PAGE}/other`)).status).toBe(404);
};

const checkProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const browser = await signedInB(ctx);
  const response = await browser.request(`${PAGE}/check?field=mobile&value=13900000000&excludeId=${p.badgeId}`);
  const body = await response.text();
  expect(body).not.toContain(MARKER);
  expect(JSON.parse(body).message).toBeNull();
};

const checkInDeskProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aState(ctx, p.aId);
  const browser = await signedInB(ctx);
  // Not B's page: the shell's guard answers before the API would.
  const response = await browser.request("/exhibitorInfo/badgeCheckIn");
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toMatch(/\/401$/);
  const posted = await browser.request("/exhibitorInfo/badgeCheckIn", {
    body: new URLSearchParams({ code: "EPB1.x.y" }),
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(posted.status).toBe(302);
  expect(await aState(ctx, p.aId)).toBe(before);
};

export const badgePagesSweep = {
  "routes/_shell.exhibitorInfo.exhibitorCertificateApply": { probe: pageProbe },
  "routes/exhibitorInfo.exhibitorCertificateApply.$file": { probe: downloadProbe },
  "routes/exhibitorInfo.exhibitorCertificateApply.check": { probe: checkProbe },
  "routes/_shell.exhibitorInfo.badgeCheckIn": { probe: checkInDeskProbe },
};
