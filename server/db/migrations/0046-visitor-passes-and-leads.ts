import crypto from "node:crypto";
import { sql, type Kysely } from "kysely";

/**
 * Issue 56 (docs/decisions/070): visitors' passes and the leads exhibitors capture by scanning them.
 *
 * - `visitors.pass_key`: the random part of the visitor's pass codes (16 bytes, base64url): the QR's
 *   lead code and the pass page's link are both signed over it (server/leads/pass-codes.ts). Null once
 *   the visitor's personal data is erased: the pass stops working.
 * - `lead_consent`: the visitor's separate consent (PIPL) that exhibitors who scan the pass receive the
 *   contact details; withdrawn on the pass page. `checked_in_at`: the first scan at the entrance.
 *   `erased_at`: the personal data was deleted (on request or by the purge); an anonymous row stays.
 * - `leads`: one per company and visitor (scanning again opens the same lead). `lead_scans`: every scan,
 *   with the id the device made for it when it was queued offline: unique per company, so a scan sent
 *   five times is one scan. It outlives a deleted lead (lead_id set null), so a late repeat does not
 *   bring the lead back.
 * - `lead_tags`: the tags a company defines for its leads.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table visitors
    add column pass_key text,
    add column lead_consent boolean not null default false,
    add column lead_consent_at timestamptz,
    add column checked_in_at timestamptz,
    add column erased_at timestamptz`.execute(db);
  const rows = await db.selectFrom("visitors").select("id").execute();
  for (const row of rows) {
    await db
      .updateTable("visitors")
      .set({ pass_key: crypto.randomBytes(16).toString("base64url") })
      .where("id", "=", row.id)
      .execute();
  }
  await sql`create unique index visitors_pass_key on visitors (pass_key)`.execute(db);

  await sql`create table lead_tags (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    company_user_id integer not null references users(id) on delete cascade,
    name text not null,
    created_at timestamptz not null default now(),
    unique (company_user_id, name)
  )`.execute(db);

  await sql`create table leads (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    company_user_id integer not null references users(id) on delete cascade,
    visitor_id integer not null references visitors(id) on delete cascade,
    rating text check (rating in ('hot', 'warm', 'cold')),
    notes text not null default '',
    tag_ids jsonb not null default '[]',
    follow_up boolean not null default false,
    scanned_by_user_id integer references users(id) on delete set null,
    scanned_by_label text not null,
    first_scanned_at timestamptz not null,
    updated_at timestamptz not null default now(),
    unique (company_user_id, visitor_id)
  )`.execute(db);
  await sql`create index leads_exhibition on leads (exhibition_id, first_scanned_at)`.execute(db);

  await sql`create table lead_scans (
    id serial primary key,
    company_user_id integer not null references users(id) on delete cascade,
    lead_id integer references leads(id) on delete set null,
    device_scan_id text,
    scanned_by_user_id integer references users(id) on delete set null,
    scanned_at timestamptz not null,
    received_at timestamptz not null default now(),
    unique (company_user_id, device_scan_id)
  )`.execute(db);
  await sql`create index lead_scans_lead on lead_scans (lead_id)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists lead_scans`.execute(db);
  await sql`drop table if exists leads`.execute(db);
  await sql`drop table if exists lead_tags`.execute(db);
  await sql`drop index if exists visitors_pass_key`.execute(db);
  await sql`alter table visitors
    drop column if exists pass_key,
    drop column if exists lead_consent,
    drop column if exists lead_consent_at,
    drop column if exists checked_in_at,
    drop column if exists erased_at`.execute(db);
}
