import { sql, type Kysely } from "kysely";

/**
 * The exhibition calendar (issue 39, decision 035): a button's window may end with a date of the
 * user's exhibition (a checklist item's done check, or exhibition-opens / exhibition-closes /
 * build-up-ends / advance-prices-end, app/contracts/calendar/values.ts) instead of a fixed time.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table button_auths add column closes_with text`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`alter table button_auths drop column if exists closes_with`.execute(db);
}
