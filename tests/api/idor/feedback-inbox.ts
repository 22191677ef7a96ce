import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import { callApi, type ProbeContext } from "../../support/idor-probe";
import { PNG } from "../../support/sample-files";

/**
 * The organizer's feedback inbox (issue 51) in the IDOR sweep (tests/api/idor.test.ts): exhibitor B
 * (raw01) and a carrier, holding the id of exhibitor A's (std01) feedback, get 403 from the list, the
 * handled switch and the image, see none of A's text or picture and change nothing; the pages send
 * them to /401. The organizer reads both (control).
 */
type Ctx = ProbeContext & { carrier: string };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "反馈-MARKER-5191";

let prepared: Promise<number> | null = null;
/** A's feedback with a screenshot, named with the marker; made once per sweep. */
function prepare(ctx: Ctx) {
  prepared ??= (async () => {
    const form = new FormData();
    form.set("type", "3");
    form.set("content", MARKER);
    form.set("file", new File([new Uint8Array(PNG)], "a.png", { type: "image/png" }));
    const saved = await fetch(`${ctx.api.baseUrl}/api/smeb/feedback/save`, { method: "POST", headers: { ticket: ctx.a }, body: form });
    expect(saved.status).toBe(200);
    return ((await saved.json()) as { data: { id: number } }).data.id;
  })();
  return prepared;
}

const state = async (ctx: Ctx) => JSON.stringify(await ctx.api.db.selectFrom("feedback").selectAll().orderBy("id").execute());

const apiProbe: Probe = async (ctx) => {
  const id = String(await prepare(ctx));
  const before = await state(ctx);
  for (const ticket of [ctx.b, ctx.carrier, ctx.a]) {
    const answers = [
      await callApi(ctx, ticket, "/smeb/feedback/list?state=all"),
      await callApi(ctx, ticket, `/smeb/feedback/image?id=${id}`),
      await callApi(ctx, ticket, "/smeb/feedback/handle", { id, handled: "1" }),
    ];
    expect(answers.map((a) => a.status)).toEqual([403, 403, 403]);
    for (const answer of answers) {
      expect(answer.text).not.toContain(MARKER);
      expect(answer.text).not.toContain(PNG.subarray(0, 8).toString("latin1"));
    }
  }
  expect(await state(ctx)).toBe(before);
  // Control: the organizer reads it and its image.
  expect((await callApi(ctx, ctx.admin, "/smeb/feedback/list?state=all&type=3")).text).toContain(MARKER);
  const image = await fetch(`${ctx.api.baseUrl}/api/smeb/feedback/image?id=${id}`, { headers: { ticket: ctx.admin } });
  expect(image.status).toBe(200);
  expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
};

const pageProbe: Probe = async (ctx) => {
  const id = await prepare(ctx);
  const before = await state(ctx);
  const browser = portalClient(ctx.api.baseUrl);
  await browser.signIn("raw01", "Expo#2026");
  for (const path of ["/index/feedbackInbox?state=all", `/index/feedbackInbox/${id}/image`]) {
    const response = await browser.request(path);
    expect(response.status, path).toBe(302);
    expect(response.headers.get("location"), path).toBe("/401");
  }
  const posted = await browser.request("/index/feedbackInbox", {
    body: new URLSearchParams({ id: String(id), handled: "1" }),
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(posted.status).toBe(302);
  expect(posted.headers.get("location")).toBe("/401");
  expect(await state(ctx)).toBe(before);
};

export const feedbackInboxSweep = {
  "GET /api/smeb/feedback/list": { probe: apiProbe },
  "POST /api/smeb/feedback/handle": { probe: apiProbe },
  "GET /api/smeb/feedback/image": { probe: apiProbe },
  "routes/_shell.index.feedbackInbox": { probe: pageProbe },
  "routes/index.feedbackInbox.$id.image": { probe: pageProbe },
};
