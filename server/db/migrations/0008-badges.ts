import { sql, type Kysely } from "kysely";

/**
 * Exhibitor badges (issue 14): the quota rule per exhibition, the badges themselves and their
 * events. The same ID number, mobile or e-mail can hold one live badge per exhibition: unique
 * indexes decide, so two saves at once cannot both get in. A deleted badge keeps its row (and its
 * code stays refused at check-in) but frees its ID number, mobile and e-mail.
 */
export async function up(db: Kysely<any>) {
  await sql`create table badge_quota_rules (
    exhibition_id integer primary key references exhibitions(id) on delete cascade,
    free_base integer not null check (free_base >= 0),
    base_area_m2 numeric(10, 2) not null check (base_area_m2 > 0),
    step_area_m2 numeric(10, 2) not null check (step_area_m2 > 0),
    free_per_step integer not null check (free_per_step >= 0),
    paid_max integer not null check (paid_max >= 0),
    paid_price_cents integer not null check (paid_price_cents >= 0)
  )`.execute(db);

  await sql`create table badges (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    booth_id integer not null references booths(id) on delete cascade,
    holder_name text not null,
    id_type text not null check (id_type in ('idCard', 'passport', 'hkMacaoPermit', 'taiwanPermit')),
    id_number text not null,
    mobile text not null,
    email text not null,
    company text not null,
    position text,
    photo_file_id text references stored_files(id) on delete set null,
    kind text not null check (kind in ('free', 'paid')),
    price_cents integer not null default 0 check (price_cents >= 0),
    status text not null default 'submitted' check (status in ('submitted', 'approved', 'returned')),
    review_comment text,
    code text not null unique,
    checked_in_at timestamptz,
    version integer not null default 0,
    deleted_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index badges_id_number_idx on badges (exhibition_id, id_number) where deleted_at is null`.execute(db);
  await sql`create unique index badges_mobile_idx on badges (exhibition_id, mobile) where deleted_at is null`.execute(db);
  await sql`create unique index badges_email_idx on badges (exhibition_id, lower(email)) where deleted_at is null`.execute(db);
  await sql`create index badges_user_idx on badges (user_id, exhibition_id, id) where deleted_at is null`.execute(db);

  await sql`create table badge_events (
    id serial primary key,
    badge_id integer not null references badges(id) on delete cascade,
    actor_id integer references users(id) on delete set null,
    actor_label text not null,
    action text not null,
    details jsonb,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index badge_events_badge_idx on badge_events (badge_id, id)`.execute(db);
}

export async function down(db: Kysely<any>) {
  for (const table of ["badge_events", "badges", "badge_quota_rules"]) await sql.raw(`drop table if exists ${table}`).execute(db);
}
