import { sql, type Kysely } from "kysely";

/**
 * An exhibitor's exhibits (issue 38): its products with names and descriptions in both languages, an
 * exhibit class of the exhibition, and 1 to 6 images (stored files of the 'exhibits-img' folder, in
 * order). The invitations, the showcase and the public exhibitor page show them.
 */
export async function up(db: Kysely<any>) {
  await sql`create table exhibits (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    class_id integer references exhibit_classes(id) on delete set null,
    name_zh text not null,
    name_en text not null default '',
    description_zh text not null default '',
    description_en text not null default '',
    image_file_ids jsonb not null default '[]',
    sort integer not null default 0,
    version integer not null default 1,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index exhibits_owner on exhibits (user_id, sort, id)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists exhibits`.execute(db);
}
