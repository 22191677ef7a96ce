import { expect } from "vitest";
import { signBadgeCode } from "../../../server/badges/badge-code";
import type { TestApi } from "../../support/test-api";
import { fetchApi } from "../../support/idor-probe";

/**
 * Printing and check-in's part of the IDOR sweep (tests/api/idor.test.ts): exhibitor B (raw01)
 * naming exhibitor A's (std01) badge gets 404 and no PDF or QR image; B scanning A's valid badge
 * code gets 403 and checks nothing in.
 */
type Ctx = { api: TestApi; a: string; b: string };
type Probe = (ctx: Ctx) => Promise<void>;

async function call(ctx: Ctx, ticket: string, path: string, form?: Record<string, string>) {
  const response = await fetchApi(ctx, ticket, path, form);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get("content-type") ?? "", bytes, text: bytes.toString("latin1") };
}

async function aBadge(ctx: Ctx) {
  const a = await ctx.api.db.selectFrom("users").select(["id", "exhibition_id"]).where("username", "=", "std01").executeTakeFirstOrThrow();
  const badge = await ctx.api.db
    .selectFrom("badges")
    .select(["id", "code", "holder_name"])
    .where("user_id", "=", a.id)
    .where("holder_name", "=", "张三")
    .executeTakeFirstOrThrow();
  return { a, badge };
}

/** What a check-in would change of A's: the badges' times, A's arrival, the badges' events. */
async function aState(ctx: Ctx, aId: number) {
  const db = ctx.api.db;
  const [badges, arrivals, events] = await Promise.all([
    db.selectFrom("badges").select(["id", "checked_in_at", "status", "deleted_at"]).where("user_id", "=", aId).orderBy("id").execute(),
    db.selectFrom("exhibitor_arrivals").selectAll().where("user_id", "=", aId).execute(),
    db
      .selectFrom("badge_events")
      .innerJoin("badges", "badges.id", "badge_events.badge_id")
      .select(["badge_events.id", "badge_events.action"])
      .where("badges.user_id", "=", aId)
      .orderBy("badge_events.id")
      .execute(),
  ]);
  return JSON.stringify({ badges, arrivals, events });
}

const printProbe: Probe = async (ctx) => {
  const { a, badge } = await aBadge(ctx);
  const own = await ctx.api.db
    .selectFrom("badges")
    .select("badges.id")
    .innerJoin("users", "users.id", "badges.user_id")
    .where("users.username", "=", "raw01")
    .where("badges.deleted_at", "is", null)
    .executeTakeFirstOrThrow();
  const before = await aState(ctx, a.id);
  for (const path of [
    `/smeb/pass/ticket/print?ids=${badge.id}`,
    `/smeb/pass/ticket/print?ids=${own.id},${badge.id}&layout=sheet`,
    `/smeb/pass/ticket/qr?id=${badge.id}`,
  ]) {
    const result = await call(ctx, ctx.b, path);
    expect(result.status, `${path}: ${result.text.slice(0, 200)}`).toBe(404);
    expect(result.type, path).toContain("application/json");
    expect(result.text, path).not.toContain("%PDF");
    expect(result.text, path).not.toContain(badge.holder_name);
  }
  // Controls: the owner does get them, so the 404s above are about ownership.
  expect((await call(ctx, ctx.a, `/smeb/pass/ticket/print?ids=${badge.id}`)).text.startsWith("%PDF-")).toBe(true);
  expect((await call(ctx, ctx.a, `/smeb/pass/ticket/qr?id=${badge.id}`)).type).toBe("image/png");
  expect(await aState(ctx, a.id)).toBe(before);
};

const checkInProbe: Probe = async (ctx) => {
  const { a, badge } = await aBadge(ctx);
  const secrets = ctx.api.sessionSecrets;
  const before = await aState(ctx, a.id);
  const result = await call(ctx, ctx.b, "/smeb/pass/ticket/checkIn", { code: signBadgeCode(badge.code, secrets) });
  expect(result.status, result.text).toBe(403);
  expect(result.text).not.toContain(badge.holder_name);
  expect(await aState(ctx, a.id)).toBe(before);
};

export const badgesPrintSweep = {
  "GET /api/smeb/pass/ticket/print": { probe: printProbe },
  "GET /api/smeb/pass/ticket/qr": { probe: printProbe },
  "POST /api/smeb/pass/ticket/checkIn": { probe: checkInProbe },
};
