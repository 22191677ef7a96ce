import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import { callApi, type ProbeContext } from "../../support/idor-probe";
import { uploadAs } from "../../support/uploads";

/**
 * Promotional videos (issue 40, decision 037) in the IDOR sweep (tests/api/idor.test.ts): exhibitor
 * B (raw01) holding A's (std01) exhibit id and video code cannot start a render with A's exhibit,
 * read A's progress or change A's download flag; the organizer's list answers B 403 (the page /401).
 * Nothing of A's video row changes, and no render starts.
 */
type Ctx = ProbeContext;
type Probe = (ctx: Ctx) => Promise<void>;

const PAGE = "/exhibitorInfo/promotionalVideo";
const MARKER = "A-视频-MARKER-4471";

let prepared: Promise<{ exhibitId: string; code: string }> | null = null;
/** A's exhibit and A's video row (the demo's queued job); made once per sweep. */
function prepare(ctx: Ctx) {
  prepared ??= (async () => {
    const exhibit = await callApi(ctx, ctx.a, "/smeb/invitation/exhibits/add", { nameZh: MARKER, imageUrls: await uploadAs(ctx.api, ctx.a, "exhibits-img") });
    expect(exhibit.status).toBe(200);
    const exhibitId = String((JSON.parse(exhibit.text) as { data: { id: number } }).data.id);
    const row = await ctx.api.db
      .selectFrom("promotional_videos as v")
      .innerJoin("users as u", "u.id", "v.user_id")
      .select("v.public_code")
      .where("u.username", "=", "std01")
      .executeTakeFirstOrThrow();
    return { exhibitId, code: row.public_code };
  })();
  return prepared;
}

/** A's video row as stored (B's own flags may make B a row of its own: that is B's). */
const videoRows = async (ctx: Ctx) => {
  const { code } = await prepare(ctx);
  return JSON.stringify(await ctx.api.db.selectFrom("promotional_videos").selectAll().where("public_code", "=", code).execute());
};

const apiProbe: Probe = async (ctx) => {
  const { exhibitId, code } = await prepare(ctx);
  const before = await videoRows(ctx);
  const answers = [
    await callApi(ctx, ctx.b, "/node/service/exhibitor/video/progress"),
    await callApi(ctx, ctx.b, "/node/service/exhibitor/video/generate", { orientation: "portrait", exhibitIds: exhibitId }),
    await callApi(ctx, ctx.b, "/node/service/exhibitor/video/updateFlags", { downloadAllowed: "" }),
    await callApi(ctx, ctx.b, "/node/service/exhibitor/video/list"),
  ];
  for (const answer of answers) {
    expect(answer.text).not.toContain(MARKER);
    expect(answer.text).not.toContain(code);
  }
  expect(answers.map((a) => a.status)).toEqual([200, 400, 200, 403]);
  expect(await videoRows(ctx)).toBe(before);
  // Control: the organizer's list names A's row.
  expect((await callApi(ctx, ctx.admin, "/node/service/exhibitor/video/list")).text).toContain("std01");
};

const pageProbe: Probe = async (ctx) => {
  const { exhibitId, code } = await prepare(ctx);
  const before = await videoRows(ctx);
  const browser = portalClient(ctx.api.baseUrl);
  await browser.signIn("raw01", "Expo#2026");
  const page = await browser.request(PAGE);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).not.toContain(MARKER);
  expect(html).not.toContain(code);
  const post = (path: string, form: Record<string, string>) =>
    browser.request(path, { body: new URLSearchParams(form), headers: { "sec-fetch-site": "same-origin" } });
  const started = await post(PAGE, { intent: "start", orientation: "portrait", exhibitIds: exhibitId });
  expect(started.status).toBe(400);
  expect(await started.text()).not.toContain(MARKER);
  const list = await browser.request("/exhibitorInfo/videos");
  expect(list.status).toBe(302);
  expect(list.headers.get("location")).toBe("/401");
  expect(await videoRows(ctx)).toBe(before);
};

export const videoSweep = {
  "GET /api/node/service/exhibitor/video/progress": { probe: apiProbe },
  "POST /api/node/service/exhibitor/video/generate": { probe: apiProbe },
  "POST /api/node/service/exhibitor/video/updateFlags": { probe: apiProbe },
  "GET /api/node/service/exhibitor/video/list": { probe: apiProbe },
  "GET /api/node/service/exhibitor/video/public": {
    noOwnedId: "public: takes a video's random code; answers the company's name, booths and what its link plays",
  },
  "GET /v/:file": { noOwnedId: "public: a video's random code is its share link; answers only the published file" },
  "routes/_shell.exhibitorInfo.promotionalVideo": { probe: pageProbe },
  "routes/_shell.exhibitorInfo.videos": { probe: pageProbe },
};
