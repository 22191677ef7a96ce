import { sql, type Kysely } from "kysely";

/**
 * One-time password links and codes (issue 39, decision 033): an activation link (7 days) or a reset
 * link (1 hour) whose token only a SHA-256 hash of is kept, and a reset code by SMS (10 minutes, 5
 * tries) kept as a salted hash. A new one voids the account's older unused ones of the same purpose.
 * `password_reset_requests` counts the public forgot-password and code calls per address and per typed
 * identifier (the rate limits and the captcha); the messages per account are counted from the tokens.
 */
export async function up(db: Kysely<any>) {
  await sql`create table password_tokens (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    purpose text not null check (purpose in ('activate', 'reset')),
    channel text not null check (channel in ('link', 'sms')),
    token_hash text not null unique,
    attempts integer not null default 0,
    expires_at timestamptz not null,
    used_at timestamptz,
    voided_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index password_tokens_user on password_tokens (user_id, purpose, created_at)`.execute(db);
  await sql`create table password_reset_requests (
    id serial primary key,
    ip text not null,
    identifier text not null,
    action text not null check (action in ('request', 'code')),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index password_reset_requests_ip on password_reset_requests (ip, created_at)`.execute(db);
  await sql`create index password_reset_requests_identifier on password_reset_requests (identifier, created_at)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists password_reset_requests`.execute(db);
  await sql`drop table if exists password_tokens`.execute(db);
}
