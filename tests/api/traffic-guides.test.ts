import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BusGuide, BusRoute, CarPark, GuideIntro, ParkingGuide } from "../../app/contracts/traffic-guides/api-types";
import { addDays } from "../../server/seed/demo-calendar";
import { PNG } from "../support/sample-files";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { uploadAs } from "../support/uploads";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * The bus and parking guides (issue 41): the organizer maintains intros, routes with stops and
 * timetables, car parks with a map; bad input is refused per field with nothing saved; exhibitors
 * read only what is shown, never another exhibition's rows, and get 403 on the organizer's calls.
 */
describe.each(backendsOf(import.meta.url))("bus and parking guides on %s", (backend) => {
  let api: TestApi;
  let std01: string;
  let admin: string;

  const post = <T>(path: string, form: Record<string, string>, ticket = admin, lang = "en") => api.call<T>(`/smeb/guides/${path}`, { ticket, form, lang });
  const bus = (ticket: string) => api.call<BusGuide>("/smeb/guides/bus", { ticket });
  const parking = (ticket: string) => api.call<ParkingGuide>("/smeb/guides/parking", { ticket });
  const map = (ticket: string, id: number) => fetch(`${api.baseUrl}/api/smeb/guides/carPark/map?id=${id}`, { headers: { ticket } });
  const counts = async () =>
    Promise.all(
      ["bus_routes", "bus_stops", "bus_timetables", "car_parks"].map(
        async (t) =>
          (
            await api.db
              .selectFrom(t as "car_parks")
              .selectAll()
              .execute()
          ).length,
      ),
    );

  /** The demo's routes and car parks as seeded (other tests add their own; the first test removes them all). */
  const demo = { routeIds: [] as number[], carParkIds: [] as number[] };
  /** Only the rows of `ids`, in the order listed. */
  const only = <T extends { id: number }>(rows: T[], ids: number[]) => rows.filter((r) => ids.includes(r.id));

  /** Notes the bus intro; the answer puts it back as it was (or absent), for a test that sets its own. */
  async function keepBusIntro() {
    const was = await api.db.selectFrom("traffic_guide_intros").selectAll().where("guide", "=", "bus").execute();
    return async () => {
      await api.db.deleteFrom("traffic_guide_intros").where("guide", "=", "bus").execute();
      if (was.length > 0) await api.db.insertInto("traffic_guide_intros").values(was).execute();
    };
  }
  /** A route of the test's own with a timetable on the opening day (as the organizer makes them). */
  async function routeWithTimetable() {
    const route = await post<BusRoute>("route/save", { nameZh: "测试线路", nameEn: "Test route", sort: "1" });
    expect(route.code, route.message).toBe(200);
    const { days } = (await bus(admin)).data;
    const timetable = await post<BusRoute>("timetable/save", {
      routeId: String(route.data.id),
      serviceDay: days.opensOn,
      firstDeparture: "07:30",
      lastDeparture: "18:00",
      intervalMinutes: "20",
    });
    expect(timetable.code, timetable.message).toBe(200);
    return timetable.data;
  }

  beforeAll(async () => {
    api = await startTestApi(backend);
    [std01, admin] = await Promise.all([api.login("std01", "Expo#2026"), api.login("admin", "Admin#2026")]);
    demo.routeIds = (await api.db.selectFrom("bus_routes").select("id").execute()).map((r) => r.id);
    demo.carParkIds = (await api.db.selectFrom("car_parks").select("id").execute()).map((c) => c.id);
  });
  afterAll(() => api?.close());

  it("the demo has two routes running every build-up and show day, three car parks and both intros", async () => {
    // The demo's routes and car parks, whatever other tests added.
    const guide = (await bus(std01)).data;
    const routes = only(guide.routes, demo.routeIds);
    expect(routes).toHaveLength(2);
    for (const route of routes) {
      expect(route.stops.length).toBeGreaterThanOrEqual(3);
      expect(route.timetables[0]!.serviceDay).toBe(guide.days.buildUpFrom);
      expect(route.timetables.at(-1)!.serviceDay).toBe(guide.days.endsOn);
    }
    expect(guide.intro.bodyEn).toContain("## ");
    // The maps need the object store, which the test seed is not given.
    expect(only((await parking(std01)).data.carParks, demo.carParkIds)).toHaveLength(3);
    // The rest starts from empty guides.
    for (const table of ["traffic_guide_intros", "bus_routes", "car_parks"] as const) await api.db.deleteFrom(table).execute();
    expect((await bus(std01)).data).toMatchObject({ intro: { bodyZh: "", bodyEn: "" }, routes: [] });
    expect((await parking(std01)).data).toMatchObject({ intro: { bodyZh: "", bodyEn: "" }, carParks: [] });
  });

  it("the organizer builds both guides; exhibitors read what is shown, in order", async () => {
    const putBackIntro = await keepBusIntro();
    try {
      const intro = await post<GuideIntro>("intro/save", { guide: "bus", bodyZh: "## 班车\n- 免费", bodyEn: "## Shuttles\n- Free" });
      expect(intro.data).toEqual({ guide: "bus", bodyZh: "## 班车\n- 免费", bodyEn: "## Shuttles\n- Free" });

      const metro = await post<BusRoute>("route/save", { nameZh: "地铁站—展馆", nameEn: "Metro ↔ venue", sort: "1" });
      expect(metro.code, metro.message).toBe(200);
      const draft = await post<BusRoute>("route/save", { nameZh: "草稿线路", nameEn: "Draft", sort: "2", hidden: "1" });
      const routeId = String(metro.data.id);
      for (const [sort, name] of [
        ["2", "展馆南门"],
        ["1", "地铁站"],
      ])
        expect((await post("stop/save", { routeId, nameZh: name!, nameEn: name!, sort: sort! })).code).toBe(200);
      const { days } = (await bus(admin)).data;
      const timetable = await post<BusRoute>("timetable/save", {
        routeId,
        serviceDay: days.opensOn,
        firstDeparture: "07:30",
        lastDeparture: "18:00",
        intervalMinutes: "20",
      });
      expect(timetable.code, timetable.message).toBe(200);
      expect(timetable.data.stops.map((s) => s.nameZh)).toEqual(["地铁站", "展馆南门"]);
      expect(timetable.data.timetables).toMatchObject([{ serviceDay: days.opensOn, firstDeparture: "07:30", lastDeparture: "18:00", intervalMinutes: 20 }]);
      expect(
        (await post("timetable/save", { routeId, serviceDay: days.buildUpFrom, firstDeparture: "08:00", lastDeparture: "08:00", intervalMinutes: "1" })).code,
      ).toBe(200);

      const fileUrl = await uploadAs(api, admin, "guide-map", "p1.png", PNG);
      const p1 = await post<CarPark>("carPark/save", {
        nameZh: "P1 停车场",
        nameEn: "P1 car park",
        capacity: "800",
        hoursZh: "7:00-22:00",
        mapUrl: fileUrl,
        sort: "1",
      });
      expect(p1.code, p1.message).toBe(200);
      expect(p1.data).toMatchObject({ capacity: 800, hasMap: true, hidden: false });
      const p9 = await post<CarPark>("carPark/save", { nameZh: "内部", nameEn: "Staff", capacity: "10", sort: "2", hidden: "1" });

      // Another exhibition's rows are never shown.
      const other = await api.db
        .insertInto("exhibitions")
        .values({
          code: "GUIDES-OTHER",
          name_zh: "其他",
          name_en: "Other",
          starts_on: days.opensOn,
          ends_on: days.endsOn,
          venue_zh: "",
          venue_en: "",
          is_current: false,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await api.db.insertInto("bus_routes").values({ exhibition_id: other.id, name_zh: "别的展会", name_en: "Other show" }).execute();
      await api.db.insertInto("car_parks").values({ exhibition_id: other.id, name_zh: "别的展会", name_en: "Other show", capacity: 5 }).execute();

      const routeIds = [metro.data.id, draft.data.id];
      const carParkIds = [p1.data.id, p9.data.id];
      const seenAll = (await bus(std01)).data;
      const seen = { ...seenAll, routes: only(seenAll.routes, routeIds) };
      expect(seen.intro.bodyEn).toBe("## Shuttles\n- Free");
      expect(seen.routes.map((r) => r.nameEn)).toEqual(["Metro ↔ venue"]);
      expect(seenAll.routes.map((r) => r.nameEn)).not.toContain("Other show");
      expect(seen.routes[0]!.timetables.map((t) => t.serviceDay)).toEqual([days.buildUpFrom, days.opensOn]);
      const adminRoutes = (await bus(admin)).data.routes;
      expect(only(adminRoutes, routeIds).map((r) => r.id)).toEqual([metro.data.id, draft.data.id]);
      expect(adminRoutes.map((r) => r.nameEn)).not.toContain("Other show");
      const seenCarParks = (await parking(std01)).data.carParks;
      expect(only(seenCarParks, carParkIds).map((c) => c.nameEn)).toEqual(["P1 car park"]);
      expect(seenCarParks.map((c) => c.nameEn)).not.toContain("Other show");
      const adminCarParks = (await parking(admin)).data.carParks;
      expect(only(adminCarParks, carParkIds).map((c) => c.id)).toEqual([p1.data.id, p9.data.id]);
      expect(adminCarParks.map((c) => c.nameEn)).not.toContain("Other show");

      const picture = await map(std01, p1.data.id);
      expect(picture.status).toBe(200);
      expect(picture.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(await picture.arrayBuffer()).equals(PNG)).toBe(true);
      expect((await map(std01, p9.data.id)).status).toBe(404);

      // Edits and deletes: a route's stops and timetables go with it.
      const edited = await post<CarPark>("carPark/save", { id: String(p1.data.id), nameZh: "P1", nameEn: "P1", capacity: "900" });
      expect(edited.data).toMatchObject({ capacity: 900, hasMap: true });
      expect((await post("route/delete", { id: String(draft.data.id) })).code).toBe(200);
      expect((await post("carPark/delete", { id: String(p9.data.id) })).code).toBe(200);
      const stop = seen.routes[0]!.stops[0]!;
      expect((await post("stop/delete", { id: String(stop.id) })).code).toBe(200);
      expect(only((await bus(admin)).data.routes, routeIds).map((r) => [r.nameEn, r.stops.length])).toEqual([["Metro ↔ venue", 1]]);
    } finally {
      await putBackIntro();
    }
  });

  it("refuses bad input per field, translated, and saves nothing", async () => {
    const { days } = (await bus(admin)).data;
    // A route of its own, with a timetable on the opening day.
    const routeId = String((await routeWithTimetable()).id);
    const before = await counts();
    const late = await post(
      "timetable/save",
      { routeId, serviceDay: days.endsOn, firstDeparture: "18:00", lastDeparture: "07:00", intervalMinutes: "15" },
      admin,
      "zh",
    );
    expect(late.status).toBe(400);
    expect(late.data).toMatchObject({ fields: { lastDeparture: ["trafficGuides.errors.lastBeforeFirst"] } });
    expect(late.message).toBe("末班时间不能早于首班时间");
    for (const day of [addDays(days.buildUpFrom, -1), addDays(days.endsOn, 1)]) {
      const outside = await post("timetable/save", { routeId, serviceDay: day, firstDeparture: "07:00", lastDeparture: "08:00", intervalMinutes: "15" });
      expect(outside.status).toBe(400);
      expect(outside.data).toMatchObject({ fields: { serviceDay: ["trafficGuides.errors.dayOutside"] } });
    }
    const taken = await post("timetable/save", { routeId, serviceDay: days.opensOn, firstDeparture: "07:00", lastDeparture: "08:00", intervalMinutes: "15" });
    expect(taken.status).toBe(409);
    for (const capacity of ["0", "-3", "2.5", "many", ""]) {
      const bad = await post("carPark/save", { nameZh: "P2", nameEn: "P2", capacity }, admin, "zh");
      expect(bad.status, capacity).toBe(400);
      expect(bad.data).toMatchObject({ fields: { capacity: ["trafficGuides.errors.capacity"] } });
    }
    const noName = await post("route/save", { nameZh: " ", nameEn: "X" }, admin, "zh");
    expect(noName.status).toBe(400);
    expect(noName.message).toBe("名称（中文）不能为空");
    const stranger = await post("carPark/save", { nameZh: "P3", nameEn: "P3", capacity: "5", mapUrl: await uploadAs(api, std01, "exhibits-img") });
    expect(stranger.data).toMatchObject({ fields: { mapUrl: ["trafficGuides.errors.notYourFile"] } });
    expect((await post("stop/save", { routeId: "999999", nameZh: "x", nameEn: "x" })).status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it("keeps the organizer's calls to roleId 1", async () => {
    // A route of its own with a timetable, and the bus intro as the organizer wrote it (put back after).
    const route = await routeWithTimetable();
    const routeId = String(route.id);
    const putBackIntro = await keepBusIntro();
    try {
      expect((await post<GuideIntro>("intro/save", { guide: "bus", bodyZh: "## 班车\n- 免费", bodyEn: "## Shuttles\n- Free" })).code).toBe(200);
      const before = await counts();
      const answers = [
        await post("intro/save", { guide: "bus", bodyZh: "B" }, std01),
        await post("route/save", { id: routeId, nameZh: "B", nameEn: "B" }, std01),
        await post("route/delete", { id: routeId }, std01),
        await post("stop/save", { routeId, nameZh: "B", nameEn: "B" }, std01),
        await post("timetable/delete", { id: String(route.timetables[0]!.id) }, std01),
        await post("carPark/save", { nameZh: "B", nameEn: "B", capacity: "1" }, std01),
      ];
      expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403, 403, 403]);
      expect(await counts()).toEqual(before);
      expect((await bus(std01)).data.intro.bodyZh).toBe("## 班车\n- 免费");
    } finally {
      await putBackIntro();
    }
  });
});
