import { sql, type Kysely } from "kysely";

/**
 * The offline booking forms: air compressor applications, the electric box location map per
 * booth, special power / leakage-protector removal commitments, and one audit trail for the three.
 * Every row names its owner (user_id) and booth, so every lookup can be scoped to the caller.
 */
export async function up(db: Kysely<any>) {
  await sql`create table air_compressor_applications (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    booth_id integer references booths(id) on delete set null,
    booth_no text not null,
    source text not null default 'offline' check (source in ('offline')),
    status text not null default 'submitted' check (status in ('submitted', 'processing', 'completed', 'cancelled')),
    flow text not null,
    pressure text not null,
    quantity integer not null check (quantity > 0),
    start_date date not null,
    end_date date not null,
    contact_name text not null,
    contact_phone text not null,
    remarks text,
    version integer not null default 0,
    cancelled_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (end_date >= start_date)
  )`.execute(db);
  await sql`create index air_compressor_applications_user_idx on air_compressor_applications (user_id, id)`.execute(db);

  // One map per booth: uploading again replaces it.
  await sql`create table electricbox_images (
    booth_id integer primary key references booths(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    file_id text not null references stored_files(id) on delete cascade,
    version integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);

  await sql`create table leakage_commitments (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    booth_id integer not null references booths(id) on delete cascade,
    equipment_name text not null,
    power_kw numeric(10, 2) not null check (power_kw > 0),
    reason text not null,
    signer_name text not null,
    scan_file_id text not null references stored_files(id) on delete restrict,
    rules_accepted_at timestamptz not null,
    version integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  // One commitment per booth and equipment, whatever the case or spacing of the name.
  await sql`create unique index leakage_commitments_booth_equipment_idx on leakage_commitments (booth_id, lower(equipment_name))`.execute(db);
  await sql`create index leakage_commitments_user_idx on leakage_commitments (user_id, id)`.execute(db);

  await sql`create table booking_form_events (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    actor_id integer references users(id) on delete set null,
    actor_label text not null,
    form text not null check (form in ('airCompressor', 'electricbox', 'leakage')),
    record_id text not null,
    action text not null,
    details jsonb,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index booking_form_events_record_idx on booking_form_events (form, record_id, id)`.execute(db);
}

export async function down(db: Kysely<any>) {
  for (const table of ["booking_form_events", "leakage_commitments", "electricbox_images", "air_compressor_applications"]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
