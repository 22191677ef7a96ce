import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import { callApi, type ProbeContext } from "../../support/idor-probe";

/**
 * Teams and history (issue 55) in the IDOR sweep (tests/api/idor.test.ts). Exhibitor B (raw01), holding
 * the id of std01's member std01a, gets 404 from every team action on it and changes nothing; std01's own
 * member std01a, and the organizer's finance desk, get 403 from the team; B cannot read the history of
 * A's badge; the staff and history routes are the organizer's (403 for B). Each probe calls the route it
 * names; the organizer or std01 reads it (control).
 */
type Ctx = ProbeContext & { carrier: string };
type Probe = (ctx: Ctx) => Promise<void>;

const ids = async (ctx: Ctx) => {
  const member = await ctx.api.db.selectFrom("users").select("id").where("username", "=", "std01a").executeTakeFirstOrThrow();
  const std01 = await ctx.api.db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirstOrThrow();
  const badge = await ctx.api.db.selectFrom("badges").select("id").where("user_id", "=", std01.id).orderBy("id").executeTakeFirstOrThrow();
  return { memberId: String(member.id), badgeId: String(badge.id) };
};

const teamState = async (ctx: Ctx) =>
  JSON.stringify([
    await ctx.api.db.selectFrom("team_members").selectAll().orderBy("user_id").execute(),
    await ctx.api.db.selectFrom("member_grants").selectAll().orderBy("user_id").orderBy("area").execute(),
    await ctx.api.db.selectFrom("users").select(["id", "username", "password_hash"]).orderBy("id").execute(),
  ]);

/** One team route as B (404 for A's member, or nothing of A's), as a member (403), and by A's owner (control). */
function teamProbe(path: string, form?: (memberId: string) => Record<string, string>): Probe {
  return async (ctx) => {
    const { memberId } = await ids(ctx);
    const before = await teamState(ctx);
    const member = await ctx.api.login("std01a", "Expo#2026");
    const asB = await callApi(ctx, ctx.b, path, form?.(memberId));
    if (form) expect(asB.status).toBe(404);
    else expect(asB.text).not.toContain("std01a");
    expect((await callApi(ctx, member, path, form?.(memberId))).status).toBe(403);
    expect(await teamState(ctx)).toBe(before);
    // Control: std01's owner sees its member.
    expect((await callApi(ctx, ctx.a, "/smeb/team/list")).text).toContain("std01a");
  };
}

const staffProbe =
  (path: string, form?: Record<string, string>): Probe =>
  async (ctx) => {
    const before = await teamState(ctx);
    for (const ticket of [ctx.a, ctx.b, ctx.carrier]) expect((await callApi(ctx, ticket, path, form)).status).toBe(403);
    expect(await teamState(ctx)).toBe(before);
  };

const recordHistoryProbe: Probe = async (ctx) => {
  const { badgeId } = await ids(ctx);
  const asB = await callApi(ctx, ctx.b, `/smeb/history/record?type=badge&id=${badgeId}`);
  expect(asB.status).toBe(404);
  // A's member without the badges area: refused too.
  const member = await ctx.api.login("std01a", "Expo#2026");
  expect((await callApi(ctx, member, `/smeb/history/record?type=badge&id=${badgeId}`)).status).toBe(403);
  expect((await callApi(ctx, ctx.a, `/smeb/history/record?type=badge&id=${badgeId}`)).status).toBe(200);
};

/** A page's changes are the caller's company's: B's answer names nothing of A; A's member without the page's area is refused. */
const pageHistoryProbe: Probe = async (ctx) => {
  const path = "/smeb/history/page?actions=/smeb/epidemic/member/addInfo,/smeb/epidemic/member/delete";
  const asB = await callApi(ctx, ctx.b, path);
  expect(asB.status).toBe(200);
  expect(asB.text).not.toContain("std01");
  expect((await callApi(ctx, ctx.carrier, path)).status).toBe(403);
  const member = await ctx.api.login("std01a", "Expo#2026");
  expect((await callApi(ctx, member, path)).status).toBe(403);
  expect((await callApi(ctx, ctx.a, path)).status).toBe(200);
};

/** The team page: B posting a revoke of A's member changes nothing; A's member gets /401 for the page. */
const teamPageProbe: Probe = async (ctx) => {
  const { memberId } = await ids(ctx);
  const before = await teamState(ctx);
  const b = portalClient(ctx.api.baseUrl);
  await b.signIn("raw01", "Expo#2026");
  const posted = await b.request("/exhibitorInfo/team", {
    body: new URLSearchParams({ intent: "revoke", memberId }),
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(posted.status).toBe(400);
  expect(await posted.text()).not.toContain("std01a");
  expect(await teamState(ctx)).toBe(before);
  const member = portalClient(ctx.api.baseUrl);
  await member.signIn("std01a", "Expo#2026");
  const page = await member.request("/exhibitorInfo/team");
  expect(page.status).toBe(302);
  expect(page.headers.get("location")).toBe("/401");
};

/** The staff page: an exhibitor is sent to /401 and its posts change nothing. */
const staffPageProbe: Probe = async (ctx) => {
  const before = await teamState(ctx);
  const b = portalClient(ctx.api.baseUrl);
  await b.signIn("raw01", "Expo#2026");
  expect((await b.request("/index/staff")).headers.get("location")).toBe("/401");
  const posted = await b.request("/index/staff", {
    body: new URLSearchParams({ intent: "revoke", userId: "1" }),
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(posted.status).toBe(302);
  expect(posted.headers.get("location")).toBe("/401");
  expect(await teamState(ctx)).toBe(before);
};

export const teamSweep = {
  "routes/_shell.exhibitorInfo.team": { probe: teamPageProbe },
  "routes/_shell.index.staff": { probe: staffPageProbe },
  "GET /api/smeb/team/list": { probe: teamProbe("/smeb/team/list") },
  "POST /api/smeb/team/invite": { noOwnedId: "adds a member to the caller's own team; no id is read (tests/api/team.test.ts: a member is refused)" },
  "POST /api/smeb/team/grant": { probe: teamProbe("/smeb/team/grant", (memberId) => ({ memberId, "grant.invoices": "edit" })) },
  "POST /api/smeb/team/revoke": { probe: teamProbe("/smeb/team/revoke", (memberId) => ({ memberId })) },
  "POST /api/smeb/team/restore": { probe: teamProbe("/smeb/team/restore", (memberId) => ({ memberId })) },
  "POST /api/smeb/team/resend": { probe: teamProbe("/smeb/team/resend", (memberId) => ({ memberId })) },
  "POST /api/smeb/team/handOver": { probe: teamProbe("/smeb/team/handOver", (memberId) => ({ memberId })) },
  "GET /api/smeb/staff/list": { probe: staffProbe("/smeb/staff/list") },
  "POST /api/smeb/staff/invite": {
    probe: staffProbe("/smeb/staff/invite", { username: "idor-staff", displayName: "X", email: "idor-staff@example.com", roleId: "1" }),
  },
  "POST /api/smeb/staff/role": { probe: staffProbe("/smeb/staff/role", { userId: "1", roleId: "1" }) },
  "POST /api/smeb/staff/revoke": { probe: staffProbe("/smeb/staff/revoke", { userId: "1" }) },
  "POST /api/smeb/staff/roles/save": { probe: staffProbe("/smeb/staff/roles/save", { nameZh: "x", nameEn: "x" }) },
  "GET /api/smeb/history/record": { probe: recordHistoryProbe },
  "GET /api/smeb/history/page": { probe: pageHistoryProbe },
  "GET /api/smeb/history/list": { probe: staffProbe("/smeb/history/list") },
  "GET /api/smeb/history/export": { probe: staffProbe("/smeb/history/export") },
};
