import { sql, type Kysely } from "kysely";

const statements = [
  // Contact details shown (masked for everyone but roleId 1) in the shell and on the home page.
  `alter table users add column contact_phone text`,
  `alter table users add column contact_email text`,
  `create table user_preferences (
    user_id integer primary key references users(id) on delete cascade,
    skin text,
    updated_at timestamptz not null default now()
  )`,
  `create table feedback (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    type smallint not null,
    content text not null,
    img_url text,
    created_at timestamptz not null default now()
  )`,
  `create index feedback_user_idx on feedback (user_id, created_at)`,
  `create table stored_files (
    id text primary key,
    owner_user_id integer references users(id) on delete set null,
    folder text not null,
    original_name text not null,
    content_type text not null,
    size_bytes integer not null,
    storage_key text not null unique,
    created_at timestamptz not null default now()
  )`,
  `create table content_pages (
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    slug text not null,
    title_zh text not null,
    title_en text not null,
    body_zh text not null,
    body_en text not null,
    updated_at timestamptz not null default now(),
    primary key (exhibition_id, slug)
  )`,
  `create table schedule_items (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    title_zh text not null,
    title_en text not null,
    deadline timestamptz not null,
    link text not null,
    done_check text,
    sort integer not null default 0
  )`,
  `create index schedule_items_exhibition_idx on schedule_items (exhibition_id, sort)`,
];

export async function up(db: Kysely<any>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>) {
  await sql.raw(`alter table users drop column if exists contact_phone`).execute(db);
  await sql.raw(`alter table users drop column if exists contact_email`).execute(db);
  for (const table of ["schedule_items", "content_pages", "stored_files", "feedback", "user_preferences"]) {
    await sql.raw(`drop table if exists ${table} cascade`).execute(db);
  }
}
