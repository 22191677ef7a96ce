import { sql } from "kysely";
import type { ExhibitionDateEnd } from "../../app/contracts/calendar/values";
import type { Database } from "../db/database";
import { endOfExhibitionDay } from "../../app/contracts/common/exhibition-time";

/**
 * The instants a button's window can end with (app/contracts/calendar/values.ts), for one
 * exhibition: its own dates, and each checklist item's deadline by done check (the latest when
 * several items share one). A date the exhibition does not have (no build-up days set) is absent,
 * and a window ending with it has no end.
 */
export async function calendarEnds(db: Database, exhibitionId: number): Promise<Map<string, Date>> {
  const [exhibition, items] = await Promise.all([
    db
      .selectFrom("exhibitions")
      .leftJoin("construction_settings", "construction_settings.exhibition_id", "exhibitions.id")
      .leftJoin("service_price_dates", "service_price_dates.exhibition_id", "exhibitions.id")
      .select([
        sql<string>`to_char(exhibitions.starts_on, 'YYYY-MM-DD')`.as("opens_on"),
        sql<string>`to_char(exhibitions.ends_on, 'YYYY-MM-DD')`.as("ends_on"),
        sql<string | null>`to_char(construction_settings.build_up_to, 'YYYY-MM-DD')`.as("build_up_to"),
        sql<string | null>`to_char(service_price_dates.advance_until, 'YYYY-MM-DD')`.as("advance_until"),
      ])
      .where("exhibitions.id", "=", exhibitionId)
      .executeTakeFirst(),
    db.selectFrom("schedule_items").select(["done_check", "deadline"]).where("exhibition_id", "=", exhibitionId).where("done_check", "is not", null).execute(),
  ]);
  const ends = new Map<string, Date>();
  if (exhibition) {
    const dayEnd = (day: string | null) => (day ? new Date(endOfExhibitionDay(day)) : null);
    const own: Record<ExhibitionDateEnd, Date | null> = {
      // Until the show opens: the last second before its first day.
      "exhibition-opens": new Date(new Date(`${exhibition.opens_on}T00:00:00+08:00`).getTime() - 1000),
      "exhibition-closes": dayEnd(exhibition.ends_on),
      "build-up-ends": dayEnd(exhibition.build_up_to),
      "advance-prices-end": dayEnd(exhibition.advance_until),
    };
    for (const [key, end] of Object.entries(own)) if (end) ends.set(key, end);
  }
  for (const item of items) {
    const deadline = new Date(item.deadline);
    const known = ends.get(item.done_check!);
    if (!known || known < deadline) ends.set(item.done_check!, deadline);
  }
  return ends;
}
