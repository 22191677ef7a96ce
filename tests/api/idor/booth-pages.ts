import { expect } from "vitest";
import { pdfText } from "../../support/pdf-text";
import { portalClient } from "../../support/portal-client";
import type { TestApi } from "../../support/test-api";

/**
 * The booth construction pages in the IDOR sweep (tests/api/idor.test.ts). The pages act on the
 * booth in the caller's own session and take no record id from the address or the form (a posted
 * boothId is ignored), so the probes check what B (raw01, raw space) can do with A's (std01,
 * standard booth) booth id and version: the standard build page is not B's (/401, before anything
 * is read or written), and B's own pages show B's booth only. The organizer's pages send B to /401.
 */
type Ctx = { api: TestApi; a: string; b: string; aBoothId: number };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "A楣板页MARKER";

async function aBuild(ctx: Ctx) {
  return JSON.stringify(await ctx.api.db.selectFrom("standard_builds").selectAll().where("booth_id", "=", ctx.aBoothId).executeTakeFirst());
}

/** A has a build with a marker B must never see. */
async function prepare(ctx: Ctx) {
  const current = await ctx.api.db.selectFrom("standard_builds").select(["id", "version", "status"]).where("booth_id", "=", ctx.aBoothId).executeTakeFirst();
  const path = current ? "/smeb/boothBuild/update" : "/smeb/boothBuild/create";
  if (current && current.status !== "draft" && current.status !== "returned") return;
  const form = new URLSearchParams({ boothId: String(ctx.aBoothId), intent: "draft", fasciaMode: "standard", fasciaNameZh: MARKER, carpetColour: "grey" });
  if (current) form.set("version", String(current.version));
  const response = await fetch(`${ctx.api.baseUrl}/api${path}`, {
    method: "POST",
    headers: { ticket: ctx.a, "content-type": "application/x-www-form-urlencoded", "accept-language": "zh" },
    body: form,
  });
  expect(response.status).toBe(200);
}

async function signedInB(ctx: Ctx) {
  const browser = portalClient(ctx.api.baseUrl);
  // The area is hidden in English (docs/product.md § Menus and page access): B uses the portal in Chinese.
  browser.jar.set("lng", "zh");
  await browser.signIn("raw01", "Expo#2026");
  return browser;
}

const sameOrigin = { "sec-fetch-site": "same-origin", "accept-language": "zh" };

const standardProbe: Probe = async (ctx) => {
  await prepare(ctx);
  const before = await aBuild(ctx);
  const browser = await signedInB(ctx);
  const page = await browser.request("/boothConstruction/standardConstruction", { headers: { "accept-language": "zh" } });
  expect(page.status).toBe(302);
  expect(page.headers.get("location")).toMatch(/\/401/);
  const post = await browser.request("/boothConstruction/standardConstruction", {
    body: new URLSearchParams({
      boothId: String(ctx.aBoothId),
      exists: "1",
      version: "0",
      intent: "submit",
      fasciaMode: "standard",
      fasciaNameZh: "B",
      carpetColour: "grey",
    }),
    headers: sameOrigin,
  });
  expect([302, 403, 404]).toContain(post.status);
  expect(await post.text()).not.toContain(MARKER);
  expect(await aBuild(ctx)).toBe(before);
};

/** B's own pages show B's own booth: A's id in the address changes nothing. */
const ownBoothProbe: Probe = async (ctx) => {
  await prepare(ctx);
  const browser = await signedInB(ctx);
  for (const path of ["/boothConstruction/entrySafetyCommitment", "/boothConstruction/insurancePurchase", "/boothConstruction/specialBoothCIProcess"]) {
    const response = await browser.request(`${path}?boothId=${ctx.aBoothId}`, { headers: { "accept-language": "zh" } });
    expect(response.status, path).toBe(200);
    const html = await response.text();
    expect(html, path).toContain("2B10");
    expect(html, path).not.toContain("1A01");
    expect(html, path).not.toContain(MARKER);
  }
  // The download is B's own commitment, or nothing when B has none: never A's (its text read back).
  const pdf = await browser.request(`/boothConstruction/entrySafetyCommitment/pdf?boothId=${ctx.aBoothId}`, { headers: { "accept-language": "zh" } });
  const bytes = new Uint8Array(await pdf.arrayBuffer());
  if (pdf.status === 200) {
    const text = await pdfText(bytes);
    expect(text).toContain("2B10");
    expect(text).not.toContain("1A01");
  } else {
    expect(pdf.headers.get("content-type") ?? "").not.toContain("pdf");
  }
};

const organizerPageProbe: Probe = async (ctx) => {
  await prepare(ctx);
  const browser = await signedInB(ctx);
  for (const path of [
    "/boothConstruction/constructionReview",
    `/boothConstruction/constructionReview?item=fascia-1`,
    "/boothConstruction/constructionReview/export",
  ]) {
    const response = await browser.request(path, { headers: { "accept-language": "zh" } });
    expect(response.status, path).toBe(302);
    expect(response.headers.get("location"), path).toMatch(/\/401/);
  }
  const before = await aBuild(ctx);
  const decide = await browser.request("/boothConstruction/constructionReview", {
    body: new URLSearchParams({ subject: "fascia", id: "1", decision: "approve" }),
    headers: sameOrigin,
  });
  expect(decide.status).toBe(302);
  expect(await aBuild(ctx)).toBe(before);
};

const SESSION_AREA = "the area layout and its index: the caller's own menus; no id is read";

export const boothPagesSweep = {
  "routes/_shell.boothConstruction": { noOwnedId: SESSION_AREA },
  "routes/_shell.boothConstruction._index": { noOwnedId: SESSION_AREA },
  "routes/_shell.boothConstruction.standardConstruction": { probe: standardProbe },
  "routes/_shell.boothConstruction.insurancePurchase": { probe: ownBoothProbe },
  "routes/_shell.boothConstruction.entrySafetyCommitment": { probe: ownBoothProbe },
  "routes/_shell.boothConstruction.specialBoothCIProcess": { probe: ownBoothProbe },
  "routes/boothConstruction.entrySafetyCommitment.pdf": { probe: ownBoothProbe },
  "routes/_shell.boothConstruction.constructionReview": { probe: organizerPageProbe },
  "routes/boothConstruction.constructionReview.export": { probe: organizerPageProbe },
};
