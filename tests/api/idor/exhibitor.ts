import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import type { TestApi } from "../../support/test-api";
import { callApi } from "../../support/idor-probe";

/**
 * The exhibitor profile's part of the IDOR sweep (tests/api/idor.test.ts): exhibitor B (raw01)
 * naming exhibitor A's (std01) user id or unique id reads none of A's profile or group data and
 * changes nothing of it, through the API or the pages.
 */
type Ctx = { api: TestApi; a: string; b: string; admin: string };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "A-机密-MARKER-7731";
const GROUP_MARKER = "A-集团-MARKER-7731";

async function call(ctx: Ctx, ticket: string, path: string, form?: Record<string, string>) {
  const answer = await callApi(ctx, ticket, `${path}`, form);
  return { ...answer, body: JSON.parse(answer.text) as { code: number; data: Record<string, unknown> | null } };
}

/** A's profile and group data, with markers B must never see; made once per sweep. */
let prepared: Promise<{ aId: number; uniqueId: string }> | null = null;
function prepare(ctx: Ctx) {
  prepared ??= (async () => {
    const saved = await call(ctx, ctx.a, "/smeb/exhibitor/info/saveDraft", { step: "company", companyNameZh: MARKER, companyNameEn: "A Co" });
    expect(saved.body.code).toBe(200);
    const group = await call(ctx, ctx.a, "/smeb/exhibitor/info/saveGroupInfo", { isGroupMember: "yes", groupNameZh: GROUP_MARKER });
    expect(group.body.code).toBe(200);
    const a = await ctx.api.db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirstOrThrow();
    return { aId: a.id, uniqueId: String(saved.body.data!.uniqueId) };
  })();
  return prepared;
}

async function aState(ctx: Ctx, aId: number) {
  const row = await ctx.api.db.selectFrom("exhibitor_profiles").select(["version", "status", "draft"]).where("user_id", "=", aId).executeTakeFirstOrThrow();
  const group = await ctx.api.db.selectFrom("group_info").select("data").where("user_id", "=", aId).executeTakeFirst();
  return JSON.stringify({ row, group });
}

const profileReadProbe: Probe = async (ctx) => {
  const { aId, uniqueId } = await prepare(ctx);
  for (const path of [
    `/smeb/exhibitor/info/findByUserId?userId=${aId}`,
    `/smeb/exhibitor/info/getGroupInfo?userId=${aId}`,
    `/smeb/exhibitor/info/getExhibitionLetterUrl?userId=${aId}&uniqueId=${uniqueId}`,
  ]) {
    const result = await call(ctx, ctx.b, path);
    expect(result.text, path).not.toContain(MARKER);
    expect(result.text, path).not.toContain(GROUP_MARKER);
    expect(result.text, path).not.toContain(uniqueId);
  }
  const byUnique = await call(ctx, ctx.b, `/smeb/exhibitor/info/findExhibitorInfoByUniqueId?uniqueId=${uniqueId}`);
  expect(byUnique.status).toBe(404);
  expect(byUnique.text).not.toContain(MARKER);
  // Controls: the owner and the organizer do read it, so the refusal is about ownership.
  expect((await call(ctx, ctx.a, `/smeb/exhibitor/info/findExhibitorInfoByUniqueId?uniqueId=${uniqueId}`)).text).toContain(MARKER);
  expect((await call(ctx, ctx.admin, `/smeb/exhibitor/info/findExhibitorInfoByUniqueId?uniqueId=${uniqueId}`)).text).toContain(MARKER);
};

const profileWriteProbe: Probe = async (ctx) => {
  const { aId, uniqueId } = await prepare(ctx);
  const before = await aState(ctx, aId);
  const owner = { userId: String(aId), user_id: String(aId), uniqueId };
  await call(ctx, ctx.b, "/smeb/exhibitor/info/saveDraft", { ...owner, step: "company", companyNameZh: "B-hijack" });
  await call(ctx, ctx.b, "/smeb/exhibitor/info/update", { ...owner, step: "events", attendance: "arrived" });
  await call(ctx, ctx.b, "/smeb/exhibitor/info/updateExhibitorContact", { ...owner, contact1Name: "B-hijack" });
  await call(ctx, ctx.b, "/smeb/exhibitor/info/saveGroupInfo", { ...owner, isGroupMember: "yes", groupNameZh: "B-hijack" });
  expect(await aState(ctx, aId)).toBe(before);
};

const reviewProbe: Probe = async (ctx) => {
  const { aId } = await prepare(ctx);
  const before = await aState(ctx, aId);
  for (const [path, form] of [
    ["/smeb/exhibitor/info/reviewList?status=draft", undefined],
    [`/smeb/exhibitor/info/reviewDetail?userId=${aId}`, undefined],
    ["/smeb/exhibitor/info/review", { userId: String(aId), decision: "return", comment: "B says no" }],
  ] as const) {
    const result = await call(ctx, ctx.b, path, form);
    expect(result.status, path).toBe(403);
    expect(result.text, path).not.toContain(MARKER);
  }
  expect(await aState(ctx, aId)).toBe(before);
};

const pagesProbe: Probe = async (ctx) => {
  const { aId, uniqueId } = await prepare(ctx);
  const before = await aState(ctx, aId);
  const browser = portalClient(ctx.api.baseUrl);
  await browser.signIn("raw01", "Expo#2026");
  for (const path of [`/exhibitorInfo/exhibitorData?userId=${aId}`, "/exhibitorInfo/exhibitorData/letter", `/exhibitorInfo/groupData?userId=${aId}`]) {
    const page = await browser.request(path);
    const html = await page.text();
    expect(html, path).not.toContain(MARKER);
    expect(html, path).not.toContain(GROUP_MARKER);
    expect(html, path).not.toContain(uniqueId);
  }
  const post = await browser.request("/exhibitorInfo/exhibitorData?step=company", {
    body: new URLSearchParams({ step: "company", intent: "save", userId: String(aId), uniqueId, companyNameZh: "B-hijack" }),
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(post.status).toBe(302);
  await browser.request("/exhibitorInfo/groupData", {
    body: new URLSearchParams({ userId: String(aId), isGroupMember: "yes", groupNameZh: "B-hijack" }),
    headers: { "sec-fetch-site": "same-origin" },
  });
  const review = await browser.request(`/exhibitorInfo/exhibitorReview?userId=${aId}`);
  expect(review.status).toBe(302);
  expect(review.headers.get("location")).toBe("/401");
  const decide = await browser.request("/exhibitorInfo/exhibitorReview", {
    body: new URLSearchParams({ userId: String(aId), decision: "approve" }),
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(decide.headers.get("location")).toBe("/401");
  expect(await aState(ctx, aId)).toBe(before);
};

const EXHIBITION_WIDE = "the exhibition's choice lists, the same for every exhibitor; no owned id";
const SENDS_CODE = "sends a code for the caller's own verification to the number or address in the request; no record is read";

export const exhibitorSweep = {
  "GET /api/smeb/exhibitor/info/findByUserId": { probe: profileReadProbe },
  "GET /api/smeb/exhibitor/info/findExhibitorInfoByUniqueId": { probe: profileReadProbe },
  "GET /api/smeb/exhibitor/info/getExhibitionLetterUrl": { probe: profileReadProbe },
  "GET /api/smeb/exhibitor/info/getGroupInfo": { probe: profileReadProbe },
  "POST /api/smeb/exhibitor/info/saveDraft": { probe: profileWriteProbe },
  "POST /api/smeb/exhibitor/info/update": { probe: profileWriteProbe },
  "POST /api/smeb/exhibitor/info/updateExhibitorContact": { probe: profileWriteProbe },
  "POST /api/smeb/exhibitor/info/saveGroupInfo": { probe: profileWriteProbe },
  "GET /api/smeb/exhibitor/info/reviewList": { probe: reviewProbe },
  "GET /api/smeb/exhibitor/info/reviewDetail": { probe: reviewProbe },
  "POST /api/smeb/exhibitor/info/review": { probe: reviewProbe },
  "POST /api/smeb/exhibitor/info/sendSmsCode": { noOwnedId: SENDS_CODE },
  "POST /api/smeb/exhibitor/info/sendEmailCode": { noOwnedId: SENDS_CODE },
  "GET /api/smeb/exhibitor/info/listAreaClassify": { noOwnedId: EXHIBITION_WIDE },
  "GET /api/smeb/exhibitor/class/list": { noOwnedId: EXHIBITION_WIDE },
  "GET /api/smeb/exhibitor/industry/list": { noOwnedId: EXHIBITION_WIDE },
  "routes/_shell.exhibitorInfo.exhibitorData": { probe: pagesProbe },
  "routes/_shell.exhibitorInfo.exhibitorData_.letter": { probe: pagesProbe },
  "routes/_shell.exhibitorInfo.groupData": { probe: pagesProbe },
  "routes/_shell.exhibitorInfo.exhibitorReview": { probe: pagesProbe },
};
