import { sql, type Kysely } from "kysely";

/**
 * Checklist reminders (issue 39, decision 034): each exhibition's reminder settings (how many days
 * before a deadline, and whether once more when it is overdue) and the log of every reminder sent.
 * The log's unique key (exhibitor, item, kind) is what makes a reminder go once: a sender claims the
 * row first (insert … on conflict do nothing) and sends only when it took it, in any process.
 */
export async function up(db: Kysely<any>) {
  await sql`create table reminder_settings (
    exhibition_id integer primary key references exhibitions(id) on delete cascade,
    days_before integer[] not null default '{7,2}',
    overdue boolean not null default true,
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table reminder_log (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    schedule_item_id integer not null references schedule_items(id) on delete cascade,
    kind text not null,
    status text not null default 'claimed' check (status in ('claimed', 'sent', 'failed')),
    email boolean not null default false,
    sms boolean not null default false,
    sent_by integer references users(id) on delete set null,
    created_at timestamptz not null default now(),
    sent_at timestamptz,
    unique (user_id, schedule_item_id, kind)
  )`.execute(db);
  await sql`create index reminder_log_item on reminder_log (schedule_item_id, created_at)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists reminder_log`.execute(db);
  await sql`drop table if exists reminder_settings`.execute(db);
}
