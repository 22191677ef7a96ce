import { sql } from "kysely";
import { isOrganizer } from "../../app/contracts/permission/roles";
import type { BusRoute } from "../../app/contracts/traffic-guides/api-types";
import { ApiCode, fieldError } from "../api/envelope";
import type { Database } from "../db/database";
import { guideDays, guideNotFound, type Who } from "./common";

/**
 * The bus guide (issue 41): the exhibition's shuttle routes, each with its stops in order and one
 * timetable per day (first and last departure, every N minutes). Exhibitors read the shown routes;
 * the organizer sees hidden ones too and maintains them. A timetable's day is one of the
 * exhibition's build-up or show days, one per route and day.
 */
export async function listRoutes(db: Database, who: Who, onlyId?: number): Promise<BusRoute[]> {
  const routes = await db
    .selectFrom("bus_routes")
    .selectAll()
    .where("exhibition_id", "=", who.exhibitionId)
    .$if(!isOrganizer(who.roleId), (q) => q.where("hidden", "=", false))
    .$if(onlyId !== undefined, (q) => q.where("id", "=", onlyId!))
    .orderBy("sort")
    .orderBy("id")
    .execute();
  if (!routes.length) return [];
  const ids = routes.map((r) => r.id);
  const [stops, timetables] = await Promise.all([
    db.selectFrom("bus_stops").selectAll().where("route_id", "in", ids).orderBy("sort").orderBy("id").execute(),
    db
      .selectFrom("bus_timetables")
      .select(["id", "route_id", "first_departure", "last_departure", "interval_minutes", sql<string>`to_char(service_day, 'YYYY-MM-DD')`.as("day")])
      .where("route_id", "in", ids)
      .orderBy("service_day")
      .execute(),
  ]);
  return routes.map((r) => ({
    id: r.id,
    nameZh: r.name_zh,
    nameEn: r.name_en,
    noteZh: r.note_zh,
    noteEn: r.note_en,
    sort: r.sort,
    hidden: r.hidden,
    stops: stops
      .filter((s) => s.route_id === r.id)
      .map((s) => ({ id: s.id, routeId: s.route_id, nameZh: s.name_zh, nameEn: s.name_en, addressZh: s.address_zh, addressEn: s.address_en, sort: s.sort })),
    timetables: timetables
      .filter((t) => t.route_id === r.id)
      .map((t) => ({
        id: t.id,
        routeId: t.route_id,
        serviceDay: t.day,
        firstDeparture: t.first_departure,
        lastDeparture: t.last_departure,
        intervalMinutes: t.interval_minutes,
      })),
  }));
}

async function routeOf(db: Database, who: Who, routeId: number, field?: string): Promise<BusRoute> {
  const [route] = await listRoutes(db, who, routeId);
  if (!route) throw guideNotFound(field);
  return route;
}

type RouteInput = { id?: number; nameZh: string; nameEn: string; noteZh?: string; noteEn?: string; sort: number; hidden: boolean };

export async function saveRoute(db: Database, who: Who, input: RouteInput): Promise<BusRoute> {
  const values = {
    name_zh: input.nameZh,
    name_en: input.nameEn,
    note_zh: input.noteZh ?? "",
    note_en: input.noteEn ?? "",
    sort: input.sort,
    hidden: input.hidden,
  };
  if (input.id === undefined) {
    const row = await db
      .insertInto("bus_routes")
      .values({ exhibition_id: who.exhibitionId, ...values })
      .returning("id")
      .executeTakeFirstOrThrow();
    return routeOf(db, who, row.id);
  }
  const row = await db
    .updateTable("bus_routes")
    .set({ ...values, updated_at: sql`now()` })
    .where("id", "=", input.id)
    .where("exhibition_id", "=", who.exhibitionId)
    .returning("id")
    .executeTakeFirst();
  if (!row) throw guideNotFound();
  return routeOf(db, who, row.id);
}

/** Deletes a route with its stops and timetables (the database cascades). */
export async function deleteRoute(db: Database, who: Who, id: number) {
  const deleted = await db.deleteFrom("bus_routes").where("id", "=", id).where("exhibition_id", "=", who.exhibitionId).executeTakeFirst();
  if (!Number(deleted.numDeletedRows)) throw guideNotFound();
}

/** The route of a stop or a timetable row, only in the caller's exhibition. */
async function ownedChild(db: Database, who: Who, table: "bus_stops" | "bus_timetables", id: number) {
  const inExhibition = db.selectFrom("bus_routes").select("id").where("exhibition_id", "=", who.exhibitionId);
  const row =
    table === "bus_stops"
      ? await db.selectFrom("bus_stops").select("route_id").where("id", "=", id).where("route_id", "in", inExhibition).executeTakeFirst()
      : await db.selectFrom("bus_timetables").select("route_id").where("id", "=", id).where("route_id", "in", inExhibition).executeTakeFirst();
  if (!row) throw guideNotFound();
  return row;
}

type StopInput = { id?: number; routeId: number; nameZh: string; nameEn: string; addressZh?: string; addressEn?: string; sort: number };

export async function saveStop(db: Database, who: Who, input: StopInput): Promise<BusRoute> {
  await routeOf(db, who, input.routeId, "routeId");
  const values = {
    route_id: input.routeId,
    name_zh: input.nameZh,
    name_en: input.nameEn,
    address_zh: input.addressZh ?? "",
    address_en: input.addressEn ?? "",
    sort: input.sort,
  };
  if (input.id === undefined) await db.insertInto("bus_stops").values(values).execute();
  else {
    await ownedChild(db, who, "bus_stops", input.id);
    await db.updateTable("bus_stops").set(values).where("id", "=", input.id).execute();
  }
  return routeOf(db, who, input.routeId);
}

export async function deleteStop(db: Database, who: Who, id: number) {
  await ownedChild(db, who, "bus_stops", id);
  await db.deleteFrom("bus_stops").where("id", "=", id).execute();
}

type TimetableInput = { id?: number; routeId: number; serviceDay: string; firstDeparture: string; lastDeparture: string; intervalMinutes: number };

export async function saveTimetable(db: Database, who: Who, input: TimetableInput): Promise<BusRoute> {
  await routeOf(db, who, input.routeId, "routeId");
  if (input.id !== undefined) await ownedChild(db, who, "bus_timetables", input.id);
  const days = await guideDays(db, who.exhibitionId);
  if (input.serviceDay < days.buildUpFrom || input.serviceDay > days.endsOn) throw fieldError("trafficGuides.errors.dayOutside", "serviceDay");
  const taken = await db
    .selectFrom("bus_timetables")
    .select("id")
    .where("route_id", "=", input.routeId)
    .where("service_day", "=", input.serviceDay)
    .$if(input.id !== undefined, (q) => q.where("id", "!=", input.id!))
    .executeTakeFirst();
  if (taken) throw fieldError("trafficGuides.errors.dayTaken", "serviceDay", {}, ApiCode.conflict);
  const values = {
    route_id: input.routeId,
    service_day: input.serviceDay,
    first_departure: input.firstDeparture,
    last_departure: input.lastDeparture,
    interval_minutes: input.intervalMinutes,
  };
  if (input.id === undefined) await db.insertInto("bus_timetables").values(values).execute();
  else await db.updateTable("bus_timetables").set(values).where("id", "=", input.id).execute();
  return routeOf(db, who, input.routeId);
}

export async function deleteTimetable(db: Database, who: Who, id: number) {
  await ownedChild(db, who, "bus_timetables", id);
  await db.deleteFrom("bus_timetables").where("id", "=", id).execute();
}
