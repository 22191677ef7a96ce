import { sql, type Kysely } from "kysely";

/**
 * Throttling the badge uniqueness checks per account (issue 36, finding 2): a row per live check
 * ('live') and per save or import row that matched another exhibitor's badge holder ('foreign').
 * Rows older than a day are purged by the housekeeping timer.
 */
export async function up(db: Kysely<any>) {
  await sql`create table badge_holder_probes (
    user_id integer not null references users(id) on delete cascade,
    kind text not null check (kind in ('live', 'foreign')),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index badge_holder_probes_user on badge_holder_probes (user_id, kind, created_at)`.execute(db);
  await sql`create index badge_holder_probes_created on badge_holder_probes (created_at)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists badge_holder_probes`.execute(db);
}
