import { sql, type Kysely } from "kysely";

/**
 * Invitations (issue 38): the organizer's templates (language, how many exhibits they show, an
 * optional background image) and the exhibitors' invitations made from them with chosen exhibits.
 */
export async function up(db: Kysely<any>) {
  await sql`create table invitation_templates (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    name_zh text not null,
    name_en text not null,
    language text not null check (language in ('zh', 'en', 'bilingual')),
    exhibit_slots integer not null check (exhibit_slots between 1 and 6),
    background_file_id text references stored_files(id) on delete set null,
    sort integer not null default 0,
    active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table invitations (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    template_id integer not null references invitation_templates(id),
    name text not null,
    company_name text not null,
    exhibit_ids jsonb not null default '[]',
    version integer not null default 1,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index invitations_owner on invitations (user_id, id)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists invitations`.execute(db);
  await sql`drop table if exists invitation_templates`.execute(db);
}
