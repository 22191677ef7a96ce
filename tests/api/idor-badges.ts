import { expect } from "vitest";
import { idCardCheckChar } from "../../app/contracts/badges/id-documents";
import type { TestApi } from "../support/test-api";

/**
 * The badges' part of the IDOR sweep (tests/api/idor.test.ts): exhibitor B (raw01) naming exhibitor
 * A's (std01) badge gets 404, none of A's data, and changes nothing of A's.
 */
type Ctx = { api: TestApi; a: string; b: string };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "A-证件-MARKER-7731";

async function call(ctx: Ctx, ticket: string, path: string, form?: Record<string, string>) {
  const response = await fetch(`${ctx.api.baseUrl}/api${path}`, {
    method: form ? "POST" : "GET",
    headers: { ticket, "content-type": "application/x-www-form-urlencoded", "accept-language": "zh" },
    body: form ? new URLSearchParams(form) : undefined,
  });
  return { status: response.status, text: await response.text() };
}

let prepared: Promise<{ aId: number; badgeId: string; version: string }> | null = null;
/** A's badge with a marker B must never see; made once per sweep. */
function prepare(ctx: Ctx) {
  prepared ??= (async () => {
    const first17 = "44030419900101777";
    const saved = await call(ctx, ctx.a, "/smeb/pass/ticket/save", {
      holderName: MARKER,
      idType: "idCard",
      idNumber: `${first17}${idCardCheckChar(first17)}`,
      mobile: "13977770001",
      email: "idor-a@example.com",
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
    .select(["id", "holder_name", "mobile", "status", "version", "deleted_at"])
    .where("user_id", "=", aId)
    .orderBy("id")
    .execute();
  return JSON.stringify(rows);
}

const badgesProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aState(ctx, p.aId);
  const list = await call(ctx, ctx.b, `/smeb/pass/ticket/list?userId=${p.aId}&keyword=${encodeURIComponent(MARKER)}`);
  expect(list.text).not.toContain(MARKER);
  const form = { holderName: "B", idType: "passport", idNumber: "E99999999", mobile: "13977770002", email: "idor-b@example.com", company: "B" };
  for (const [path, body] of [
    [`/smeb/pass/ticket/info?id=${p.badgeId}`],
    ["/smeb/pass/ticket/update", { ...form, id: p.badgeId, version: p.version }],
    ["/smeb/pass/ticket/delete", { id: p.badgeId }],
    ["/smeb/pass/ticket/batchDelete", { ids: p.badgeId }],
    [`/smeb/pass/ticket/validateMobile?mobile=13900000000&excludeId=${p.badgeId}`],
    [`/smeb/pass/ticket/validateEmail?email=x@example.com&excludeId=${p.badgeId}`],
  ] as [string, Record<string, string>?][]) {
    const result = await call(ctx, ctx.b, path, body);
    expect([403, 404], `${path}: ${result.text}`).toContain(result.status);
    expect(result.text, path).not.toContain(MARKER);
  }
  expect(await aState(ctx, p.aId)).toBe(before);
};

export const badgesSweep = {
  "GET /api/smeb/pass/ticket/list": { probe: badgesProbe },
  "GET /api/smeb/pass/ticket/info": { probe: badgesProbe },
  "POST /api/smeb/pass/ticket/save": { probe: badgesProbe },
  "POST /api/smeb/pass/ticket/update": { probe: badgesProbe },
  "POST /api/smeb/pass/ticket/delete": { probe: badgesProbe },
  "POST /api/smeb/pass/ticket/batchDelete": { probe: badgesProbe },
  "GET /api/smeb/pass/ticket/validateMobile": { probe: badgesProbe },
  "GET /api/smeb/pass/ticket/validateEmail": { probe: badgesProbe },
};
