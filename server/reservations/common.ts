import { sql, type RawBuilder } from "kysely";
import { LIVE_STATUSES } from "../../app/contracts/reservations/values";
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
