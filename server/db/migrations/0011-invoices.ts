import { sql, type Kysely } from "kysely";

/**
 * Bills, payment vouchers and invoice applications (issue 16, decision 018). What an exhibitor owes is
 * keyed `order:<id>`, `badge:<id>` or `bill:<id>` (organizer-entered bills live here); vouchers and
 * applications name those keys with amounts in cents. An item is on at most one live voucher (the
 * partial unique index); what applications take is summed under a per-exhibitor lock. The service
 * orders' existing payment claims become vouchers.
 */
const ITEM_KEY = sql`check (item_key ~ '^(order|badge|bill):[1-9][0-9]{0,11}$')`;

export async function up(db: Kysely<any>) {
  await sql`create table bills (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    booth_id integer references booths(id) on delete set null,
    kind text not null check (kind in ('boothFee', 'other')),
    title_zh text not null,
    title_en text not null,
    amount_cents bigint not null check (amount_cents > 0),
    created_by integer references users(id) on delete set null,
    created_at timestamptz not null default now(),
    deleted_at timestamptz
  )`.execute(db);
  await sql`create index bills_user on bills (user_id) where deleted_at is null`.execute(db);

  await sql`create table payment_vouchers (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    source text not null default 'voucher' check (source in ('voucher', 'order')),
    name text not null,
    product_type text not null check (product_type in ('boothFee', 'service', 'badge', 'other')),
    amount_cents bigint not null check (amount_cents > 0),
    paid_on date not null,
    payer_account_name text not null,
    status text not null default 'submitted' check (status in ('submitted', 'confirmed', 'returned')),
    return_reason text,
    decided_at timestamptz,
    decided_by integer references users(id) on delete set null,
    version integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    deleted_at timestamptz
  )`.execute(db);
  await sql`create index payment_vouchers_user on payment_vouchers (user_id, id) where deleted_at is null`.execute(db);
  await sql`create index payment_vouchers_review on payment_vouchers (exhibition_id, status, id) where deleted_at is null`.execute(db);

  await sql`create table payment_voucher_files (
    voucher_id integer not null references payment_vouchers(id) on delete cascade,
    sort integer not null check (sort >= 0),
    file_id text not null references stored_files(id),
    primary key (voucher_id, sort)
  )`.execute(db);

  await sql`create table payment_voucher_items (
    voucher_id integer not null references payment_vouchers(id) on delete cascade,
    item_key text not null ${ITEM_KEY},
    amount_cents bigint not null check (amount_cents > 0),
    active boolean not null default true,
    primary key (voucher_id, item_key)
  )`.execute(db);
  // An item is on one live voucher at most: submitted or confirmed (returned and deleted ones are not active).
  await sql`create unique index payment_voucher_items_live on payment_voucher_items (item_key) where active`.execute(db);

  await sql`create table invoice_applications (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    invoice_type text not null check (invoice_type in ('vatGeneral', 'vatSpecial')),
    title text not null,
    taxpayer_id text not null,
    address_phone text not null default '',
    bank_account text not null default '',
    receiving_email text not null,
    urgent boolean not null default false,
    urgent_reason text,
    amount_cents bigint not null check (amount_cents > 0),
    status text not null default 'submitted' check (status in ('submitted', 'issued', 'returned')),
    details_by text not null default 'exhibitor' check (details_by in ('exhibitor', 'qr')),
    invoice_no text,
    invoice_date date,
    pdf_file_id text references stored_files(id),
    return_reason text,
    issued_at timestamptz,
    issued_by integer references users(id) on delete set null,
    version integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index invoice_applications_user on invoice_applications (user_id, id)`.execute(db);
  await sql`create index invoice_applications_queue on invoice_applications (exhibition_id, status, urgent, id)`.execute(db);

  await sql`create table invoice_application_items (
    application_id integer not null references invoice_applications(id) on delete cascade,
    item_key text not null ${ITEM_KEY},
    amount_cents bigint not null check (amount_cents > 0),
    active boolean not null default true,
    primary key (application_id, item_key)
  )`.execute(db);
  await sql`create index invoice_application_items_live on invoice_application_items (item_key) where active`.execute(db);

  // The orders' payment claims so far become vouchers (confirmed when the order was completed).
  await sql`insert into payment_vouchers (exhibition_id, user_id, source, name, product_type, amount_cents, paid_on, payer_account_name, status, decided_at, decided_by, created_at, updated_at)
    select o.exhibition_id, o.user_id, 'order', o.order_no, 'service', o.total_cents,
      (coalesce(o.payment_claimed_at, o.updated_at) at time zone 'Asia/Shanghai')::date,
      coalesce(u.business_name, u.username),
      case when o.status = 'completed' then 'confirmed' else 'submitted' end,
      o.completed_at, o.completed_by, coalesce(o.payment_claimed_at, o.updated_at), coalesce(o.completed_at, o.payment_claimed_at, o.updated_at)
    from service_orders o join users u on u.id = o.user_id
    where o.voucher_url is not null and o.total_cents > 0 and o.deleted_at is null`.execute(db);
  await sql`insert into payment_voucher_items (voucher_id, item_key, amount_cents)
    select v.id, 'order:' || o.id, o.total_cents from payment_vouchers v join service_orders o on o.order_no = v.name and v.source = 'order'`.execute(db);
  await sql`insert into payment_voucher_files (voucher_id, sort, file_id)
    select v.id, 0, f.id from payment_vouchers v
      join service_orders o on o.order_no = v.name and v.source = 'order'
      join stored_files f on '/files/' || f.id = o.voucher_url`.execute(db);
}

export async function down(db: Kysely<any>) {
  for (const table of ["invoice_application_items", "invoice_applications", "payment_voucher_items", "payment_voucher_files", "payment_vouchers", "bills"]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
