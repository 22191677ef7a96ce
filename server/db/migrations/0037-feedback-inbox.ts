import { sql, type Kysely } from "kysely";

/**
 * The organizer's feedback inbox (issue 51): a feedback is handled (when, by whom) or not; the inbox
 * lists the newest first.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table feedback
    add column handled_at timestamptz,
    add column handled_by integer references users(id) on delete set null`.execute(db);
  await sql`create index feedback_created_idx on feedback (created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop index if exists feedback_created_idx`.execute(db);
  await sql`alter table feedback drop column if exists handled_by, drop column if exists handled_at`.execute(db);
}
