import { expect } from "vitest";
import { idCardCheckChar } from "../../../app/contracts/badges/id-documents";
import type { TestApi } from "../../support/test-api";
import { uploadAs } from "../../support/uploads";
import { callApiZhRaw } from "../../support/idor-probe";

/**
 * The badges' part of the IDOR sweep (tests/api/idor.test.ts): exhibitor B (raw01) naming exhibitor
 * A's (std01) badge gets 404, none of A's data, and changes nothing of A's; a new badge of B's
 * naming A's booth or A's photo is refused (404) and not saved.
 */
type Ctx = { api: TestApi; a: string; b: string };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "A-证件-MARKER-7731";

const call = callApiZhRaw;

let prepared: Promise<{ aId: number; badgeId: string; version: string; boothId: string; photoUrl: string }> | null = null;
/** A's badge, with a photo of A's, and a marker B must never see; made once per sweep. */
function prepare(ctx: Ctx) {
  prepared ??= (async () => {
    const first17 = "44030419900101777";
    // The badge photo folder: B's save must be refused for the owner, not for the folder.
    const photoUrl = await uploadAs(ctx.api, ctx.a, "icon", "a-photo.png");
    const saved = await call(ctx, ctx.a, "/smeb/pass/ticket/save", {
      holderName: MARKER,
      idType: "idCard",
      idNumber: `${first17}${idCardCheckChar(first17)}`,
      mobile: "13977770001",
      email: "idor-a@example.com",
      company: MARKER,
      photoUrl,
    });
    expect(saved.status, saved.text).toBe(200);
    const a = await ctx.api.db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirstOrThrow();
    const data = JSON.parse(saved.text).data as { id: number; version: number };
    const badge = await ctx.api.db.selectFrom("badges").select("booth_id").where("id", "=", data.id).executeTakeFirstOrThrow();
    return { aId: a.id, badgeId: String(data.id), version: String(data.version), boothId: String(badge.booth_id), photoUrl };
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
  // A badge of B's own (B's booth and B's data otherwise) with A's photo, or on A's booth: 404, nothing saved.
  const badges = async () => (await ctx.api.db.selectFrom("badges").select("id").execute()).length;
  const count = await badges();
  for (const named of <Record<string, string>[]>[{ photoUrl: p.photoUrl }, { boothId: p.boothId }]) {
    const result = await call(ctx, ctx.b, "/smeb/pass/ticket/save", { ...form, ...named });
    expect(result.status, `save with ${Object.keys(named)[0]}: ${result.text}`).toBe(404);
    // Refused for the field that names A's, not for anything else in B's form.
    expect(Object.keys((JSON.parse(result.text) as { data: { fields?: object } | null }).data?.fields ?? {})).toEqual(Object.keys(named));
    expect(result.text).not.toContain(MARKER);
    expect(result.text).not.toContain(p.photoUrl);
  }
  expect(await badges()).toBe(count);
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
