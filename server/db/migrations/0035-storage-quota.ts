import { sql, type Kysely } from "kysely";

/**
 * Stored bytes per account (issue 50): the organizer's own quota for an account, in MB (null: the
 * default, UPLOAD_QUOTA_MB); the sweep of completed files no record refers to looks them up by age.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table users add column upload_quota_mb integer check (upload_quota_mb > 0)`.execute(db);
  await sql`create index stored_files_created_idx on stored_files (created_at)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop index if exists stored_files_created_idx`.execute(db);
  await sql`alter table users drop column upload_quota_mb`.execute(db);
}
