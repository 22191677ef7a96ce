import { sql, type Kysely } from "kysely";

/**
 * Revocable QR links (issue 36, item 4): each invoice application's QR tokens carry the link version
 * they were signed for, and only the application's current version opens the page. Revoking or
 * renewing raises the version, so every link handed out before answers 'invalid'; a revoked link has
 * no successor until the exhibitor renews it. Who changed it last is kept for the organizer.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table invoice_applications
    add column qr_link_version integer not null default 0 check (qr_link_version >= 0),
    add column qr_link_revoked_at timestamptz,
    add column qr_link_changed_by integer references users(id) on delete set null`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`alter table invoice_applications drop column if exists qr_link_changed_by, drop column if exists qr_link_revoked_at, drop column if exists qr_link_version`.execute(
    db,
  );
}
