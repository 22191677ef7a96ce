import { sql, type Kysely } from "kysely";

/**
 * On-site check-in (issue 14): a badge's first scan sets badges.checked_in_at (0008); the
 * exhibitor's first arrival in the exhibition (docs/product.md § Areas, 'attendance arrived or not') is one row
 * here, written once by whichever of its badges is scanned first.
 */
export async function up(db: Kysely<any>) {
  await sql`create table exhibitor_arrivals (
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    first_arrived_at timestamptz not null,
    first_badge_id integer references badges(id) on delete set null,
    primary key (exhibition_id, user_id)
  )`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists exhibitor_arrivals`.execute(db);
}
