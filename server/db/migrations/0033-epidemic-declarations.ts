import { sql, type Kysely } from "kysely";

/**
 * The epidemic declaration (issue 41): a per-exhibition switch (off unless the organizer turns it on)
 * and the commitment text in both languages, on the exhibition; each exhibitor's accepted commitment
 * (one per account and exhibition) and its on-site staff (one ID number once per account and
 * exhibition), whose optional health and travel code images are the exhibitor's own uploads.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table exhibitions
    add column epidemic_declaration_on boolean not null default false,
    add column epidemic_commitment_zh text not null default '',
    add column epidemic_commitment_en text not null default ''`.execute(db);
  await sql`create table epidemic_commitments (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    signer_name text not null,
    accepted_at timestamptz not null default now(),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (exhibition_id, user_id)
  )`.execute(db);
  await sql`create table epidemic_staff (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    name text not null,
    id_number text not null,
    mobile text not null,
    health_code_file_id text references stored_files(id),
    travel_code_file_id text references stored_files(id),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (exhibition_id, user_id, id_number)
  )`.execute(db);
  await sql`create index epidemic_staff_user_idx on epidemic_staff (exhibition_id, user_id, id)`.execute(db);
  // The page had been seeded as not shown in the side menu; its switch now decides (a data directory seeded before).
  await sql`update menus set is_menu = 1 where id = 16 and route = '/exhibitorInfo/epidemicDeclaration'`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists epidemic_staff`.execute(db);
  await sql`drop table if exists epidemic_commitments`.execute(db);
  await sql`alter table exhibitions
    drop column if exists epidemic_declaration_on,
    drop column if exists epidemic_commitment_zh,
    drop column if exists epidemic_commitment_en`.execute(db);
}
