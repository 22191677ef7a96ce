import { sql, type Kysely } from "kysely";

/**
 * Promotion (issue 38, decision 031): one tracking code per exhibitor and exhibition (the QR link of
 * its invitations and posters carries it), and the rendered images kept as stored files until the
 * inputs they were made from change (input_hash).
 */
export async function up(db: Kysely<any>) {
  await sql`create table promotion_codes (
    code text primary key,
    user_id integer not null references users(id) on delete cascade,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    created_at timestamptz not null default now(),
    unique (user_id, exhibition_id)
  )`.execute(db);
  await sql`create table promotion_images (
    user_id integer not null references users(id) on delete cascade,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    kind text not null,
    format text not null check (format in ('png', 'pdf')),
    input_hash text not null,
    file_id text not null references stored_files(id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (user_id, exhibition_id, kind, format)
  )`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists promotion_images`.execute(db);
  await sql`drop table if exists promotion_codes`.execute(db);
}
