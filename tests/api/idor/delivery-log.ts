import { expect } from "vitest";
import { recordMessage } from "../../../server/notify/message-log";
import { portalClient } from "../../support/portal-client";
import { callApi, type ProbeContext } from "../../support/idor-probe";

/**
 * The organizer's delivery log (issue 52) in the IDOR sweep (tests/api/idor.test.ts): exhibitor B
 * (raw01), a carrier and exhibitor A (std01), holding the id of a failed message to A, get 403 from
 * the list and the resend, see nothing of it and resend nothing; the page sends them to /401. The
 * organizer reads it (control).
 */
type Ctx = ProbeContext & { carrier: string };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "delivery-marker-5252";

let prepared: Promise<number> | null = null;
/** A failed e-mail to A, of a kind named with the marker; made once per sweep. */
function prepare(ctx: Ctx) {
  prepared ??= (async () => {
    const owner = await ctx.api.db.selectFrom("users").select(["id", "exhibition_id"]).where("username", "=", "std01").executeTakeFirstOrThrow();
    const id = await recordMessage(ctx.api.db, {
      channel: "email",
      kind: "idorMarker",
      recipient: `${MARKER}@example.org`,
      subject: MARKER,
      text: MARKER,
      exhibitionId: owner.exhibition_id,
      userId: owner.id,
    });
    await ctx.api.db.updateTable("messages").set({ status: "failed", reason: MARKER, attempts: 1 }).where("id", "=", id).execute();
    return id;
  })();
  return prepared;
}

const state = async (ctx: Ctx) => JSON.stringify(await ctx.api.db.selectFrom("messages").selectAll().orderBy("id").execute());

const apiProbe: Probe = async (ctx) => {
  const id = String(await prepare(ctx));
  const before = await state(ctx);
  for (const ticket of [ctx.b, ctx.carrier, ctx.a]) {
    const answers = [
      await callApi(ctx, ticket, "/smeb/messages/list?state=failed&kind=idorMarker"),
      await callApi(ctx, ticket, "/smeb/messages/resend", { id }),
    ];
    expect(answers.map((a) => a.status)).toEqual([403, 403]);
    for (const answer of answers) expect(answer.text).not.toContain(MARKER);
  }
  expect(await state(ctx)).toBe(before);
  // Control: the organizer reads it (the reason; the recipient masked).
  expect((await callApi(ctx, ctx.admin, "/smeb/messages/list?state=failed&kind=idorMarker")).text).toContain(MARKER);
};

const pageProbe: Probe = async (ctx) => {
  const id = await prepare(ctx);
  const before = await state(ctx);
  const browser = portalClient(ctx.api.baseUrl);
  await browser.signIn("raw01", "Expo#2026");
  const response = await browser.request(`/index/messages?resend=${id}`);
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/401");
  const posted = await browser.request("/index/messages", {
    body: new URLSearchParams({ intent: "resend", id: String(id) }),
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(posted.status).toBe(302);
  expect(posted.headers.get("location")).toBe("/401");
  expect(await state(ctx)).toBe(before);
};

export const deliveryLogSweep = {
  "GET /api/smeb/messages/list": { probe: apiProbe },
  "POST /api/smeb/messages/resend": { probe: apiProbe },
  "routes/_shell.index.messages": { probe: pageProbe },
};
