import { expect } from "vitest";
import type { StandardBuildAnswer } from "../../../app/contracts/booth-construction/api-types";
import type { TestApi } from "../../support/test-api";
import { callApiZhRaw, oncePerServer } from "../../support/idor-probe";

/**
 * The standard booth build in the IDOR sweep (tests/api/idor.test.ts): exhibitor B (raw01) naming
 * exhibitor A's (std01) booth on every booth build route gets 404 (or 403), none of A's build, and
 * changes nothing of A's. A's own read of the same build is the control.
 */
type Ctx = { api: TestApi; a: string; b: string; aBoothId: number };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "A-楣板-MARKER-5521";

const call = callApiZhRaw;

const buildForm = (boothId: number, names: string, extra: Record<string, string> = {}) => ({
  boothId: String(boothId),
  intent: "draft",
  fasciaMode: "standard",
  fasciaNameZh: names,
  fasciaNameEn: names,
  extraBoards: "0",
  carpetColour: "grey",
  otherRequirements: names,
  ...extra,
});

/** Per server (the sweep's, or an API test's): A's build carrying the marker, made once. */
const prepare = oncePerServer(async (ctx: Ctx): Promise<{ version: string }> => {
  const found = await call(ctx, ctx.a, `/smeb/boothBuild/find?boothId=${ctx.aBoothId}`);
  expect(found.status, found.text).toBe(200);
  const build = (JSON.parse(found.text).data as StandardBuildAnswer).build;
  if (build.id === null) {
    const created = await call(ctx, ctx.a, "/smeb/boothBuild/create", buildForm(ctx.aBoothId, MARKER));
    expect(created.status, created.text).toBe(200);
  } else if (build.editable) {
    const updated = await call(ctx, ctx.a, "/smeb/boothBuild/update", buildForm(ctx.aBoothId, MARKER, { version: String(build.version) }));
    expect(updated.status, updated.text).toBe(200);
  } else {
    // Seeded as submitted or accepted: the marker goes in directly.
    await ctx.api.db.updateTable("standard_builds").set({ other_requirements: MARKER }).where("id", "=", build.id).execute();
  }
  const control = await call(ctx, ctx.a, `/smeb/boothBuild/find?boothId=${ctx.aBoothId}`);
  expect(control.text).toContain(MARKER);
  return { version: String((JSON.parse(control.text).data as StandardBuildAnswer).build.version) };
});

async function aState(ctx: Ctx) {
  const builds = await ctx.api.db.selectFrom("standard_builds").selectAll().where("booth_id", "=", ctx.aBoothId).execute();
  const events = await ctx.api.db.selectFrom("construction_events").select("id").where("booth_id", "=", ctx.aBoothId).execute();
  return JSON.stringify({ builds, events: events.length });
}

const boothBuildProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aState(ctx);
  for (const [path, body] of [
    [`/smeb/boothBuild/find?boothId=${ctx.aBoothId}`],
    [`/smeb/boothBuild/carpetTime?boothId=${ctx.aBoothId}`],
    ["/smeb/boothBuild/create", buildForm(ctx.aBoothId, "B")],
    ["/smeb/boothBuild/update", buildForm(ctx.aBoothId, "B", { version: p.version })],
    ["/smeb/boothBuild/update", buildForm(ctx.aBoothId, "B", { version: p.version, intent: "submit" })],
  ] as [string, Record<string, string>?][]) {
    const result = await call(ctx, ctx.b, path, body);
    expect([403, 404], `${path}: ${result.text}`).toContain(result.status);
    expect(result.text, path).not.toContain(MARKER);
    expect(result.text, path).not.toContain("1A01");
  }
  expect(await aState(ctx)).toBe(before);
};

export const boothBuildSweep = {
  "GET /api/smeb/boothBuild/find": { probe: boothBuildProbe },
  "GET /api/smeb/boothBuild/carpetTime": { probe: boothBuildProbe },
  "POST /api/smeb/boothBuild/create": { probe: boothBuildProbe },
  "POST /api/smeb/boothBuild/update": { probe: boothBuildProbe },
};
