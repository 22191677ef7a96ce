import { expect } from "vitest";
import type { TestApi } from "../../support/test-api";
import { uploadAs } from "../../support/uploads";
import { callApiZhRaw, oncePerServer } from "../../support/idor-probe";

/**
 * The special booth's drawings and the organizer's construction review in the IDOR sweep
 * (tests/api/idor.test.ts). A (std01) has a standard booth and so no drawings; the drawings are
 * B's (raw01, raw space 2B12), so the probe runs the other way round: A naming B's booth gets
 * 403/404, none of B's data and saves nothing (and B naming A's booth the same). On the review
 * routes every non-organizer, B included, gets 403 and decides nothing; the organizer is the control.
 */
type Ctx = { api: TestApi; a: string; b: string; admin: string; carrier: string };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "B-图纸-MARKER-5521";

const call = callApiZhRaw;

/** A drawing file of `ticket`'s own, uploaded the way the browser does. */
const ownDrawingFile = (ctx: Ctx, ticket: string, name: string) => uploadAs(ctx.api, ticket, "booth-drawing", name);

type Prepared = { bBoothId: string; aBoothId: string; drawingId: string; aFile: string; bFile: string };
/** B's drawing with a marker in its note, made once per server (the sweep's, or a test file's). */
const prepare = oncePerServer(async (ctx: Ctx): Promise<Prepared> => {
  const booths = await ctx.api.db.selectFrom("booths").select(["id", "booth_no"]).where("booth_no", "in", ["1A01", "2B12"]).execute();
  const bBoothId = String(booths.find((b) => b.booth_no === "2B12")!.id);
  const aBoothId = String(booths.find((b) => b.booth_no === "1A01")!.id);
  const bFile = await ownDrawingFile(ctx, ctx.b, "b-qualification.png");
  const saved = await call(ctx, ctx.b, "/smeb/boothBuild/drawing/upload", { boothId: bBoothId, kind: "qualification", fileUrl: bFile, note: MARKER });
  expect(saved.status, saved.text).toBe(200);
  const drawingId = String((JSON.parse(saved.text).data as { drawings: { qualification: { id: number }[] } }).drawings.qualification[0]!.id);
  return { bBoothId, aBoothId, drawingId, aFile: await ownDrawingFile(ctx, ctx.a, "a-design.png"), bFile };
});

async function bState(ctx: Ctx, boothId: string) {
  const rows = await ctx.api.db
    .selectFrom("booth_drawings")
    .select(["id", "version", "status", "review_comment", "file_id"])
    .where("booth_id", "=", Number(boothId))
    .orderBy("id")
    .execute();
  const events = await ctx.api.db.selectFrom("construction_events").select("id").where("booth_id", "=", Number(boothId)).execute();
  return JSON.stringify({ rows, events: events.length });
}

const refused = (path: string, result: { status: number; text: string }) => {
  expect([403, 404], `${path}: ${result.text}`).toContain(result.status);
  expect(result.text, path).not.toContain(MARKER);
};

const drawingProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  // Control: B reads its own booth's drawings, so the refusals below are about ownership.
  const control = await call(ctx, ctx.b, `/smeb/boothBuild/drawing/list?boothId=${p.bBoothId}`);
  expect(control.status).toBe(200);
  expect(control.text).toContain(MARKER);

  const before = await bState(ctx, p.bBoothId);
  for (const ticket of [ctx.a, ctx.carrier]) {
    refused("list", await call(ctx, ticket, `/smeb/boothBuild/drawing/list?boothId=${p.bBoothId}`));
    for (const fileUrl of [p.aFile, p.bFile]) {
      refused("upload", await call(ctx, ticket, "/smeb/boothBuild/drawing/upload", { boothId: p.bBoothId, kind: "design", fileUrl, note: "A's" }));
    }
  }
  // B naming A's booth: an unknown booth to B.
  refused("list A", await call(ctx, ctx.b, `/smeb/boothBuild/drawing/list?boothId=${p.aBoothId}`));
  refused("upload A", await call(ctx, ctx.b, "/smeb/boothBuild/drawing/upload", { boothId: p.aBoothId, kind: "design", fileUrl: p.bFile }));
  expect(await bState(ctx, p.bBoothId)).toBe(before);
  expect(await ctx.api.db.selectFrom("booth_drawings").select("id").where("booth_id", "=", Number(p.aBoothId)).execute()).toEqual([]);
};

const reviewProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  // Control: the organizer sees B's drawing in the queue and its history.
  const control = await call(ctx, ctx.admin, "/smeb/boothBuild/review/list?subject=drawing&pageSize=50");
  expect(control.status).toBe(200);
  expect(control.text).toContain(MARKER);
  expect((await call(ctx, ctx.admin, `/smeb/boothBuild/review/history?subject=drawing&id=${p.drawingId}`)).text).toContain(MARKER);
  expect((await call(ctx, ctx.admin, `/smeb/boothBuild/review/info?subject=drawing&id=${p.drawingId}`)).text).toContain(MARKER);

  const before = await bState(ctx, p.bBoothId);
  for (const ticket of [ctx.b, ctx.a, ctx.carrier]) {
    for (const [path, body] of [
      ["/smeb/boothBuild/review/list?subject=drawing&pageSize=50"],
      ["/smeb/boothBuild/review/list?keyword=2B12"],
      [`/smeb/boothBuild/review/history?subject=drawing&id=${p.drawingId}`],
      [`/smeb/boothBuild/review/info?subject=drawing&id=${p.drawingId}`],
      ["/smeb/boothBuild/review/export"],
      ["/smeb/boothBuild/review/decide", { subject: "drawing", id: p.drawingId, decision: "approve" }],
      ["/smeb/boothBuild/review/decide", { subject: "drawing", id: p.drawingId, decision: "return", comment: "B" }],
    ] as [string, Record<string, string>?][]) {
      const result = await call(ctx, ticket, path, body);
      expect(result.status, `${path}: ${result.text}`).toBe(403);
      expect(result.text, path).not.toContain(MARKER);
    }
  }
  expect(await bState(ctx, p.bBoothId)).toBe(before);
};

export const boothReviewSweep = {
  "GET /api/smeb/boothBuild/drawing/list": { probe: drawingProbe },
  "POST /api/smeb/boothBuild/drawing/upload": { probe: drawingProbe },
  "GET /api/smeb/boothBuild/review/list": { probe: reviewProbe },
  "POST /api/smeb/boothBuild/review/decide": { probe: reviewProbe },
  "GET /api/smeb/boothBuild/review/history": { probe: reviewProbe },
  "GET /api/smeb/boothBuild/review/info": { probe: reviewProbe },
  "GET /api/smeb/boothBuild/review/export": { probe: reviewProbe },
};
