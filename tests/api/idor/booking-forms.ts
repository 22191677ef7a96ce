import { testCalendar as cal } from "../../support/test-clock";
import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import type { TestApi } from "../../support/test-api";
import { insertStoredFile, userIdOf } from "../../support/stored-files";
import { callApi } from "../../support/idor-probe";

/**
 * The offline booking forms' part of the IDOR sweep (tests/api/idor.test.ts): exhibitor B (raw01)
 * naming exhibitor A's (std01) application, booth, commitment or file gets 403/404, none of A's
 * data, and changes nothing of A's, through the API or the pages (in Chinese: the booking menus
 * are hidden in English, docs/product.md § Menus and page access).
 */
type Ctx = { api: TestApi; a: string; b: string; admin: string };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "A-空压-MARKER-5521";

const call = callApi;

async function fileOf(ctx: Ctx, username: string, folder: string) {
  return (await insertStoredFile(ctx.api.db, { ownerUserId: await userIdOf(ctx.api.db, username), folder, name: `${MARKER}.png` })).url;
}

type Prepared = { aId: number; aBooth: string; bBooth: string; appId: string; leakageId: string; aMap: string; aScan: string; bMap: string; bScan: string };
let prepared: Promise<Prepared> | null = null;
/** A's application, map and commitment, each with a marker B must never see; made once per sweep. */
function prepare(ctx: Ctx) {
  prepared ??= (async () => {
    const booth = async (no: string) => String((await ctx.api.db.selectFrom("booths").select("id").where("booth_no", "=", no).executeTakeFirstOrThrow()).id);
    const [aBooth, bBooth] = [await booth("1A01"), await booth("2B10")];
    const [aMap, aScan, bMap, bScan] = [
      await fileOf(ctx, "std01", "eletricbox-img"),
      await fileOf(ctx, "std01", "leakage-electric"),
      await fileOf(ctx, "raw01", "eletricbox-img"),
      await fileOf(ctx, "raw01", "leakage-electric"),
    ];
    const app = await call(ctx, ctx.a, "/smeb/booking/airCompressor/save", {
      boothId: aBooth,
      flow: "1.0",
      pressure: "0.8",
      quantity: "1",
      startDate: cal.rawMoveIn.from,
      endDate: cal.rawMoveIn.to,
      contactName: MARKER,
      contactPhone: "13812345678",
    });
    expect(app.status, app.text).toBe(200);
    expect((await call(ctx, ctx.a, "/smeb/booking/electricboxImg/save", { boothId: aBooth, fileUrl: aMap })).status).toBe(200);
    const leak = await call(ctx, ctx.a, "/smeb/booking/leakageElectric/save", {
      boothId: aBooth,
      equipmentName: MARKER,
      powerKw: "5",
      reason: MARKER,
      readRules: "on",
      signerName: "A",
      scanUrl: aScan,
    });
    expect(leak.status, leak.text).toBe(200);
    const a = await ctx.api.db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirstOrThrow();
    return {
      aId: a.id,
      aBooth,
      bBooth,
      appId: String(JSON.parse(app.text).data.id),
      leakageId: String(JSON.parse(leak.text).data.id),
      aMap,
      aScan,
      bMap,
      bScan,
    };
  })();
  return prepared;
}

/** Everything of A's that these forms could change. */
async function aState(ctx: Ctx, aId: number) {
  const apps = await ctx.api.db
    .selectFrom("air_compressor_applications")
    .select(["id", "status", "version", "booth_id"])
    .where("user_id", "=", aId)
    .orderBy("id")
    .execute();
  const maps = await ctx.api.db.selectFrom("electricbox_images").select(["booth_id", "file_id", "version"]).where("user_id", "=", aId).execute();
  const leaks = await ctx.api.db
    .selectFrom("leakage_commitments")
    .select(["id", "version", "booth_id", "equipment_name", "scan_file_id"])
    .where("user_id", "=", aId)
    .orderBy("id")
    .execute();
  const byOthers = await ctx.api.db.selectFrom("air_compressor_applications").select("id").where("booth_no", "=", "1A01").where("user_id", "!=", aId).execute();
  return JSON.stringify({ apps, maps, leaks, byOthers });
}

async function expectRefusals(ctx: Ctx, requests: [string, Record<string, string>?][]) {
  const p = await prepare(ctx);
  const before = await aState(ctx, p.aId);
  for (const [path, form] of requests) {
    const result = await call(ctx, ctx.b, path, form);
    expect([403, 404], `${path}: ${result.text}`).toContain(result.status);
    expect(result.text, path).not.toContain(MARKER);
  }
  expect(await aState(ctx, p.aId)).toBe(before);
}

const airProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const list = await call(ctx, ctx.b, `/smeb/booking/airCompressor/list?userId=${p.aId}`);
  expect(list.text).not.toContain(MARKER);
  await expectRefusals(ctx, [
    [`/smeb/booking/airCompressor/detail?id=${p.appId}`],
    ["/smeb/booking/airCompressor/cancel", { id: p.appId }],
    [
      "/smeb/booking/airCompressor/save",
      {
        boothId: p.aBooth,
        flow: "1.0",
        pressure: "0.8",
        quantity: "1",
        startDate: cal.rawMoveIn.from,
        endDate: cal.rawMoveIn.to,
        contactName: "B",
        contactPhone: "13812345678",
      },
    ],
  ]);
  // Control: the owner reads it.
  expect((await call(ctx, ctx.a, `/smeb/booking/airCompressor/detail?id=${p.appId}`)).text).toContain(MARKER);
};

const mapProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const list = await call(ctx, ctx.b, `/smeb/booking/electricboxImg/list?boothId=${p.aBooth}`);
  expect(list.text).not.toContain(p.aMap);
  await expectRefusals(ctx, [
    [`/smeb/booking/electricboxImg/detail?boothId=${p.aBooth}`],
    [`/smeb/booking/electricboxImg/template?boothId=${p.aBooth}`],
    ["/smeb/booking/electricboxImg/save", { boothId: p.aBooth, fileUrl: p.bMap }],
    // B's own booth with A's file: A's file is not B's to attach.
    ["/smeb/booking/electricboxImg/save", { boothId: p.bBooth, fileUrl: p.aMap }],
    ["/smeb/booking/electricboxImg/delete", { boothId: p.aBooth }],
  ]);
  expect((await call(ctx, ctx.a, `/smeb/booking/electricboxImg/detail?boothId=${p.aBooth}`)).text).toContain(p.aMap);
};

const leakageProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const list = await call(ctx, ctx.b, `/smeb/booking/leakageElectric/list?userId=${p.aId}`);
  expect(list.text).not.toContain(MARKER);
  const input = { equipmentName: "B-hijack", powerKw: "1", reason: "B", readRules: "on", signerName: "B" };
  await expectRefusals(ctx, [
    [`/smeb/booking/leakageElectric/detail?id=${p.leakageId}`],
    ["/smeb/booking/leakageElectric/update", { ...input, id: p.leakageId, version: "0", boothId: p.bBooth, scanUrl: p.bScan }],
    ["/smeb/booking/leakageElectric/delete", { id: p.leakageId }],
    ["/smeb/booking/leakageElectric/save", { ...input, boothId: p.aBooth, scanUrl: p.bScan }],
    ["/smeb/booking/leakageElectric/save", { ...input, boothId: p.bBooth, scanUrl: p.aScan }],
  ]);
  expect((await call(ctx, ctx.a, `/smeb/booking/leakageElectric/detail?id=${p.leakageId}`)).text).toContain(MARKER);
};

const pagesProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aState(ctx, p.aId);
  const browser = portalClient(ctx.api.baseUrl);
  browser.jar.set("lng", "zh");
  await browser.signIn("raw01", "Expo#2026");
  // Reachable for B at all (in zh), so the checks below are about A's ids, not the menu.
  expect((await browser.request("/bookingService/LeakageElectric")).status).toBe(200);
  for (const path of [
    `/bookingService/offlineBookingService/airCompressorService?id=${p.appId}&userId=${p.aId}`,
    `/bookingService/electricboxImg?delete=${p.aBooth}`,
    `/bookingService/electricboxImg/template?boothId=${p.aBooth}`,
    `/bookingService/LeakageElectric?id=${p.leakageId}`,
    `/bookingService/LeakageElectric?edit=${p.leakageId}`,
    `/bookingService/LeakageElectric?delete=${p.leakageId}`,
  ]) {
    const page = await browser.request(path);
    const body = await page.text();
    expect(body, path).not.toContain(MARKER);
    expect(body, path).not.toContain(p.aMap);
  }
  const same = { "sec-fetch-site": "same-origin" };
  for (const [path, form] of [
    ["/bookingService/offlineBookingService/airCompressorService", { intent: "cancel", id: p.appId }],
    ["/bookingService/electricboxImg", { intent: "delete", boothId: p.aBooth }],
    ["/bookingService/electricboxImg", { intent: "save", boothId: p.aBooth, fileUrl: p.bMap }],
    ["/bookingService/LeakageElectric", { intent: "delete", id: p.leakageId }],
    [
      "/bookingService/LeakageElectric",
      {
        intent: "save",
        id: p.leakageId,
        version: "0",
        boothId: p.bBooth,
        equipmentName: "B",
        powerKw: "1",
        reason: "B",
        readRules: "on",
        signerName: "B",
        scanUrl: p.bScan,
      },
    ],
  ] as const) {
    const response = await browser.request(path, { body: new URLSearchParams(form), headers: same });
    expect(response.status, path).not.toBe(200);
    expect(await response.text(), path).not.toContain(MARKER);
  }
  expect(await aState(ctx, p.aId)).toBe(before);
};

export const bookingFormsSweep = {
  "GET /api/smeb/booking/booths": { noOwnedId: "the caller's own booths, from the session; no id is read" },
  "GET /api/index/judge": { noOwnedId: "answers for the session's own booth; no id is read" },
  "GET /api/smeb/booking/airCompressor/list": { probe: airProbe },
  "GET /api/smeb/booking/airCompressor/detail": { probe: airProbe },
  "POST /api/smeb/booking/airCompressor/save": { probe: airProbe },
  "POST /api/smeb/booking/airCompressor/cancel": { probe: airProbe },
  "GET /api/smeb/booking/electricboxImg/list": { probe: mapProbe },
  "GET /api/smeb/booking/electricboxImg/detail": { probe: mapProbe },
  "GET /api/smeb/booking/electricboxImg/template": { probe: mapProbe },
  "POST /api/smeb/booking/electricboxImg/save": { probe: mapProbe },
  "POST /api/smeb/booking/electricboxImg/delete": { probe: mapProbe },
  "GET /api/smeb/booking/leakageElectric/list": { probe: leakageProbe },
  "GET /api/smeb/booking/leakageElectric/detail": { probe: leakageProbe },
  "POST /api/smeb/booking/leakageElectric/save": { probe: leakageProbe },
  "POST /api/smeb/booking/leakageElectric/update": { probe: leakageProbe },
  "POST /api/smeb/booking/leakageElectric/delete": { probe: leakageProbe },
  "routes/_shell.bookingService.offlineBookingService.airCompressorService": { probe: pagesProbe },
  "routes/_shell.bookingService.electricboxImg": { probe: pagesProbe },
  "routes/_shell.bookingService.LeakageElectric": { probe: pagesProbe },
  "routes/bookingService.electricboxImg.template": { probe: pagesProbe },
};
