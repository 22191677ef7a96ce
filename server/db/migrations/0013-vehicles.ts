import { sql, type Kysely } from "kysely";

/**
 * Vehicles and special shipments (issue 18, decision 020): yellow-plate trucks for build-up and
 * dismantling (a plate never changes once registered; one plate once a day), the Taiwan exhibits
 * customs filing with its lines, small-exhibit express bookings moved by a carrier, and the overseas
 * agents with the requests sent to them. Money in cents, weights grams, sizes centimetres.
 */
export async function up(db: Kysely<any>) {
  await sql`create table yellow_trucks (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    booth_id integer not null references booths(id) on delete cascade,
    plate text not null,
    trailer_plate text,
    kind text not null check (kind in ('installation', 'dismantling')),
    driver_name text not null,
    driver_phone text not null,
    planned_on date not null,
    license_file_id text not null references stored_files(id),
    status text not null default 'submitted' check (status in ('submitted', 'approved', 'returned')),
    return_reason text,
    gate text,
    decided_at timestamptz,
    decided_by integer references users(id) on delete set null,
    version integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    deleted_at timestamptz
  )`.execute(db);
  await sql`create index yellow_trucks_user on yellow_trucks (user_id, id) where deleted_at is null`.execute(db);
  // The same plate once a day in an exhibition (a truck is not at two gates at once).
  await sql`create unique index yellow_trucks_plate_day on yellow_trucks (exhibition_id, plate, planned_on) where deleted_at is null`.execute(db);
  // The plate is the registration: no statement may change it.
  await sql`create function yellow_trucks_keep_plate() returns trigger language plpgsql as $$
    begin
      if new.plate is distinct from old.plate then raise exception 'a registered plate cannot be changed'; end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger yellow_trucks_keep_plate before update on yellow_trucks for each row execute function yellow_trucks_keep_plate()`.execute(db);

  await sql`create table tw_filings (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    booth_id integer not null references booths(id) on delete cascade,
    importer_name text not null,
    importer_contact text not null,
    importer_phone text not null,
    status text not null default 'draft' check (status in ('draft', 'submitted', 'accepted', 'returned')),
    review_comment text,
    reviewed_at timestamptz,
    reviewed_by integer references users(id) on delete set null,
    submitted_at timestamptz,
    version integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (user_id, booth_id)
  )`.execute(db);

  await sql`create table tw_filing_lines (
    filing_id integer not null references tw_filings(id) on delete cascade,
    sort integer not null check (sort >= 0),
    name_zh text not null,
    name_en text not null,
    hs_code text not null check (hs_code ~ '^[0-9]{6,10}$'),
    quantity integer not null check (quantity > 0),
    unit text not null,
    unit_value_cents bigint not null check (unit_value_cents > 0),
    currency text not null check (currency in ('CNY', 'TWD', 'USD')),
    disposition text not null check (disposition in ('sold', 'returned')),
    packages integer not null check (packages > 0),
    gross_weight_g bigint not null check (gross_weight_g > 0),
    primary key (filing_id, sort)
  )`.execute(db);

  await sql`create table express_bookings (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    booth_id integer not null references booths(id) on delete cascade,
    carrier_id integer not null references carriers(id),
    sender_name text not null,
    sender_phone text not null,
    sender_address text not null,
    recipient_name text not null,
    recipient_phone text not null,
    item_name text not null,
    pieces integer not null check (pieces > 0),
    gross_weight_g bigint not null check (gross_weight_g > 0),
    length_cm integer not null check (length_cm > 0),
    width_cm integer not null check (width_cm > 0),
    height_cm integer not null check (height_cm > 0),
    expected_on date not null,
    tracking_no text,
    status text not null default 'booked' check (status in ('booked', 'received', 'delivered')),
    version integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    deleted_at timestamptz
  )`.execute(db);
  await sql`create index express_bookings_user on express_bookings (user_id, id) where deleted_at is null`.execute(db);
  await sql`create index express_bookings_carrier on express_bookings (carrier_id, status, id) where deleted_at is null`.execute(db);

  await sql`create table express_events (
    id serial primary key,
    booking_id integer not null references express_bookings(id) on delete cascade,
    status text not null,
    actor_id integer references users(id) on delete set null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index express_events_booking on express_events (booking_id, id)`.execute(db);

  await sql`create table overseas_agents (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    code text not null,
    name_zh text not null,
    name_en text not null,
    regions_zh text not null,
    regions_en text not null,
    intro_zh text not null default '',
    intro_en text not null default '',
    contact_email text not null,
    contact_phone text not null default '',
    sort integer not null default 0,
    active boolean not null default true,
    unique (exhibition_id, code)
  )`.execute(db);

  await sql`create table overseas_requests (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    agent_id integer not null references overseas_agents(id),
    origin_country_id integer not null,
    port text not null,
    cargo_description text not null,
    volume_cm3 bigint not null check (volume_cm3 > 0),
    incoterms text not null check (incoterms in ('EXW', 'FCA', 'FOB', 'CFR', 'CIF', 'DAP', 'DDP')),
    contact_name text not null,
    contact_phone text not null,
    contact_email text not null,
    sent_to text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index overseas_requests_user on overseas_requests (user_id, id)`.execute(db);
}

export async function down(db: Kysely<any>) {
  for (const table of ["overseas_requests", "overseas_agents", "express_events", "express_bookings", "tw_filing_lines", "tw_filings", "yellow_trucks"]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists yellow_trucks_keep_plate()`.execute(db);
}
