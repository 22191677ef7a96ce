import { sql, type Kysely } from "kysely";

/**
 * Signed uploads not yet completed (issue 36, decision 005): one row per signature the API hands
 * out, removed when the upload is completed (claimed) or swept. Counting them bounds what one
 * account may have outstanding; the sweep removes the objects nobody completed.
 */
export async function up(db: Kysely<any>) {
  await sql`create table upload_grants (
    upload_key text primary key,
    user_id integer not null references users(id) on delete cascade,
    max_bytes integer not null check (max_bytes > 0),
    expires_at timestamptz not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index upload_grants_user on upload_grants (user_id, created_at)`.execute(db);
  await sql`create index upload_grants_created on upload_grants (created_at)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists upload_grants`.execute(db);
}
