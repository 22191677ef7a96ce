import { expect } from "vitest";
import { idCardCheckChar } from "../../../app/contracts/badges/id-documents";
import { portalClient } from "../../support/portal-client";
import type { TestApi } from "../../support/test-api";
import { uploadAs } from "../../support/uploads";
import { callApi } from "../../support/idor-probe";

/**
 * The epidemic declaration (issue 41) in the IDOR sweep (tests/api/idor.test.ts): exhibitor B (raw01)
 * holding the id of one of A's (std01) staff and A's health code image reads none of A's staff
 * (list, pages), deletes nothing of A's and cannot attach A's image; the organizer's endpoints answer
 * B 403 and its pages /401.
 */
type Ctx = { api: TestApi; a: string; b: string; admin: string };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "防疫人员MARKER";
const first17 = "11010119800101001";
const ID_NUMBER = `${first17}${idCardCheckChar(first17)}`;

const call = callApi;

let prepared: Promise<{ staffId: string; imageUrl: string }> | null = null;
/** One person of A's, named with the marker, with A's health code image; made once per sweep. */
function prepare(ctx: Ctx) {
  prepared ??= (async () => {
    const imageUrl = await uploadAs(ctx.api, ctx.a, "health-code", "code.png");
    const added = await call(ctx, ctx.a, "/smeb/epidemic/member/addInfo", {
      name: MARKER,
      idNumber: ID_NUMBER,
      mobile: "13900000001",
      healthCodeUrl: imageUrl,
    });
    expect(added.status).toBe(200);
    return { staffId: String((JSON.parse(added.text) as { data: { id: number } }).data.id), imageUrl };
  })();
  return prepared;
}

const state = async (ctx: Ctx) =>
  JSON.stringify({
    staff: await ctx.api.db.selectFrom("epidemic_staff").selectAll().orderBy("id").execute(),
    commitments: await ctx.api.db.selectFrom("epidemic_commitments").selectAll().orderBy("id").execute(),
    exhibitions: await ctx.api.db.selectFrom("exhibitions").select(["id", "epidemic_declaration_on", "epidemic_commitment_zh"]).orderBy("id").execute(),
  });

const apiProbe: Probe = async (ctx) => {
  const { staffId, imageUrl } = await prepare(ctx);
  const before = await state(ctx);
  const reads = [
    await call(ctx, ctx.b, "/smeb/epidemic/commitment/find"),
    await call(ctx, ctx.b, "/smeb/epidemic/member/findPage?page=1"),
    await call(ctx, ctx.b, "/smeb/epidemic/member/downloadTemplate"),
  ];
  for (const answer of reads) expect(answer.text).not.toContain(MARKER);
  expect(reads.map((a) => a.status)).toEqual([200, 200, 200]);
  const writes = [
    await call(ctx, ctx.b, "/smeb/epidemic/member/delete", { id: staffId }),
    await call(ctx, ctx.b, "/smeb/epidemic/member/addInfo", { name: "B", idNumber: ID_NUMBER, mobile: "13900000002", healthCodeUrl: imageUrl }),
    await call(ctx, ctx.b, "/smeb/epidemic/commitment/update", { accepted: "on", signerName: "B" }),
    await call(ctx, ctx.b, "/smeb/epidemic/commitment/delete", {}),
  ];
  expect(writes.map((a) => a.status)).toEqual([404, 400, 404, 404]);
  // The upload endpoint only ever reads a file: without one it refuses, saving nothing.
  expect((await call(ctx, ctx.b, "/smeb/epidemic/member/upload", {})).status).toBe(400);
  const organizer = [
    await call(ctx, ctx.b, "/smeb/epidemic/review/settings"),
    await call(ctx, ctx.b, "/smeb/epidemic/review/list?company=%E5%B1%95"),
    await call(ctx, ctx.b, "/smeb/epidemic/review/export"),
    await call(ctx, ctx.b, "/smeb/epidemic/review/settings/save", { on: "", textZh: "B", textEn: "B" }),
  ];
  expect(organizer.map((a) => a.status)).toEqual([403, 403, 403, 403]);
  for (const answer of organizer) expect(answer.text).not.toContain(MARKER);
  expect(await state(ctx)).toBe(before);
  // Controls: A and the organizer read it.
  expect((await call(ctx, ctx.a, "/smeb/epidemic/member/findPage?page=1")).text).toContain(MARKER);
  expect((await call(ctx, ctx.admin, "/smeb/epidemic/review/list")).text).toContain(MARKER);
};

const pageProbe: Probe = async (ctx) => {
  const { staffId } = await prepare(ctx);
  const before = await state(ctx);
  const browser = portalClient(ctx.api.baseUrl);
  await browser.signIn("raw01", "Expo#2026");
  const page = await browser.request(`/exhibitorInfo/epidemicDeclaration?delete=${staffId}`);
  expect(page.status).toBe(200);
  expect(await page.text()).not.toContain(MARKER);
  const posted = await browser.request("/exhibitorInfo/epidemicDeclaration", {
    body: new URLSearchParams({ intent: "deleteStaff", id: staffId }),
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(posted.status).toBe(400);
  for (const path of ["/exhibitorInfo/epidemicReview", "/exhibitorInfo/epidemicReview/export"]) {
    const refused = await browser.request(path);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/401");
  }
  const settings = await browser.request("/exhibitorInfo/epidemicReview", {
    body: new URLSearchParams({ intent: "settings", textZh: "B", textEn: "B" }),
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(settings.status).toBe(302);
  expect(settings.headers.get("location")).toBe("/401");
  expect(await state(ctx)).toBe(before);
};

export const epidemicSweep = {
  "GET /api/smeb/epidemic/commitment/find": { probe: apiProbe },
  "POST /api/smeb/epidemic/commitment/create": { noOwnedId: "accepts the caller's own commitment; no id is read" },
  "POST /api/smeb/epidemic/commitment/update": { probe: apiProbe },
  "POST /api/smeb/epidemic/commitment/delete": { probe: apiProbe },
  "GET /api/smeb/epidemic/member/findPage": { probe: apiProbe },
  "POST /api/smeb/epidemic/member/addInfo": { probe: apiProbe },
  "POST /api/smeb/epidemic/member/delete": { probe: apiProbe },
  "POST /api/smeb/epidemic/member/upload": { probe: apiProbe },
  "GET /api/smeb/epidemic/member/downloadTemplate": { noOwnedId: "the same template for every exhibitor; no id is read" },
  "GET /api/smeb/epidemic/review/settings": { probe: apiProbe },
  "POST /api/smeb/epidemic/review/settings/save": { probe: apiProbe },
  "GET /api/smeb/epidemic/review/list": { probe: apiProbe },
  "GET /api/smeb/epidemic/review/export": { probe: apiProbe },
  "routes/_shell.exhibitorInfo.epidemicDeclaration": { probe: pageProbe },
  "routes/_shell.exhibitorInfo.epidemicReview": { probe: pageProbe },
  "routes/exhibitorInfo.epidemicDeclaration.template": { noOwnedId: "the same template for every exhibitor; no id is read" },
  "routes/exhibitorInfo.epidemicReview.export": { probe: pageProbe },
};
