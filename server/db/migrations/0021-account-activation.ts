import { sql, type Kysely } from "kysely";

/**
 * Imported exhibitor accounts (issue 39, decision 032): an account is activated once it has a
 * password of its own. Accounts made before this migration, and every account made with a password
 * (create-user, the seed), are activated when created; an imported one has `activated_at` null and an
 * empty `password_hash`, which no password matches. The contact person of the import lives on the
 * account beside its mobile and e-mail. A previewed import file waits in `exhibitor_import_stages`
 * (base64, one hour at most) until the organizer confirms it; the confirmation checks it again.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table users
    add column activated_at timestamptz default now(),
    add column contact_name text`.execute(db);
  await sql`update users set activated_at = coalesce(password_changed_at, created_at)`.execute(db);
  await sql`create table exhibitor_import_stages (
    id text primary key,
    user_id integer not null references users(id) on delete cascade,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    file_base64 text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists exhibitor_import_stages`.execute(db);
  await sql`alter table users drop column if exists contact_name, drop column if exists activated_at`.execute(db);
}
