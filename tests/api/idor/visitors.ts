import { expect } from "vitest";
import type { TestApi } from "../../support/test-api";
import { fetchApi } from "../../support/idor-probe";

/**
 * The visitor part of the IDOR sweep (tests/api/idor.test.ts): exhibitor B (raw01) never reads the
 * visitors exhibitor A's (std01) link brought, through the list, the export or the chart, and gets
 * 403 from the organizer's visitor routes. tests/api/visitors.test.ts covers the same on both databases.
 */
type Ctx = { api: TestApi; a: string; b: string };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "A-观众-MARKER-5129";
const MOBILE = "13799995129";

async function call(ctx: Ctx, ticket: string, path: string, form?: Record<string, string>) {
  const response = await fetchApi(ctx, ticket, path, form);
  return { status: response.status, text: Buffer.from(await response.arrayBuffer()).toString("latin1") };
}

let prepared: Promise<void> | null = null;
/** One of A's visitors, consenting, in an exhibition that shares consented contacts: the most B could see. */
function prepare(ctx: Ctx) {
  prepared ??= (async () => {
    const a = await ctx.api.db.selectFrom("users").select(["id", "exhibition_id"]).where("username", "=", "std01").executeTakeFirstOrThrow();
    const last = await ctx.api.db
      .selectFrom("visitors")
      .select((eb) => eb.fn.max("visitor_no").as("n"))
      .executeTakeFirst();
    await ctx.api.db
      .insertInto("visitors")
      .values({
        exhibition_id: a.exhibition_id!,
        visitor_no: Number(last?.n ?? 0) + 1,
        inviter_user_id: a.id,
        name: MARKER,
        company: MARKER,
        mobile: MOBILE,
        email: "marker5129@example.com",
        country_id: 37,
        interest_class_ids: "[]",
        consent: true,
      })
      .execute();
    await ctx.api.db.updateTable("exhibitions").set({ visitor_contacts_shared: true }).where("id", "=", a.exhibition_id!).execute();
  })();
  return prepared;
}

const state = async (ctx: Ctx) => JSON.stringify(await ctx.api.db.selectFrom("visitors").selectAll().where("name", "=", MARKER).execute());

const audienceProbe: Probe = async (ctx) => {
  await prepare(ctx);
  const before = await state(ctx);
  for (const path of [
    `/smeb/invitation/audience/list?keyword=${encodeURIComponent(MARKER)}`,
    "/smeb/invitation/audience/list?pageSize=50",
    `/smeb/invitation/audience/export?keyword=${MOBILE}`,
    "/smeb/invitation/audience/export",
    "/smeb/invitation/audience/chart",
    "/smeb/invitation/rank/invite",
    "/smeb/invitation/rank/browse",
  ]) {
    const answer = await call(ctx, ctx.b, path);
    expect(answer.status, path).toBe(200);
    expect(answer.text, path).not.toContain(MOBILE);
    expect(answer.text, path).not.toContain("marker5129");
    expect(Buffer.from(answer.text, "latin1").toString("utf8"), path).not.toContain(MARKER);
  }
  expect(await state(ctx)).toBe(before);
  // Control: the owner reads it, so the absence above is about ownership.
  expect(Buffer.from((await call(ctx, ctx.a, `/smeb/invitation/audience/list?keyword=${MOBILE}`)).text, "latin1").toString("utf8")).toContain(MARKER);
};

const organizerProbe: Probe = async (ctx) => {
  await prepare(ctx);
  for (const [path, form] of [
    ["/smeb/invitation/visitor/list"],
    ["/smeb/invitation/visitor/export"],
    ["/smeb/invitation/rank/export?kind=invite"],
    ["/smeb/invitation/visitor/settings"],
    ["/smeb/invitation/visitor/settings/save", { contactsShared: "" }],
  ] as [string, Record<string, string>?][]) {
    const answer = await call(ctx, ctx.b, path, form);
    expect(answer.status, path).toBe(403);
    expect(answer.text, path).not.toContain(MOBILE);
  }
  const a = await ctx.api.db.selectFrom("users").select("exhibition_id").where("username", "=", "std01").executeTakeFirstOrThrow();
  const setting = await ctx.api.db.selectFrom("exhibitions").select("visitor_contacts_shared").where("id", "=", a.exhibition_id!).executeTakeFirstOrThrow();
  expect(setting.visitor_contacts_shared).toBe(true);
};

const PUBLIC = "public pre-registration of the current exhibition: takes a tracking code, shows only the exhibition and the inviting company's name";

export const visitorsSweep = {
  "GET /api/visit/info": { noOwnedId: PUBLIC },
  "POST /api/visit/sendCode": { noOwnedId: "public: sends a code to the mobile typed; answers nothing of any visitor" },
  "POST /api/visit/register": { noOwnedId: "public: registers the visitor typed; answers only their own number" },
  "routes/visit.$code": { noOwnedId: PUBLIC },
  "GET /api/smeb/invitation/rank/invite": { probe: audienceProbe },
  "GET /api/smeb/invitation/rank/browse": { probe: audienceProbe },
  "GET /api/smeb/invitation/audience/list": { probe: audienceProbe },
  "GET /api/smeb/invitation/audience/export": { probe: audienceProbe },
  "GET /api/smeb/invitation/audience/chart": { probe: audienceProbe },
  "GET /api/smeb/invitation/visitor/list": { probe: organizerProbe },
  "GET /api/smeb/invitation/visitor/export": { probe: organizerProbe },
  "GET /api/smeb/invitation/rank/export": { probe: organizerProbe },
  "GET /api/smeb/invitation/visitor/settings": { probe: organizerProbe },
  "POST /api/smeb/invitation/visitor/settings/save": { probe: organizerProbe },
};
