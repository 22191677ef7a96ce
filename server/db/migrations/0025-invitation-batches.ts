import { sql, type Kysely } from "kysely";

/**
 * Invitation batches (issue 39, decision 034): each "send to all" (or a long chosen list) is a batch
 * with its progress, sent by a background job; its accounts are items, unique per (batch, account).
 * A sender claims an item (queued → sending) before sending, so a job run again after a crash sends
 * nobody of the batch twice.
 */
export async function up(db: Kysely<any>) {
  await sql`create table invitation_batches (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    requested_by integer references users(id) on delete set null,
    total integer not null default 0,
    sent integer not null default 0,
    failed integer not null default 0,
    skipped integer not null default 0,
    state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
    error text,
    created_at timestamptz not null default now(),
    finished_at timestamptz
  )`.execute(db);
  await sql`create index invitation_batches_exhibition on invitation_batches (exhibition_id, id desc)`.execute(db);
  await sql`create table invitation_batch_items (
    batch_id integer not null references invitation_batches(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed', 'skipped')),
    updated_at timestamptz not null default now(),
    primary key (batch_id, user_id)
  )`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists invitation_batch_items`.execute(db);
  await sql`drop table if exists invitation_batches`.execute(db);
}
