import { sql, type Kysely } from "kysely";

/**
 * Booth construction (issue 15, decision 017): the exhibition's build-up and dismantling days and
 * insurance minimum; per booth the standard build (fascia, unneeded equipment, partitions, carpet),
 * the public liability insurance and the entry safety commitment (one row each), the special
 * booth's drawings (versions per kind) and one history of every submission and decision.
 */
export async function up(db: Kysely<any>) {
  await sql`create table construction_settings (
    exhibition_id integer primary key references exhibitions(id) on delete cascade,
    build_up_from date not null,
    build_up_to date not null,
    dismantle_from date not null,
    dismantle_to date not null,
    insurance_min_cents bigint not null default 0 check (insurance_min_cents >= 0),
    drawing_site_url text,
    check (build_up_from <= build_up_to and build_up_to <= dismantle_from and dismantle_from <= dismantle_to)
  )`.execute(db);

  await sql`create table standard_builds (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    booth_id integer not null unique references booths(id) on delete cascade,
    status text not null default 'draft' check (status in ('draft', 'submitted', 'accepted', 'returned')),
    fascia_mode text not null default 'standard' check (fascia_mode in ('standard', 'custom')),
    fascia_name_zh text not null default '',
    fascia_name_en text not null default '',
    fascia_file_id text references stored_files(id) on delete set null,
    fascia_check jsonb,
    unneeded_equipment jsonb not null default '[]',
    walls_removed jsonb not null default '[]',
    extra_boards integer not null default 0 check (extra_boards >= 0),
    positioning_date date,
    carpet_colour text not null default 'grey',
    carpet_laying_day date,
    carpet_laying_slot text check (carpet_laying_slot in ('am', 'pm')),
    other_requirements text not null default '',
    review_comment text,
    submitted_at timestamptz,
    reviewed_at timestamptz,
    version integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index standard_builds_review on standard_builds (exhibition_id, status)`.execute(db);

  await sql`create table booth_insurances (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    booth_id integer not null unique references booths(id) on delete cascade,
    status text not null default 'submitted' check (status in ('submitted', 'accepted', 'returned')),
    insurer text not null,
    policy_no text not null,
    insured_cents bigint not null check (insured_cents > 0),
    valid_from date not null,
    valid_to date not null,
    policy_file_id text not null references stored_files(id),
    review_comment text,
    submitted_at timestamptz not null default now(),
    reviewed_at timestamptz,
    version integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (valid_from <= valid_to)
  )`.execute(db);
  await sql`create index booth_insurances_review on booth_insurances (exhibition_id, status)`.execute(db);

  await sql`create table safety_commitments (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    booth_id integer not null unique references booths(id) on delete cascade,
    status text not null default 'notSigned' check (status in ('notSigned', 'submitted', 'accepted', 'returned')),
    responsible_person text not null,
    builder_company text not null,
    mobile text not null,
    rules_read_at timestamptz not null,
    generated_file_id text references stored_files(id) on delete set null,
    signed_file_id text references stored_files(id) on delete set null,
    review_comment text,
    submitted_at timestamptz,
    reviewed_at timestamptz,
    version integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index safety_commitments_review on safety_commitments (exhibition_id, status)`.execute(db);

  await sql`create table booth_drawings (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    booth_id integer not null references booths(id) on delete cascade,
    kind text not null check (kind in ('design', 'structure', 'qualification')),
    version integer not null check (version > 0),
    file_id text not null references stored_files(id),
    note text not null default '',
    status text not null default 'submitted' check (status in ('submitted', 'accepted', 'returned')),
    review_comment text,
    reviewed_at timestamptz,
    created_at timestamptz not null default now(),
    unique (booth_id, kind, version)
  )`.execute(db);
  await sql`create index booth_drawings_review on booth_drawings (exhibition_id, status)`.execute(db);

  await sql`create table construction_events (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    booth_id integer not null references booths(id) on delete cascade,
    subject text not null check (subject in ('fascia', 'insurance', 'commitment', 'drawing')),
    record_id integer not null,
    action text not null,
    comment text,
    actor_id integer references users(id) on delete set null,
    actor_label text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index construction_events_record on construction_events (subject, record_id)`.execute(db);
}

export async function down(db: Kysely<any>) {
  for (const table of ["construction_events", "booth_drawings", "safety_commitments", "booth_insurances", "standard_builds", "construction_settings"]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
