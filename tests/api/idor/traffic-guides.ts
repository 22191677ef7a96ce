import { expect } from "vitest";
import { PNG } from "../../support/sample-files";
import { portalClient } from "../../support/portal-client";
import type { TestApi } from "../../support/test-api";
import { uploadAs } from "../../support/uploads";
import { callApi } from "../../support/idor-probe";

/**
 * The bus and parking guides (issue 41) in the IDOR sweep (tests/api/idor.test.ts): the guides are
 * the exhibition's, read by every exhibitor, maintained by the organizer. Exhibitor B (raw01)
 * holding the ids of a hidden route and a hidden car park reads neither (the map: 404) and changes
 * nothing: the organizer's endpoints answer 403 and its page /401.
 */
type Ctx = { api: TestApi; a: string; b: string; admin: string };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "隐藏指南-MARKER-7312";

const call = callApi;

type Made = { routeId: string; stopId: string; dayId: string; parkId: string; day: string };
let prepared: Promise<Made> | null = null;
/** A hidden route with a stop and a day, and a hidden car park with a map, named with the marker; made once per sweep. */
function prepare(ctx: Ctx) {
  prepared ??= (async () => {
    const dataOf = <T>(answer: { status: number; text: string }) => {
      expect(answer.status, answer.text).toBe(200);
      return (JSON.parse(answer.text) as { data: T }).data;
    };
    const route = dataOf<{ id: number }>(await call(ctx, ctx.admin, "/smeb/guides/route/save", { nameZh: MARKER, nameEn: MARKER, hidden: "1" }));
    const routeId = String(route.id);
    const { days } = dataOf<{ days: { opensOn: string } }>(await call(ctx, ctx.admin, "/smeb/guides/bus"));
    await call(ctx, ctx.admin, "/smeb/guides/stop/save", { routeId, nameZh: MARKER, nameEn: MARKER });
    const full = dataOf<{ stops: { id: number }[]; timetables: { id: number }[] }>(
      await call(ctx, ctx.admin, "/smeb/guides/timetable/save", {
        routeId,
        serviceDay: days.opensOn,
        firstDeparture: "08:00",
        lastDeparture: "09:00",
        intervalMinutes: "30",
      }),
    );
    const mapUrl = await uploadAs(ctx.api, ctx.admin, "guide-map", "hidden.png", PNG);
    const park = dataOf<{ id: number }>(
      await call(ctx, ctx.admin, "/smeb/guides/carPark/save", { nameZh: MARKER, nameEn: MARKER, capacity: "9", hidden: "1", mapUrl }),
    );
    return { routeId, stopId: String(full.stops[0]!.id), dayId: String(full.timetables[0]!.id), parkId: String(park.id), day: days.opensOn };
  })();
  return prepared;
}

const state = async (ctx: Ctx) =>
  JSON.stringify(
    await Promise.all(
      (["traffic_guide_intros", "bus_routes", "bus_stops", "bus_timetables", "car_parks"] as const).map((table) =>
        ctx.api.db.selectFrom(table).selectAll().execute(),
      ),
    ),
  );

const apiProbe: Probe = async (ctx) => {
  const made = await prepare(ctx);
  const before = await state(ctx);
  const reads = [
    await call(ctx, ctx.b, "/smeb/guides/bus"),
    await call(ctx, ctx.b, "/smeb/guides/parking"),
    await call(ctx, ctx.b, `/smeb/guides/carPark/map?id=${made.parkId}`),
  ];
  for (const answer of reads) expect(answer.text).not.toContain(MARKER);
  expect(reads.map((a) => a.status)).toEqual([200, 200, 404]);
  const writes = [
    await call(ctx, ctx.b, "/smeb/guides/intro/save", { guide: "bus", bodyZh: "B" }),
    await call(ctx, ctx.b, "/smeb/guides/route/save", { id: made.routeId, nameZh: "B", nameEn: "B" }),
    await call(ctx, ctx.b, "/smeb/guides/route/delete", { id: made.routeId }),
    await call(ctx, ctx.b, "/smeb/guides/stop/save", { id: made.stopId, routeId: made.routeId, nameZh: "B", nameEn: "B" }),
    await call(ctx, ctx.b, "/smeb/guides/stop/delete", { id: made.stopId }),
    await call(ctx, ctx.b, "/smeb/guides/timetable/save", {
      id: made.dayId,
      routeId: made.routeId,
      serviceDay: made.day,
      firstDeparture: "01:00",
      lastDeparture: "02:00",
      intervalMinutes: "5",
    }),
    await call(ctx, ctx.b, "/smeb/guides/timetable/delete", { id: made.dayId }),
    await call(ctx, ctx.b, "/smeb/guides/carPark/save", { id: made.parkId, nameZh: "B", nameEn: "B", capacity: "1" }),
    await call(ctx, ctx.b, "/smeb/guides/carPark/delete", { id: made.parkId }),
  ];
  expect(writes.map((a) => a.status)).toEqual(Array(writes.length).fill(403));
  expect(await state(ctx)).toBe(before);
  // Control: the organizer sees them.
  expect((await call(ctx, ctx.admin, "/smeb/guides/bus")).text).toContain(MARKER);
  expect((await call(ctx, ctx.admin, `/smeb/guides/carPark/map?id=${made.parkId}`)).status).toBe(200);
};

const pageProbe: Probe = async (ctx) => {
  const made = await prepare(ctx);
  const before = await state(ctx);
  const browser = portalClient(ctx.api.baseUrl);
  await browser.signIn("raw01", "Expo#2026");
  for (const path of ["/HT/busGuide", "/HT/parkingGuide"]) {
    const page = await browser.request(path);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain(MARKER);
  }
  expect((await browser.request(`/HT/parkingGuide/map/${made.parkId}`)).status).toBe(404);
  const admin = await browser.request(`/HT/guides?park=${made.parkId}`);
  expect(admin.status).toBe(302);
  expect(admin.headers.get("location")).toBe("/401");
  const posted = await browser.request("/HT/guides", {
    body: new URLSearchParams({ intent: "deleteCarPark", id: made.parkId }),
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(posted.status).toBe(302);
  expect(posted.headers.get("location")).toBe("/401");
  expect(await state(ctx)).toBe(before);
};

export const trafficGuidesSweep = {
  "GET /api/smeb/guides/bus": { probe: apiProbe },
  "GET /api/smeb/guides/parking": { probe: apiProbe },
  "GET /api/smeb/guides/carPark/map": { probe: apiProbe },
  "POST /api/smeb/guides/intro/save": { probe: apiProbe },
  "POST /api/smeb/guides/route/save": { probe: apiProbe },
  "POST /api/smeb/guides/route/delete": { probe: apiProbe },
  "POST /api/smeb/guides/stop/save": { probe: apiProbe },
  "POST /api/smeb/guides/stop/delete": { probe: apiProbe },
  "POST /api/smeb/guides/timetable/save": { probe: apiProbe },
  "POST /api/smeb/guides/timetable/delete": { probe: apiProbe },
  "POST /api/smeb/guides/carPark/save": { probe: apiProbe },
  "POST /api/smeb/guides/carPark/delete": { probe: apiProbe },
  "routes/_shell.HT": { noOwnedId: "the /HT area's guard: acts on the caller's own session, reads no id" },
  "routes/_shell.HT._index": { noOwnedId: "a redirect to the area's first page; reads no id" },
  "routes/_shell.HT.busGuide": { probe: pageProbe },
  "routes/_shell.HT.parkingGuide": { probe: pageProbe },
  "routes/HT.parkingGuide.map.$id": { probe: pageProbe },
  "routes/_shell.HT.guides": { probe: pageProbe },
};
