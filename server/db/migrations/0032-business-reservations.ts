import { sql, type Kysely } from "kysely";

/**
 * Business reservations (issue 41, decision 039): the exhibition's partner hotels with their room
 * blocks (a quota of rooms per night between a first and a last night), the exhibitors' room requests,
 * meeting rooms and their bookings by date and slot. A block or a meeting room with requests is not
 * deleted (restrict; the API refuses first with the count). A live booking holds its slot: the
 * partial unique index backs up the API's check under concurrent bookings.
 */
export async function up(db: Kysely<any>) {
  await sql`create table hotels (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    name_zh text not null,
    name_en text not null,
    address_zh text not null default '',
    address_en text not null default '',
    note_zh text not null default '',
    note_en text not null default '',
    cancel_until date not null,
    sort integer not null default 0,
    hidden boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table room_blocks (
    id serial primary key,
    hotel_id integer not null references hotels(id) on delete restrict,
    room_type_zh text not null,
    room_type_en text not null,
    price_cents integer not null check (price_cents >= 0),
    rooms_per_night integer not null check (rooms_per_night >= 0),
    first_night date not null,
    last_night date not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (last_night >= first_night)
  )`.execute(db);
  await sql`create table room_requests (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    block_id integer not null references room_blocks(id) on delete restrict,
    check_in date not null,
    check_out date not null,
    rooms integer not null check (rooms > 0),
    guest_names jsonb not null,
    contact_mobile text not null,
    status text not null default 'requested' check (status in ('requested', 'confirmed', 'declined', 'cancelled')),
    comment text not null default '',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (check_out > check_in)
  )`.execute(db);
  await sql`create index room_requests_block_idx on room_requests (block_id, status)`.execute(db);
  await sql`create index room_requests_user_idx on room_requests (user_id, id)`.execute(db);
  await sql`create table meeting_rooms (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    name_zh text not null,
    name_en text not null,
    capacity integer not null check (capacity > 0),
    location_zh text not null default '',
    location_en text not null default '',
    sort integer not null default 0,
    hidden boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table meeting_bookings (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    room_id integer not null references meeting_rooms(id) on delete restrict,
    day date not null,
    slot text not null check (slot in ('morning', 'afternoon', 'evening')),
    people integer not null check (people > 0),
    topic text not null default '',
    status text not null default 'requested' check (status in ('requested', 'confirmed', 'declined', 'cancelled')),
    comment text not null default '',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index meeting_bookings_live_slot on meeting_bookings (room_id, day, slot) where status in ('requested', 'confirmed')`.execute(db);
  await sql`create index meeting_bookings_user_idx on meeting_bookings (user_id, id)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists meeting_bookings`.execute(db);
  await sql`drop table if exists meeting_rooms`.execute(db);
  await sql`drop table if exists room_requests`.execute(db);
  await sql`drop table if exists room_blocks`.execute(db);
  await sql`drop table if exists hotels`.execute(db);
}
