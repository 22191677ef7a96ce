import { sql, type Kysely } from "kysely";

/**
 * The data area (issue 41): the organizer's file classes and files, per exhibition. A file points at
 * a stored file (the organizer's upload, folder data-file); a class that holds files cannot be deleted
 * (restrict). One class per exhibition may be the logo and banner class, whose files
 * /index/bannerDownload offers. Downloads are counted on the file.
 */
export async function up(db: Kysely<any>) {
  await sql`create table data_file_classes (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    name_zh text not null,
    name_en text not null,
    sort integer not null default 0,
    hidden boolean not null default false,
    banner boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index data_file_classes_one_banner on data_file_classes (exhibition_id) where banner`.execute(db);
  await sql`create table data_files (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    class_id integer not null references data_file_classes(id) on delete restrict,
    name_zh text not null,
    name_en text not null default '',
    description_zh text not null default '',
    description_en text not null default '',
    language text not null default 'all' check (language in ('all', 'zh', 'en')),
    stored_file_id text not null references stored_files(id),
    sort integer not null default 0,
    hidden boolean not null default false,
    downloads integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index data_files_class_idx on data_files (class_id, sort, id)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists data_files`.execute(db);
  await sql`drop table if exists data_file_classes`.execute(db);
}
