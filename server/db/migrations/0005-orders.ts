import { sql, type Kysely } from "kysely";

/**
 * On-site service ordering (docs/product.md § Areas / Service orders / Money and prices): the catalogue with its three prices, the
 * exhibition's price dates, the cart, orders with their locked-in lines, and the orders' audit
 * trail. Money is integer cents (CNY) everywhere.
 */
export async function up(db: Kysely<any>) {
  // The last day of advance prices, in exhibition time (UTC+8); on-site prices start on exhibitions.starts_on.
  await sql`create table service_price_dates (
    exhibition_id integer primary key references exhibitions(id) on delete cascade,
    advance_until date not null
  )`.execute(db);

  await sql`create table services (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    code text not null,
    category text not null,
    name_zh text not null,
    name_en text not null,
    unit_zh text not null,
    unit_en text not null,
    photo_url text,
    advance_cents integer not null check (advance_cents >= 0),
    standard_cents integer not null check (standard_cents >= 0),
    onsite_cents integer not null check (onsite_cents >= 0),
    order_opens_at timestamptz,
    order_closes_at timestamptz,
    active boolean not null default true,
    sort integer not null default 0,
    unique (exhibition_id, code)
  )`.execute(db);

  // One line per service and booth: adding again increases the quantity (upsert on this key).
  await sql`create table cart_items (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    booth_id integer not null references booths(id) on delete cascade,
    service_id integer not null references services(id) on delete cascade,
    quantity integer not null check (quantity > 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (user_id, booth_id, service_id)
  )`.execute(db);

  await sql`create table service_orders (
    id serial primary key,
    order_no text not null unique,
    user_id integer not null references users(id) on delete cascade,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    booth_id integer references booths(id) on delete set null,
    booth_no text not null,
    source text not null check (source in ('online', 'offline', 'contractor')),
    status text not null check (status in ('submitted', 'contract_uploaded', 'payment_claimed', 'completed')),
    total_cents integer not null check (total_cents >= 0),
    idempotency_key text not null,
    contractor_company text,
    contractor_contact text,
    contractor_phone text,
    installation_drawing_url text,
    contract_version integer not null default 0,
    contract_urls jsonb,
    contract_pdf_url text,
    rules_accepted_at timestamptz,
    voucher_url text,
    contractor_access_id integer,
    contract_uploaded_at timestamptz,
    payment_claimed_at timestamptz,
    completed_at timestamptz,
    completed_by integer references users(id) on delete set null,
    deleted_at timestamptz,
    version integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (user_id, idempotency_key)
  )`.execute(db);
  await sql`create index service_orders_user_idx on service_orders (user_id, status, id)`.execute(db);
  await sql`create index service_orders_exhibition_idx on service_orders (exhibition_id, status, id)`.execute(db);

  // Lines keep what was ordered at the price then in force, whatever the catalogue says later.
  await sql`create table service_order_lines (
    id serial primary key,
    order_id integer not null references service_orders(id) on delete cascade,
    service_id integer references services(id) on delete set null,
    service_code text not null,
    name_zh text not null,
    name_en text not null,
    unit_zh text not null,
    unit_en text not null,
    price_kind text not null check (price_kind in ('advance', 'standard', 'onsite')),
    unit_cents integer not null check (unit_cents >= 0),
    quantity integer not null check (quantity > 0),
    line_cents integer not null check (line_cents >= 0)
  )`.execute(db);
  await sql`create index service_order_lines_order_idx on service_order_lines (order_id, id)`.execute(db);

  await sql`create table service_order_events (
    id serial primary key,
    order_id integer not null references service_orders(id) on delete cascade,
    actor_id integer references users(id) on delete set null,
    actor_label text not null,
    action text not null,
    from_status text,
    to_status text,
    details jsonb,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index service_order_events_order_idx on service_order_events (order_id, id)`.execute(db);
}

export async function down(db: Kysely<any>) {
  for (const table of ["service_order_events", "service_order_lines", "service_orders", "cart_items", "services", "service_price_dates"]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
