import { sql, type Kysely } from "kysely";

/**
 * Showcases (issue 40, decision 036): the exhibitor's public page that stands in for the custom
 * mini-program. One per exhibitor and exhibition, found by a random public code; it shows 1 to 3 of
 * the exhibitor's exhibits in the chosen order. The exhibitor can switch it off (enabled), the
 * organizer can hide it (hidden_by_organizer); either way the public code answers 404.
 */
export async function up(db: Kysely<any>) {
  await sql`create table showcases (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    public_code text not null unique,
    enabled boolean not null default true,
    hidden_by_organizer boolean not null default false,
    updated_at timestamptz not null default now(),
    unique (exhibition_id, user_id)
  )`.execute(db);
  await sql`create table showcase_exhibits (
    showcase_id integer not null references showcases(id) on delete cascade,
    exhibit_id integer not null references exhibits(id) on delete cascade,
    position integer not null check (position between 1 and 3),
    primary key (showcase_id, exhibit_id),
    unique (showcase_id, position)
  )`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists showcase_exhibits`.execute(db);
  await sql`drop table if exists showcases`.execute(db);
}
