import { sql, type Kysely } from "kysely";

/**
 * Issue 52: the database says whether it holds the demo. The demo seed marks its exhibition; a real
 * exhibition (cli.js setup) is unmarked. A demo seeded before this migration is recognised by its
 * code and its published organizer account, the two things only the demo seed ever created together.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table exhibitions add column is_demo boolean not null default false`.execute(db);
  await sql`update exhibitions set is_demo = true
    where code = 'PITF2026' and exists (select 1 from users where users.username = 'admin' and users.exhibition_id = exhibitions.id)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`alter table exhibitions drop column if exists is_demo`.execute(db);
}
