import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { WorksheetItem } from "../../server/api/routes/home";
import type { HomeContentPage } from "../../app/contracts/permission/api-types";
import type { Catalogue } from "../../server/orders/catalogue";
import { appClock } from "../../server/clock";
import { addDays, demoCalendar, enRange, zhRange } from "../../server/seed/demo-calendar";
import { seedDemoData } from "../../server/seed/demo-data";
import { redateDemo } from "../../server/seed/redate-demo";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { exhibitionTime, resetTestClock, testCalendar as cal } from "../support/test-clock";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/** The demo stays live: seeded or re-dated on any day, its deadlines, prices and windows are around that day. */
describe.each(backendsOf(import.meta.url))("demo dates on %s", (backend) => {
  let api: TestApi;
  let std01: string;

  beforeAll(async () => {
    api = await startTestApi(backend);
    std01 = await api.login("std01", "Expo#2026");
  });
  afterAll(async () => {
    resetTestClock();
    await api?.close();
  });

  const worksheet = async (on = { api, ticket: std01 }) => (await on.api.call<WorksheetItem[]>("/smeb/worksheet/worksheet", { ticket: on.ticket })).data;
  const catalogue = async (on = { api, ticket: std01 }) => (await on.api.call<Catalogue>("/smeb/service/service/list", { ticket: on.ticket })).data;

  // std01's demo badges, transport declaration and invoice application make those three items done, whatever the date;
  // the invitation item is weeks ahead and not done (the tests' demo has no rendered invitation); the epidemic declaration is made.
  const LIVE = ["overdue", "dueSoon", "done", "overdue", "dueSoon", "done", "done", "open", "done"];

  it("shows the seeded demo live at TEST_NOW: some items overdue, some due soon, some weeks ahead, advance prices, open windows", async () => {
    expect((await worksheet()).map((i) => i.status)).toEqual(LIVE);
    const list = await catalogue();
    expect(list.onsiteFrom).toBe(cal.opensOn);
    expect(list.list.every((s) => s.price.kind === "advance" && s.orderOpen)).toBe(true);
  });

  it("a year and 60 days later, redate-demo makes the demo's dates, prices, windows and texts live again; running it twice changes nothing", async () => {
    // The demo moves here on a database of its own, so that the file's other tests see it as seeded.
    const own = await startTestApi(backend);
    onTestFinished(async () => {
      resetTestClock();
      await own.close();
    });
    const on = { api: own, ticket: await own.login("std01", "Expo#2026") };
    const later = exhibitionTime(addDays(cal.opensOn, 60 + 365), "15:30:00");
    appClock.freezeAt(later);
    // Before: the show is long over.
    expect((await worksheet(on)).every((i) => i.status === "overdue" || i.status === "done")).toBe(true);
    expect((await catalogue(on)).list.every((s) => s.price.kind === "onsite")).toBe(true);

    const timetableDays = async () =>
      (
        await sql<{ day: string }>`select to_char(service_day, 'YYYY-MM-DD') as day from bus_timetables order by route_id, service_day`.execute(own.db)
      ).rows.map((r) => r.day);
    const daysBefore = await timetableDays();
    expect(daysBefore.length).toBeGreaterThan(0);
    const nightsBefore = (await sql<{ first: string }>`select to_char(first_night, 'YYYY-MM-DD') as first from room_blocks order by id`.execute(own.db)).rows;
    expect(nightsBefore.length).toBeGreaterThan(0);
    const moved = await redateDemo(own.db);
    const calendar = demoCalendar(later);
    // The shuttle timetables moved with the show (records such as orders keep their dates).
    expect(await timetableDays()).toEqual(daysBefore.map((day) => addDays(day, moved.days)));
    const blockNights = (await sql<{ first: string }>`select to_char(first_night, 'YYYY-MM-DD') as first from room_blocks order by id`.execute(own.db)).rows;
    expect(blockNights.map((b) => b.first)).toEqual(nightsBefore.map((b) => addDays(b.first, moved.days)));
    expect(moved.days).toBe(60 + 365 + 15);
    expect(moved.calendar).toEqual(calendar);
    expect((await worksheet(on)).map((i) => i.status)).toEqual(LIVE);
    const list = await catalogue(on);
    expect(list).toMatchObject({ onsiteFrom: calendar.opensOn, advanceUntil: `${calendar.advanceUntil}T23:59:59+08:00` });
    expect(list.list.every((s) => s.price.kind === "advance" && s.orderOpen)).toBe(true);
    const water = await own.db.selectFrom("services").select("order_closes_at").where("code", "=", "water-dn15").executeTakeFirstOrThrow();
    expect(new Date(water.order_closes_at!).toISOString()).toBe(new Date(`${calendar.serviceCloses.water}T00:00:00+08:00`).toISOString());
    const exhibition = await own.db.selectFrom("exhibitions").select(["name_en"]).where("code", "=", "PITF2026").executeTakeFirstOrThrow();
    expect(exhibition.name_en).toBe(`Pengcheng International Smart Technology Fair ${calendar.opensOn.slice(0, 4)}`);
    const premise = (await own.call<HomeContentPage>("/smeb/content/page", { query: { slug: "premise" } })).data;
    expect(premise.body).toContain(`展商入场：${zhRange(calendar.opensOn, calendar.endsOn)}`);
    expect(premise.bodyEn).toContain(`Exhibitor entry: ${enRange(calendar.opensOn, calendar.endsOn)}`);

    expect((await redateDemo(own.db)).days).toBe(0);
    // Seeding again on the moved data adds nothing and moves nothing.
    await seedDemoData(own.db);
    expect((await catalogue(on)).onsiteFrom).toBe(calendar.opensOn);
  });
});
