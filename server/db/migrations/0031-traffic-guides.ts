import { sql, type Kysely } from "kysely";

/**
 * Bus and parking guides (issue 41), per exhibition: the organizer's shuttle bus routes with their
 * stops (in order) and one timetable per service day (first and last departure, a departure every
 * N minutes), car parks with a map picture (the organizer's upload, folder guide-map), and an intro
 * text per guide in both languages (the plain-text format of the content pages).
 */
export async function up(db: Kysely<any>) {
  await sql`create table traffic_guide_intros (
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    guide text not null check (guide in ('bus', 'parking')),
    body_zh text not null default '',
    body_en text not null default '',
    updated_at timestamptz not null default now(),
    primary key (exhibition_id, guide)
  )`.execute(db);
  await sql`create table bus_routes (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    name_zh text not null,
    name_en text not null,
    note_zh text not null default '',
    note_en text not null default '',
    sort integer not null default 0,
    hidden boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index bus_routes_exhibition_idx on bus_routes (exhibition_id, sort, id)`.execute(db);
  await sql`create table bus_stops (
    id serial primary key,
    route_id integer not null references bus_routes(id) on delete cascade,
    name_zh text not null,
    name_en text not null,
    address_zh text not null default '',
    address_en text not null default '',
    sort integer not null default 0
  )`.execute(db);
  await sql`create index bus_stops_route_idx on bus_stops (route_id, sort, id)`.execute(db);
  // Times as HH:MM (exhibition time); one timetable per route and day.
  await sql`create table bus_timetables (
    id serial primary key,
    route_id integer not null references bus_routes(id) on delete cascade,
    service_day date not null,
    first_departure text not null check (first_departure ~ '^[0-2][0-9]:[0-5][0-9]$'),
    last_departure text not null check (last_departure ~ '^[0-2][0-9]:[0-5][0-9]$'),
    interval_minutes integer not null check (interval_minutes between 1 and 240),
    check (last_departure >= first_departure),
    unique (route_id, service_day)
  )`.execute(db);
  await sql`create table car_parks (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    name_zh text not null,
    name_en text not null,
    address_zh text not null default '',
    address_en text not null default '',
    hours_zh text not null default '',
    hours_en text not null default '',
    prices_zh text not null default '',
    prices_en text not null default '',
    capacity integer not null check (capacity > 0),
    map_file_id text references stored_files(id),
    sort integer not null default 0,
    hidden boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index car_parks_exhibition_idx on car_parks (exhibition_id, sort, id)`.execute(db);
}

export async function down(db: Kysely<any>) {
  for (const table of ["car_parks", "bus_timetables", "bus_stops", "bus_routes", "traffic_guide_intros"])
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
}
