import { sql, type Kysely } from "kysely";

/**
 * Issue 52: the delivery log. One row per e-mail or SMS the portal asked for, written by the
 * notifier before anything is sent; the job queue's worker claims a row (queued → sending), sends it
 * and marks it sent or failed with the provider's reason. The organizer reads it on /index/messages;
 * resending a failed row logs a new row naming it (resent_from, once per failed row).
 */
export async function up(db: Kysely<any>) {
  await sql`create table messages (
    id serial primary key,
    exhibition_id integer references exhibitions(id) on delete cascade,
    user_id integer references users(id) on delete set null,
    channel text not null check (channel in ('email', 'sms')),
    kind text not null,
    recipient text not null,
    subject text,
    text text not null,
    params text,
    reply_to text,
    status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
    attempts integer not null default 0,
    reason text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    sent_at timestamptz,
    next_attempt_at timestamptz,
    resent_from integer unique references messages(id) on delete set null
  )`.execute(db);
  await sql`create index messages_exhibition_created on messages (exhibition_id, created_at desc, id desc)`.execute(db);
  // The sweep looks for rows left in 'sending' by a crash.
  await sql`create index messages_sending on messages (updated_at) where status = 'sending'`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists messages`.execute(db);
}
