import { sql, type Kysely } from "kysely";

/**
 * Issue 52: what an organizer sets for a real show (the filing number, the user guide, the contact
 * code, the public address, the SMS signature…), one row per exhibition and setting, edited on the
 * organizer's settings pages and by the CLI. A setting without a row is empty: its element is not shown.
 */
export async function up(db: Kysely<any>) {
  await sql`create table exhibition_settings (
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    key text not null,
    value text not null,
    updated_at timestamptz not null default now(),
    updated_by integer references users(id) on delete set null,
    primary key (exhibition_id, key)
  )`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists exhibition_settings`.execute(db);
}
