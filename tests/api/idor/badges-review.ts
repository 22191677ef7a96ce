import { expect } from "vitest";
import { idCardCheckChar } from "../../../app/contracts/badges/id-documents";
import { portalClient } from "../../support/portal-client";
import type { TestApi } from "../../support/test-api";
import { callApiZhRaw } from "../../support/idor-probe";

/**
 * The organizer's badge review in the IDOR sweep (tests/api/idor.test.ts): exhibitor B (raw01)
 * naming exhibitor A's (std01) badge on the organizer's endpoints and page gets 403 (the page: /401),
 * none of A's data, and decides nothing. The organizer reading the same badge is the control.
 */
type Ctx = { api: TestApi; a: string; b: string; admin: string };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "A-审核-MARKER-4417";
const PAGE = "/exhibitorInfo/badgeReview";

const call = callApiZhRaw;

let prepared: Promise<{ aId: number; badgeId: string; version: string }> | null = null;
/** A's badge with a marker B must never see; made once per sweep. */
function prepare(ctx: Ctx) {
  prepared ??= (async () => {
    const first17 = "44030419850505414";
    const saved = await call(ctx, ctx.a, "/smeb/pass/ticket/save", {
      holderName: MARKER,
      idType: "idCard",
      idNumber: `${first17}${idCardCheckChar(first17)}`,
      mobile: "13977774417",
      email: "idor-review-a@example.com",
      company: MARKER,
    });
    expect(saved.status, saved.text).toBe(200);
    const a = await ctx.api.db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirstOrThrow();
    const data = JSON.parse(saved.text).data as { id: number; version: number };
    return { aId: a.id, badgeId: String(data.id), version: String(data.version) };
  })();
  return prepared;
}

async function aState(ctx: Ctx, aId: number) {
  const rows = await ctx.api.db
    .selectFrom("badges")
    .select(["id", "status", "review_comment", "version", "deleted_at"])
    .where("user_id", "=", aId)
    .orderBy("id")
    .execute();
  const events = await ctx.api.db
    .selectFrom("badge_events")
    .select("id")
    .where(
      "badge_id",
      "in",
      rows.map((r) => r.id),
    )
    .execute();
  return JSON.stringify({ rows, events: events.length });
}

const apiProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  // Control: the organizer reads A's badge, so the refusals below are about the role.
  const control = await call(ctx, ctx.admin, `/smeb/pass/ticket/review/info?id=${p.badgeId}`);
  expect(control.status).toBe(200);
  expect(control.text).toContain(MARKER);
  const before = await aState(ctx, p.aId);
  for (const [path, body] of [
    [`/smeb/pass/ticket/review/list?exhibitor=${p.aId}&keyword=${encodeURIComponent(MARKER)}`],
    [`/smeb/pass/ticket/review/info?id=${p.badgeId}`],
    [`/smeb/pass/ticket/review/export?exhibitor=${p.aId}`],
    ["/smeb/pass/ticket/review/decide", { id: p.badgeId, decision: "approve", version: p.version }],
    ["/smeb/pass/ticket/review/decide", { id: p.badgeId, decision: "return", comment: "B", version: p.version }],
  ] as [string, Record<string, string>?][]) {
    const result = await call(ctx, ctx.b, path, body);
    expect([403, 404], `${path}: ${result.text}`).toContain(result.status);
    expect(result.text, path).not.toContain(MARKER);
  }
  expect(await aState(ctx, p.aId)).toBe(before);
};

const pageProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const organizer = portalClient(ctx.api.baseUrl);
  await organizer.signIn("admin", "Admin#2026");
  const seen = await organizer.request(`${PAGE}?id=${p.badgeId}`);
  expect(seen.status).toBe(200);
  expect(await seen.text()).toContain(MARKER);

  const before = await aState(ctx, p.aId);
  const browser = portalClient(ctx.api.baseUrl);
  await browser.signIn("raw01", "Expo#2026");
  for (const path of [
    PAGE,
    `${PAGE}?id=${p.badgeId}`,
    `${PAGE}?exhibitor=${p.aId}&keyword=${encodeURIComponent(MARKER)}`,
    `${PAGE}/export?exhibitor=${p.aId}`,
  ]) {
    const response = await browser.request(path);
    expect([302, 403, 404], path).toContain(response.status);
    if (response.status === 302) expect(response.headers.get("location"), path).toBe("/401");
    expect(await response.text(), path).not.toContain(MARKER);
  }
  const forms: Record<string, string>[] = [
    { id: p.badgeId, decision: "approve", version: p.version },
    { id: p.badgeId, decision: "return", comment: "B", version: p.version },
  ];
  for (const form of forms) {
    const response = await browser.request(`${PAGE}?id=${p.badgeId}`, { body: new URLSearchParams(form), headers: { "sec-fetch-site": "same-origin" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/401");
  }
  expect(await aState(ctx, p.aId)).toBe(before);
};

export const badgesReviewSweep = {
  "GET /api/smeb/pass/ticket/review/list": { probe: apiProbe },
  "GET /api/smeb/pass/ticket/review/info": { probe: apiProbe },
  "POST /api/smeb/pass/ticket/review/decide": { probe: apiProbe },
  "GET /api/smeb/pass/ticket/review/export": { probe: apiProbe },
  "routes/_shell.exhibitorInfo.badgeReview": { probe: pageProbe },
  "routes/exhibitorInfo.badgeReview.export": { probe: pageProbe },
};
