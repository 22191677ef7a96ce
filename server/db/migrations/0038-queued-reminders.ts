import { sql, type Kysely } from "kysely";

/**
 * Issue 51: the organizer's "send now" is logged when it is asked for, one row per exhibitor with
 * status 'queued', so the page it returns to lists it before the job queue's worker has run; the
 * worker then claims each queued row (queued → claimed) and sends it, as before (decision 034).
 */
export async function up(db: Kysely<any>) {
  await sql`alter table reminder_log drop constraint reminder_log_status_check`.execute(db);
  await sql`alter table reminder_log add constraint reminder_log_status_check check (status in ('queued', 'claimed', 'sent', 'failed'))`.execute(db);
}

export async function down(db: Kysely<any>) {
  // A reminder still queued was never sent: it leaves the log with the status.
  await sql`delete from reminder_log where status = 'queued'`.execute(db);
  await sql`alter table reminder_log drop constraint reminder_log_status_check`.execute(db);
  await sql`alter table reminder_log add constraint reminder_log_status_check check (status in ('claimed', 'sent', 'failed'))`.execute(db);
}
