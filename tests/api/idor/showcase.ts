import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import { callApi, type ProbeContext } from "../../support/idor-probe";
import { uploadAs } from "../../support/uploads";

/**
 * The showcase (issue 40) in the IDOR sweep (tests/api/idor.test.ts): exhibitor B (raw01) holding
 * exhibitor A's (std01) exhibit ids and showcase reads none of A's data and changes nothing of A's,
 * through the API and the pages; the organizer's list and hide switch answer B 403 (the page /401).
 */
type Ctx = ProbeContext;
type Probe = (ctx: Ctx) => Promise<void>;

const PAGE = "/exhibitorInfo/miniProgram";
const MARKER = "A-展示页-MARKER-3318";

let prepared: Promise<{ exhibitId: string; code: string; showcaseId: string }> | null = null;
/** A's exhibit and A's showcase showing it; made once per sweep. */
function prepare(ctx: Ctx) {
  prepared ??= (async () => {
    const exhibit = await callApi(ctx, ctx.a, "/smeb/invitation/exhibits/add", { nameZh: MARKER, imageUrls: await uploadAs(ctx.api, ctx.a, "exhibits-img") });
    expect(exhibit.status).toBe(200);
    const exhibitId = String((JSON.parse(exhibit.text) as { data: { id: number } }).data.id);
    expect((await callApi(ctx, ctx.a, "/smeb/showcase/save", { exhibitIds: exhibitId })).status).toBe(200);
    const row = await ctx.api.db
      .selectFrom("showcases as s")
      .innerJoin("users as u", "u.id", "s.user_id")
      .select(["s.id", "s.public_code"])
      .where("u.username", "=", "std01")
      .executeTakeFirstOrThrow();
    return { exhibitId, code: row.public_code, showcaseId: String(row.id) };
  })();
  return prepared;
}

const aState = async (ctx: Ctx) =>
  JSON.stringify({
    showcases: await ctx.api.db.selectFrom("showcases").selectAll().orderBy("id").execute(),
    exhibits: await ctx.api.db.selectFrom("showcase_exhibits").selectAll().orderBy("showcase_id").orderBy("position").execute(),
  });

const apiProbe: Probe = async (ctx) => {
  const { exhibitId, code, showcaseId } = await prepare(ctx);
  const before = await aState(ctx);
  const answers = [
    await callApi(ctx, ctx.b, "/smeb/showcase/mine"),
    await callApi(ctx, ctx.b, "/smeb/showcase/save", { exhibitIds: exhibitId }),
    await callApi(ctx, ctx.b, "/smeb/showcase/enable", { enabled: "false" }),
    await callApi(ctx, ctx.b, "/wx/getMiniQrCode", {}),
  ];
  for (const answer of answers) {
    expect(answer.text).not.toContain(MARKER);
    expect(answer.text).not.toContain(code);
  }
  expect(answers[1]!.status).toBe(400);
  for (const [path, form] of [["/smeb/showcase/list"], ["/smeb/showcase/hide", { id: showcaseId, hidden: "true" }]] as [string, Record<string, string>?][]) {
    const refused = await callApi(ctx, ctx.b, path, form);
    expect(refused.status, path).toBe(403);
    expect(refused.text).not.toContain(code);
  }
  expect(await aState(ctx)).toBe(before);
  // Control: A's own page reads A's showcase.
  expect((await callApi(ctx, ctx.a, "/smeb/showcase/mine")).text).toContain(code);
};

const pageProbe: Probe = async (ctx) => {
  const { exhibitId, code, showcaseId } = await prepare(ctx);
  const before = await aState(ctx);
  const browser = portalClient(ctx.api.baseUrl);
  await browser.signIn("raw01", "Expo#2026");
  const page = await browser.request(PAGE);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).not.toContain(MARKER);
  expect(html).not.toContain(code);
  const post = (path: string, form: Record<string, string>) =>
    browser.request(path, { body: new URLSearchParams(form), headers: { "sec-fetch-site": "same-origin" } });
  const saved = await post(PAGE, { intent: "save", exhibitIds: exhibitId, [`position-${exhibitId}`]: "1" });
  expect(saved.status).toBe(400);
  expect(await saved.text()).not.toContain(MARKER);
  await post(PAGE, { intent: "enable", enabled: "false" });
  const qr = await browser.request(`${PAGE}/qr`);
  expect(qr.status).toBe(404);
  const list = await browser.request("/exhibitorInfo/showcases");
  expect(list.status).toBe(302);
  expect(list.headers.get("location")).toBe("/401");
  const hide = await post("/exhibitorInfo/showcases", { id: showcaseId, hidden: "true" });
  expect(hide.status).toBe(302);
  expect(hide.headers.get("location")).toBe("/401");
  expect(await aState(ctx)).toBe(before);
};

const PUBLIC = "public: takes the page's random code, shows only what the exhibitor published (approved profile, chosen exhibits)";

export const showcaseSweep = {
  "GET /api/smeb/showcase/mine": { probe: apiProbe },
  "POST /api/smeb/showcase/save": { probe: apiProbe },
  "POST /api/smeb/showcase/enable": { probe: apiProbe },
  "POST /api/wx/getMiniQrCode": { probe: apiProbe },
  "GET /api/smeb/showcase/list": { probe: apiProbe },
  "POST /api/smeb/showcase/hide": { probe: apiProbe },
  "GET /api/showcase/public/info": { noOwnedId: PUBLIC },
  "GET /api/showcase/public/image": { noOwnedId: PUBLIC },
  "routes/ex.$code._index": { noOwnedId: PUBLIC },
  "routes/ex.$code.$slot": { noOwnedId: PUBLIC },
  "routes/_shell.exhibitorInfo.miniProgram": { probe: pageProbe },
  "routes/exhibitorInfo.miniProgram.qr": { probe: pageProbe },
  "routes/_shell.exhibitorInfo.showcases": { probe: pageProbe },
};
