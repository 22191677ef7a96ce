import { sql, type Kysely } from "kysely";

/**
 * Blue-plate cars (issue 41, spec /HT/blueCarGuide): a non-Shenzhen car an exhibitor registers for
 * the days it needs to drive to the venue, with its licence scans and a photo (stored files), which
 * the organizer approves with a pass number and validity, or returns with a comment. The plate is the
 * registration: a trigger refuses any change of it, and one live registration per plate and
 * exhibition. The exhibition's English traffic page (the English /HT/blueCarGuide redirects to it)
 * and the guide texts are the organizer's settings.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table exhibitions add column traffic_page_url_en text`.execute(db);
  await sql`create table blue_car_guides (
    exhibition_id integer primary key references exhibitions(id) on delete cascade,
    guide_zh text not null default '',
    guide_en text not null default '',
    updated_at timestamptz not null default now(),
    updated_by integer references users(id)
  )`.execute(db);
  await sql`create table blue_cars (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id),
    owner_name text not null,
    plate text not null,
    license_front_file_id text not null references stored_files(id),
    license_back_file_id text not null references stored_files(id),
    license_second_file_id text not null references stored_files(id),
    license_four_pages_file_id text not null references stored_files(id),
    vehicle_photo_file_id text not null references stored_files(id),
    needed_from date not null,
    needed_to date not null check (needed_to >= needed_from),
    status text not null default 'submitted' check (status in ('submitted', 'approved', 'returned')),
    pass_no text,
    valid_from date,
    valid_to date,
    review_comment text,
    reviewed_at timestamptz,
    reviewed_by integer references users(id),
    version integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    deleted_at timestamptz
  )`.execute(db);
  await sql`create unique index blue_cars_live_plate on blue_cars (exhibition_id, plate) where deleted_at is null`.execute(db);
  await sql`create index blue_cars_user_idx on blue_cars (user_id, id)`.execute(db);
  await sql`create index blue_cars_status_idx on blue_cars (exhibition_id, status, id)`.execute(db);
  // The plate is the registration: no statement may change it (as yellow_trucks).
  await sql`create function blue_cars_keep_plate() returns trigger language plpgsql as $$
    begin
      if new.plate is distinct from old.plate then raise exception 'a registered plate cannot be changed'; end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger blue_cars_keep_plate before update on blue_cars for each row execute function blue_cars_keep_plate()`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists blue_cars`.execute(db);
  await sql`drop function if exists blue_cars_keep_plate()`.execute(db);
  await sql`drop table if exists blue_car_guides`.execute(db);
  await sql`alter table exhibitions drop column if exists traffic_page_url_en`.execute(db);
}
