import { sql, type Kysely } from "kysely";

/**
 * The exhibitor profile (draft, submission, review), its audit trail, contact verification codes,
 * group company data and the exhibition's classification lists (docs/decisions/006).
 */
export async function up(db: Kysely<any>) {
  await sql`create table exhibit_classes (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    name_zh text not null,
    name_en text not null,
    sort integer not null default 0,
    unique (exhibition_id, name_en)
  )`.execute(db);
  await sql`create table industries (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    name_zh text not null,
    name_en text not null,
    sort integer not null default 0,
    unique (exhibition_id, name_en)
  )`.execute(db);
  // Exhibition themes (area classification), each held in some halls (its pavilions).
  await sql`create table exhibition_themes (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    name_zh text not null,
    name_en text not null,
    sort integer not null default 0,
    unique (exhibition_id, name_en)
  )`.execute(db);
  await sql`create table theme_halls (
    theme_id integer not null references exhibition_themes(id) on delete cascade,
    hall_id integer not null references halls(id) on delete cascade,
    primary key (theme_id, hall_id)
  )`.execute(db);

  await sql`create table exhibitor_profiles (
    user_id integer primary key references users(id) on delete cascade,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    unique_id text not null unique,
    status text not null default 'draft' check (status in ('draft', 'under_review', 'approved', 'returned')),
    draft jsonb not null default '{}'::jsonb,
    submitted jsonb,
    review_comment text,
    submitted_at timestamptz,
    reviewed_at timestamptz,
    reviewed_by integer references users(id) on delete set null,
    approved_at timestamptz,
    version integer not null default 0,
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index exhibitor_profiles_status_idx on exhibitor_profiles (exhibition_id, status, submitted_at)`.execute(db);

  await sql`create table exhibitor_profile_events (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    actor_id integer references users(id) on delete set null,
    actor_label text not null,
    action text not null,
    from_status text,
    to_status text,
    comment text,
    details jsonb,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index exhibitor_profile_events_user_idx on exhibitor_profile_events (user_id, id)`.execute(db);

  await sql`create table verification_codes (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    channel text not null check (channel in ('sms', 'email')),
    target text not null,
    code_hash text not null,
    attempts integer not null default 0,
    expires_at timestamptz not null,
    consumed_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index verification_codes_lookup_idx on verification_codes (user_id, channel, target, id)`.execute(db);
  await sql`create table verified_contacts (
    user_id integer not null references users(id) on delete cascade,
    channel text not null,
    target text not null,
    verified_at timestamptz not null default now(),
    primary key (user_id, channel, target)
  )`.execute(db);

  await sql`create table group_info (
    user_id integer primary key references users(id) on delete cascade,
    data jsonb not null,
    updated_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<any>) {
  for (const table of [
    "group_info",
    "verified_contacts",
    "verification_codes",
    "exhibitor_profile_events",
    "exhibitor_profiles",
    "theme_halls",
    "exhibition_themes",
    "industries",
    "exhibit_classes",
  ]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
