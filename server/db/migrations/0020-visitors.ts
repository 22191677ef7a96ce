import { sql, type Kysely } from "kysely";

/**
 * Visitor pre-registration (issue 38, decision 031): views of the public page once per (code, day,
 * visitor key), the key a hash of address and user agent under a salt kept for the day only; the
 * visitors, one per exhibition and mobile, counted to the first inviter; their SMS codes; the public
 * calls per address (the flood limit and the captcha); and the exhibition's setting that lets
 * exhibitors see the contacts of visitors who consented.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table exhibitions add column visitor_contacts_shared boolean not null default false`.execute(db);
  await sql`create table promotion_view_salts (
    day date primary key,
    salt text not null
  )`.execute(db);
  await sql`create table promotion_views (
    code text not null references promotion_codes(code) on delete cascade,
    day date not null,
    visitor_key text not null,
    created_at timestamptz not null default now(),
    primary key (code, day, visitor_key)
  )`.execute(db);
  await sql`create index promotion_views_day on promotion_views (day)`.execute(db);
  await sql`create table visitors (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    visitor_no integer not null,
    inviter_user_id integer references users(id) on delete set null,
    source_code text,
    source_invitation_id integer references invitations(id) on delete set null,
    name text not null,
    company text not null,
    position text not null default '',
    mobile text not null,
    email text not null,
    country_id integer not null references countries(id),
    province_code text references regions(code),
    interest_class_ids jsonb not null default '[]',
    consent boolean not null default false,
    language text not null default 'zh' check (language in ('zh', 'en')),
    created_at timestamptz not null default now(),
    unique (exhibition_id, mobile),
    unique (exhibition_id, visitor_no)
  )`.execute(db);
  await sql`create index visitors_inviter on visitors (exhibition_id, inviter_user_id, created_at)`.execute(db);
  await sql`create table visitor_codes (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    mobile text not null,
    code_hash text not null,
    attempts integer not null default 0,
    expires_at timestamptz not null,
    consumed_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index visitor_codes_mobile on visitor_codes (exhibition_id, mobile, id)`.execute(db);
  await sql`create table visitor_requests (
    id serial primary key,
    ip text not null,
    action text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index visitor_requests_ip on visitor_requests (ip, created_at)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists visitor_requests`.execute(db);
  await sql`drop table if exists visitor_codes`.execute(db);
  await sql`drop table if exists visitors`.execute(db);
  await sql`drop table if exists promotion_views`.execute(db);
  await sql`drop table if exists promotion_view_salts`.execute(db);
  await sql`alter table exhibitions drop column if exists visitor_contacts_shared`.execute(db);
}
