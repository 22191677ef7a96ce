import { sql, type Kysely } from "kysely";

/**
 * Issue 53: backups. `backup_runs` is the log of every backup and restore (the organizer's home shows
 * the last good one); at most one backup runs at a time (the partial unique index), whichever process
 * starts it. While one runs, objects are not deleted from the store but noted in
 * `deferred_object_deletions` and deleted once it has finished, so that every file the backup's
 * database snapshot names is still there to be copied.
 */
export async function up(db: Kysely<any>) {
  await sql`create table backup_runs (
    id serial primary key,
    kind text not null check (kind in ('backup', 'restore')),
    trigger text not null check (trigger in ('command', 'schedule')),
    status text not null check (status in ('running', 'done', 'failed')),
    started_at timestamptz not null default now(),
    heartbeat_at timestamptz not null default now(),
    finished_at timestamptz,
    archive text,
    archive_bytes bigint,
    rows_count bigint,
    files_count integer,
    migration text,
    error text
  )`.execute(db);
  await sql`create unique index backup_runs_one_running on backup_runs ((true)) where status = 'running'`.execute(db);
  await sql`create index backup_runs_finished on backup_runs (finished_at desc) where status = 'done' and kind = 'backup'`.execute(db);
  await sql`create table deferred_object_deletions (
    storage_key text primary key,
    deferred_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists deferred_object_deletions`.execute(db);
  await sql`drop table if exists backup_runs`.execute(db);
}
