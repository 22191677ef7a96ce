import { sql, type RawBuilder, type SelectQueryBuilder } from "kysely";
import { isOrganizer } from "../../app/contracts/permission/roles";
import type { Paged } from "../../app/contracts/reservations/api-types";
import { LIVE_STATUSES, type ReservationDecision, type ReservationStatus } from "../../app/contracts/reservations/values";
import { ApiCode, ApiError } from "../api/envelope";
import type { DB } from "../db/schema";
import type { Caller } from "../auth/caller";
import type { Database } from "../db/database";
import { addDays } from "../../app/contracts/common/exhibition-time";

/** Who calls the reservation rules: the session's user, exhibition and role. */
export type Who = Pick<Caller, "userId" | "exhibitionId" | "roleId">;

export const LIVE = [...LIVE_STATUSES];

/** A date column as the exhibition day it holds (YYYY-MM-DD), whatever the driver makes of dates. */
export const dayOf = (column: string): RawBuilder<string> => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** The nights of a stay: from check-in up to the night before check-out. */
export function nightsOf(checkIn: string, checkOut: string): string[] {
  const nights: string[] = [];
  for (let night = checkIn; night < checkOut; night = addDays(night, 1)) nights.push(night);
  return nights;
}

/** Every day from `first` to `last`, both included. */
const daysFrom = (first: string, last: string) => nightsOf(first, addDays(last, 1));

export { addDays };

/** The show's days of the caller's exhibition (meeting rooms are booked on them). */
export async function showDays(db: Database, exhibitionId: number) {
  const row = await db
    .selectFrom("exhibitions")
    .select([dayOf("starts_on").as("first"), dayOf("ends_on").as("last")])
    .where("id", "=", exhibitionId)
    .executeTakeFirstOrThrow();
  return { first: row.first, last: row.last, days: daysFrom(row.first, row.last) };
}

/** Rooms left each night of a block, given its quota and the live requests' stays. */
export function nightsLeft(
  block: { rooms_per_night: number; first_night: string; last_night: string },
  stays: { check_in: string; check_out: string; rooms: number }[],
  nights = daysFrom(block.first_night, block.last_night),
) {
  return nights.map((night) => ({
    night,
    left: block.rooms_per_night - stays.filter((s) => s.check_in <= night && night < s.check_out).reduce((sum, s) => sum + s.rooms, 0),
  }));
}

export const isLive = (status: ReservationStatus) => (LIVE as ReservationStatus[]).includes(status);

/** Who asked, for the organizer's desk only: an exhibitor sees its own rows without these. */
export const askerFor = (who: Who, row: { username: string; business_name: string | null; business_name_en: string | null }) =>
  isOrganizer(who.roleId) ? { company: row.business_name || row.business_name_en || "", username: row.username } : {};

/** A desk page: the total of `base`'s rows and the page's rows as `load` reads them. */
export async function deskPage<Query extends SelectQueryBuilder<DB, never, object>, Item>(
  base: Query,
  input: { page: number; pageSize: number },
  load: (page: Query) => Promise<Item[]>,
): Promise<Paged<Item>> {
  const [{ total }, items] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow(),
    load(base.limit(input.pageSize).offset((input.page - 1) * input.pageSize) as Query),
  ]);
  return { total: Number(total), page: input.page, pageSize: input.pageSize, items };
}

/**
 * The organizer confirms or declines (with a comment) a request or booking still waiting; the update
 * is conditional on 'requested', so of two decisions at once one wins and the other is told.
 */
export async function decideWaiting(
  db: Database,
  table: "room_requests" | "meeting_bookings",
  who: Who,
  input: { id: number; decision: ReservationDecision; comment?: string },
) {
  // Both tables share these columns; one name stands for both in the types.
  const updated = await db
    .updateTable(table as "room_requests")
    .set({ status: input.decision === "confirm" ? "confirmed" : "declined", comment: input.comment ?? "", updated_at: sql`now()` })
    .where("id", "=", input.id)
    .where("exhibition_id", "=", who.exhibitionId)
    .where("status", "=", "requested")
    .executeTakeFirst();
  if (!Number(updated.numUpdatedRows)) throw new ApiError(ApiCode.conflict, "reservations.errors.alreadyDecided");
}
