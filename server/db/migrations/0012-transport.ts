import { sql, type Kysely } from "kysely";

/**
 * Exhibit transport (issue 17, decision 019): the appointed carriers with their accounts, prices and
 * discounts; the exhibitors' declarations to a carrier with their exhibits, history and contact log;
 * the order an accepted declaration becomes; hoisting and forklift bookings with what was e-mailed.
 * Weights are grams and sizes centimetres (integers), money cents, so no float reaches an amount.
 */
const SERVICE = sql`check (service in ('delivery', 'return', 'storage', 'forklift', 'crane'))`;

export async function up(db: Kysely<any>) {
  await sql`create table carriers (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    code text not null,
    name_zh text not null,
    name_en text not null,
    contact_email text not null,
    contact_phone text not null default '',
    active boolean not null default true,
    sort integer not null default 0,
    unique (exhibition_id, code)
  )`.execute(db);

  // A carrier user acts for exactly one carrier.
  await sql`create table carrier_accounts (
    user_id integer primary key references users(id) on delete cascade,
    carrier_id integer not null references carriers(id) on delete cascade
  )`.execute(db);

  // Per service: a rate per m³ and one per ton (the larger charge applies) and a minimum charge.
  await sql`create table carrier_prices (
    carrier_id integer not null references carriers(id) on delete cascade,
    service text not null ${SERVICE},
    per_m3_cents bigint not null check (per_m3_cents >= 0),
    per_ton_cents bigint not null check (per_ton_cents >= 0),
    minimum_cents bigint not null default 0 check (minimum_cents >= 0),
    primary key (carrier_id, service)
  )`.execute(db);

  // 'early': submitted on or before until_on; 'volume': total volume of at least min_volume_cm3.
  await sql`create table carrier_discounts (
    id serial primary key,
    carrier_id integer not null references carriers(id) on delete cascade,
    code text not null,
    name_zh text not null,
    name_en text not null,
    kind text not null check (kind in ('early', 'volume')),
    until_on date,
    min_volume_cm3 bigint,
    percent_bp integer check (percent_bp between 1 and 10000),
    amount_cents bigint check (amount_cents > 0),
    check ((percent_bp is null) <> (amount_cents is null)),
    check (kind <> 'early' or until_on is not null),
    check (kind <> 'volume' or min_volume_cm3 is not null),
    unique (carrier_id, code)
  )`.execute(db);

  await sql`create table transport_declarations (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    booth_id integer not null references booths(id) on delete cascade,
    carrier_id integer not null references carriers(id),
    status text not null default 'draft' check (status in ('draft', 'submitted', 'accepted', 'returned')),
    services text not null default '' check (services ~ '^((delivery|return|storage|forklift|crane)(,(delivery|return|storage|forklift|crane))*)?$'),
    arrival_from date not null,
    arrival_to date not null check (arrival_to >= arrival_from),
    contact_name text not null,
    contact_phone text not null,
    bill_file_id text references stored_files(id),
    computed_cents bigint not null default 0 check (computed_cents >= 0),
    discount_cents bigint not null default 0 check (discount_cents >= 0),
    accepted_cents bigint check (accepted_cents >= 0),
    accept_note text,
    return_reason text,
    submitted_at timestamptz,
    decided_at timestamptz,
    decided_by integer references users(id) on delete set null,
    version integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    deleted_at timestamptz
  )`.execute(db);
  await sql`create index transport_declarations_user on transport_declarations (user_id, id) where deleted_at is null`.execute(db);
  await sql`create index transport_declarations_carrier on transport_declarations (carrier_id, status, id) where deleted_at is null`.execute(db);

  await sql`create table transport_exhibits (
    declaration_id integer not null references transport_declarations(id) on delete cascade,
    sort integer not null check (sort >= 0),
    name_zh text not null,
    name_en text not null default '',
    quantity integer not null check (quantity > 0),
    packages integer not null check (packages > 0),
    gross_weight_g bigint not null check (gross_weight_g > 0),
    length_cm integer not null check (length_cm > 0),
    width_cm integer not null check (width_cm > 0),
    height_cm integer not null check (height_cm > 0),
    primary key (declaration_id, sort)
  )`.execute(db);

  await sql`create table transport_orders (
    id serial primary key,
    declaration_id integer not null unique references transport_declarations(id) on delete cascade,
    carrier_id integer not null references carriers(id),
    order_no text not null unique,
    step text not null default 'confirmed' check (step in ('confirmed', 'received', 'delivered', 'returned', 'completed')),
    amount_cents bigint not null check (amount_cents >= 0),
    paid boolean not null default false,
    paid_at timestamptz,
    version integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index transport_orders_carrier on transport_orders (carrier_id, id)`.execute(db);

  // What happened to a declaration and its order, by whom: submitted, returned, accepted, each order step, paid.
  await sql`create table transport_events (
    id serial primary key,
    declaration_id integer not null references transport_declarations(id) on delete cascade,
    kind text not null,
    note text,
    actor_id integer references users(id) on delete set null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index transport_events_declaration on transport_events (declaration_id, id)`.execute(db);

  await sql`create table transport_messages (
    id serial primary key,
    declaration_id integer not null references transport_declarations(id) on delete cascade,
    side text not null check (side in ('exhibitor', 'carrier')),
    author_id integer references users(id) on delete set null,
    body text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index transport_messages_declaration on transport_messages (declaration_id, id)`.execute(db);

  // The fee per piece by weight class: a piece up to max_weight_kg pays fee_cents (the lightest class that fits).
  await sql`create table lifting_fee_classes (
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    kind text not null check (kind in ('forklift', 'crane')),
    max_weight_kg integer not null check (max_weight_kg > 0),
    fee_cents bigint not null check (fee_cents > 0),
    primary key (exhibition_id, kind, max_weight_kg)
  )`.execute(db);

  await sql`create table lifting_bookings (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    booth_id integer not null references booths(id) on delete cascade,
    carrier_id integer not null references carriers(id),
    kind text not null check (kind in ('forklift', 'crane')),
    weight_kg integer not null check (weight_kg > 0),
    length_cm integer not null check (length_cm > 0),
    width_cm integer not null check (width_cm > 0),
    height_cm integer not null check (height_cm > 0),
    pieces integer not null check (pieces > 0),
    work_day date not null,
    slot text not null,
    fee_cents bigint not null check (fee_cents >= 0),
    status text not null default 'booked' check (status in ('booked', 'confirmed')),
    confirmed_at timestamptz,
    confirmed_by integer references users(id) on delete set null,
    created_at timestamptz not null default now(),
    deleted_at timestamptz
  )`.execute(db);
  await sql`create index lifting_bookings_user on lifting_bookings (user_id, id) where deleted_at is null`.execute(db);
  await sql`create index lifting_bookings_carrier on lifting_bookings (carrier_id, work_day) where deleted_at is null`.execute(db);

  // Each 'send to carrier': the list as e-mailed (JSON), to whom, when. The first one locks the exhibitor's list.
  await sql`create table lifting_sends (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    carrier_id integer not null references carriers(id),
    sent_to text not null,
    booking_ids text not null,
    summary jsonb not null,
    sent_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index lifting_sends_user on lifting_sends (user_id, id)`.execute(db);
}

export async function down(db: Kysely<any>) {
  for (const table of [
    "lifting_sends",
    "lifting_bookings",
    "lifting_fee_classes",
    "transport_messages",
    "transport_events",
    "transport_orders",
    "transport_exhibits",
    "transport_declarations",
    "carrier_discounts",
    "carrier_prices",
    "carrier_accounts",
    "carriers",
  ]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
