import { sql, type Kysely } from "kysely";

/** Uploads: reading rights beyond owner and organizer, granted by the record a file belongs to. */
export async function up(db: Kysely<any>) {
  await sql`create table file_grants (
    file_id text not null references stored_files(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (file_id, user_id)
  )`.execute(db);
  await sql`create index stored_files_owner_idx on stored_files (owner_user_id)`.execute(db);
  // The key the file was uploaded under, before it was moved out of the uploader's reach: makes completing idempotent.
  await sql`alter table stored_files add column upload_key text unique`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists file_grants`.execute(db);
  await sql`drop index if exists stored_files_owner_idx`.execute(db);
  await sql`alter table stored_files drop column if exists upload_key`.execute(db);
}
