import { sql, type Kysely } from "kysely";
import { up as createBadgeHolderProbes } from "./0015-badge-holder-probes";

/**
 * Issue 54: one rate limiter (server/rate-limits, docs/decisions/060). Its hits per named limit and
 * subject replace the limiters' own tables (badge holder probes, public visitor requests, password
 * reset requests) and the invoice QR page's rows in login_attempts under the made-up user name
 * "[invoice-qr]"; the hits still in a window are carried over, so an upgrade lifts no limit.
 */
export async function up(db: Kysely<any>) {
  await sql`create table rate_limit_hits (
    limit_name text not null,
    subject text not null,
    at timestamptz not null default now()
  )`.execute(db);
  await sql`create index rate_limit_hits_window on rate_limit_hits (limit_name, subject, at)`.execute(db);
  await sql`create index rate_limit_hits_at on rate_limit_hits (at)`.execute(db);

  await sql`insert into rate_limit_hits (limit_name, subject, at)
    select 'invoiceQrPerIp', ip, created_at from login_attempts where username = '[invoice-qr]' and succeeded`.execute(db);
  await sql`delete from login_attempts where username = '[invoice-qr]' and succeeded`.execute(db);
  await sql`insert into rate_limit_hits (limit_name, subject, at)
    select case kind when 'live' then 'badgeLiveChecks' else 'badgeForeignMatches' end, user_id::text, created_at from badge_holder_probes`.execute(db);
  await sql`insert into rate_limit_hits (limit_name, subject, at) select 'visitorRequestsPerIp', ip, created_at from visitor_requests`.execute(db);
  await sql`insert into rate_limit_hits (limit_name, subject, at)
    select 'passwordResetRequests', action || ':ip:' || ip, created_at from password_reset_requests
    union all select 'passwordResetRequests', action || ':identifier:' || identifier, created_at from password_reset_requests`.execute(db);
  await sql`drop table badge_holder_probes`.execute(db);
  await sql`drop table visitor_requests`.execute(db);
  await sql`drop table password_reset_requests`.execute(db);
}

/** The old tables again, empty: a downgrade forgets the hits of the last hour at most. */
export async function down(db: Kysely<any>) {
  await createBadgeHolderProbes(db);
  await sql`create table visitor_requests (id serial primary key, ip text not null, action text not null, created_at timestamptz not null default now())`.execute(
    db,
  );
  await sql`create index visitor_requests_ip on visitor_requests (ip, created_at)`.execute(db);
  await sql`create table password_reset_requests (id serial primary key, ip text not null, identifier text not null,
    action text not null check (action in ('request', 'code')), created_at timestamptz not null default now())`.execute(db);
  await sql`create index password_reset_requests_ip on password_reset_requests (ip, created_at)`.execute(db);
  await sql`create index password_reset_requests_identifier on password_reset_requests (identifier, created_at)`.execute(db);
  await sql`drop table if exists rate_limit_hits`.execute(db);
}
