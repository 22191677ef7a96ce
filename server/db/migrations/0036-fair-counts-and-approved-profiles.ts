import { sql, type Kysely } from "kysely";

/**
 * Issue 50 (an outside scan), the public side:
 * - the profile as last approved is kept (`exhibitor_profiles.approved`): public outputs show it while
 *   a changed profile waits for review (backfilled from what is approved today);
 * - views and registrations carry a key of the visitor's address under the day's salt, so a few at
 *   most count per address, code and day whatever the user agent; a registration past that is kept
 *   but not ranked;
 * - a room block caps the rooms one exhibitor holds a night;
 * - a blue-plate number is no longer unique per exhibition (that told one exhibitor about another's
 *   car): unique per exhibitor, and approved once per exhibition; the organizer sees the rest as a
 *   conflict to resolve.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table exhibitor_profiles add column approved jsonb`.execute(db);
  await sql`update exhibitor_profiles set approved = submitted
    where submitted is not null and (status = 'approved' or (status = 'draft' and approved_at is not null))`.execute(db);

  await sql`alter table promotion_views add column address_key text`.execute(db);
  await sql`create index promotion_views_address on promotion_views (code, day, address_key)`.execute(db);
  await sql`alter table visitors add column address_key text`.execute(db);
  await sql`alter table visitors add column ranked boolean not null default true`.execute(db);
  await sql`create index visitors_address on visitors (exhibition_id, source_code, address_key)`.execute(db);

  await sql`alter table room_blocks add column max_rooms_per_exhibitor integer not null default 5 check (max_rooms_per_exhibitor > 0)`.execute(db);

  await sql`drop index blue_cars_live_plate`.execute(db);
  await sql`create unique index blue_cars_own_plate on blue_cars (exhibition_id, user_id, plate) where deleted_at is null`.execute(db);
  await sql`create unique index blue_cars_approved_plate on blue_cars (exhibition_id, plate) where deleted_at is null and status = 'approved'`.execute(db);
  await sql`create index blue_cars_plate_idx on blue_cars (exhibition_id, plate) where deleted_at is null`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop index if exists blue_cars_plate_idx`.execute(db);
  await sql`drop index if exists blue_cars_approved_plate`.execute(db);
  await sql`drop index if exists blue_cars_own_plate`.execute(db);
  await sql`create unique index blue_cars_live_plate on blue_cars (exhibition_id, plate) where deleted_at is null`.execute(db);
  await sql`alter table room_blocks drop column if exists max_rooms_per_exhibitor`.execute(db);
  await sql`drop index if exists visitors_address`.execute(db);
  await sql`alter table visitors drop column if exists ranked`.execute(db);
  await sql`alter table visitors drop column if exists address_key`.execute(db);
  await sql`drop index if exists promotion_views_address`.execute(db);
  await sql`alter table promotion_views drop column if exists address_key`.execute(db);
  await sql`alter table exhibitor_profiles drop column if exists approved`.execute(db);
}
