import { sql } from "kysely";
import { appClock } from "../clock";
import type { Database } from "../db/database";
import { addDays, demoCalendar, demoCalendarForOpening } from "./demo-calendar";
import { DEMO_EXHIBITION_CODE } from "./demo-data";
import { demoExhibitionName, homeContentPages } from "./home-content";
import { demoButtonAuths } from "./menus";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Far beyond any demo's span of days (unique days per route are moved through it). */
const TIMETABLE_DETOUR_DAYS = 100_000;

/**
 * `cli redate-demo`: moves every date of the demo exhibition by whole days so that it is live again
 * as if seeded on today's date (business time): opening, show days, advance prices, service order
 * windows, checklist deadlines, build-up and dismantling days, the shuttle timetables, the hotels'
 * cut-off days and room block nights, the demo buttons' windows and the dates written in the content
 * pages. Orders, profiles, requests and other records keep their dates. Only the demo exhibition
 * (code PITF2026) is touched; a real exhibition's dates are the organizer's.
 */
export async function redateDemo(db: Database, now = appClock.now()) {
  const exhibition = await db
    .selectFrom("exhibitions")
    .select(["id", sql<string>`to_char(starts_on, 'YYYY-MM-DD')`.as("opens_on")])
    .where("code", "=", DEMO_EXHIBITION_CODE)
    .executeTakeFirst();
  if (!exhibition) throw new Error("There is no demo exhibition in this database (run `npm run db:seed` first).");
  const before = demoCalendarForOpening(exhibition.opens_on);
  const after = demoCalendar(now);
  const days = Math.round((Date.parse(after.seededOn) - Date.parse(before.seededOn)) / DAY_MS);
  if (days === 0) return { days, calendar: after };
  const shift = (column: string) => sql<Date>`${sql.ref(column)} + make_interval(days => ${days})`;
  const name = demoExhibitionName(after);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("exhibitions")
      .set({ starts_on: after.opensOn, ends_on: after.endsOn, name_zh: name.zh, name_en: name.en })
      .where("id", "=", exhibition.id)
      .execute();
    await trx
      .updateTable("service_price_dates")
      .set({ advance_until: sql<string>`advance_until + ${days}::int` })
      .where("exhibition_id", "=", exhibition.id)
      .execute();
    await trx
      .updateTable("services")
      .set({ order_opens_at: shift("order_opens_at"), order_closes_at: shift("order_closes_at") })
      .where("exhibition_id", "=", exhibition.id)
      .execute();
    await trx
      .updateTable("schedule_items")
      .set({ deadline: shift("deadline") })
      .where("exhibition_id", "=", exhibition.id)
      .execute();
    await trx
      .updateTable("construction_settings")
      .set({
        build_up_from: sql<string>`build_up_from + ${days}::int`,
        build_up_to: sql<string>`build_up_to + ${days}::int`,
        dismantle_from: sql<string>`dismantle_from + ${days}::int`,
        dismantle_to: sql<string>`dismantle_to + ${days}::int`,
      })
      .where("exhibition_id", "=", exhibition.id)
      .execute();
    // The shuttle timetables run on the show's days (one row per route and day: moved out of the way
    // first, so no row meets another's old day on the way).
    for (const by of [days + TIMETABLE_DETOUR_DAYS, -TIMETABLE_DETOUR_DAYS]) {
      await trx
        .updateTable("bus_timetables")
        .set({ service_day: sql<string>`service_day + ${by}::int` })
        .where("route_id", "in", trx.selectFrom("bus_routes").select("id").where("exhibition_id", "=", exhibition.id))
        .execute();
    }
    // The partner hotels' cut-off days and their room blocks' nights follow the show (requests are records: kept).
    await trx
      .updateTable("hotels")
      .set({ cancel_until: sql<string>`cancel_until + ${days}::int` })
      .where("exhibition_id", "=", exhibition.id)
      .execute();
    await trx
      .updateTable("room_blocks")
      .set({ first_night: sql<string>`first_night + ${days}::int`, last_night: sql<string>`last_night + ${days}::int` })
      .where("hotel_id", "in", trx.selectFrom("hotels").select("id").where("exhibition_id", "=", exhibition.id))
      .execute();
    await trx
      .updateTable("button_auths")
      .set({ effect_start: shift("effect_start"), effect_end: shift("effect_end") })
      .where(
        "id",
        "in",
        demoButtonAuths().map((b) => b.id),
      )
      .execute();
    for (const page of homeContentPages(after)) {
      await trx
        .updateTable("content_pages")
        .set({ body_zh: page.body_zh, body_en: page.body_en })
        .where("exhibition_id", "=", exhibition.id)
        .where("slug", "=", page.slug)
        .execute();
    }
  });
  return { days, calendar: after, previousOpening: before.opensOn, newOpening: addDays(before.opensOn, days) };
}
