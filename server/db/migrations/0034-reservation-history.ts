import { sql, type Kysely } from "kysely";

/**
 * A hotel, room block or meeting room the organizer deletes once requests or bookings were made in it
 * (declined or cancelled ones: live ones refuse the delete) is retired, not removed: it leaves every
 * list and takes no new request, and the exhibitors' history still names it.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table hotels add column retired_at timestamptz`.execute(db);
  await sql`alter table room_blocks add column retired_at timestamptz`.execute(db);
  await sql`alter table meeting_rooms add column retired_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`alter table meeting_rooms drop column retired_at`.execute(db);
  await sql`alter table room_blocks drop column retired_at`.execute(db);
  await sql`alter table hotels drop column retired_at`.execute(db);
}
