import { sql, type Kysely } from "kysely";

/**
 * Issue 55 (docs/decisions/069): teams and history.
 *
 * - An exhibitor's team member and an organizer's staff account are `users` rows with their own sign-in
 *   (role 4, "member", is reference data: every start adds it, server/seed/roles.ts, as a migration's row
 *   would make a new database not empty for a restore);
 *   `team_members` says whose team they are on. A member (role 4) signs in to act for its company's
 *   account (`company_user_id`): its session's user_id is the company's and `sessions.member_user_id`
 *   names the person. A staff account is an organizer (role 1) whose `staff_role_id` limits it.
 * - Grants are by area (app/contracts/team/areas.ts), read or edit: a member's own (`member_grants`), a
 *   staff account's through its role (`staff_role_grants`).
 * - `history` is append-only: no code updates or deletes a row and the table refuses it. It has no
 *   foreign keys on purpose: a cascade would be an update, and the history outlives what it names.
 */
export async function up(db: Kysely<any>) {
  await sql`create table staff_roles (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    builtin text,
    name_zh text not null,
    name_en text not null,
    sees_personal_data boolean not null default false,
    created_at timestamptz not null default now(),
    unique (exhibition_id, builtin)
  )`.execute(db);
  await sql`create table staff_role_grants (
    role_id integer not null references staff_roles(id) on delete cascade,
    area text not null,
    level text not null check (level in ('read', 'edit')),
    primary key (role_id, area)
  )`.execute(db);

  await sql`create table team_members (
    user_id integer primary key references users(id) on delete cascade,
    company_user_id integer references users(id) on delete cascade,
    staff_role_id integer references staff_roles(id),
    display_name text not null,
    invited_by integer references users(id) on delete set null,
    invited_at timestamptz not null default now(),
    revoked_at timestamptz,
    check ((company_user_id is null) <> (staff_role_id is null))
  )`.execute(db);
  await sql`create index team_members_company on team_members (company_user_id) where company_user_id is not null`.execute(db);
  await sql`create table member_grants (
    user_id integer not null references team_members(user_id) on delete cascade,
    area text not null,
    level text not null check (level in ('read', 'edit')),
    primary key (user_id, area)
  )`.execute(db);
  await sql`alter table sessions add column member_user_id integer references users(id) on delete cascade`.execute(db);
  await sql`create index sessions_member on sessions (member_user_id) where member_user_id is not null`.execute(db);

  // An integer id (not bigint): two billion entries are far beyond a show, and both engines read it as a number.
  await sql`create table history (
    id serial primary key,
    exhibition_id integer not null,
    at timestamptz not null,
    actor_user_id integer,
    actor_label text not null,
    actor_company text,
    actor_role text not null,
    on_behalf_of text,
    company_user_id integer,
    area text,
    kind text not null,
    action text not null,
    record_type text,
    record_id text,
    summary text,
    changes jsonb
  )`.execute(db);
  await sql`create index history_exhibition_at on history (exhibition_id, at desc, id desc)`.execute(db);
  await sql`create index history_record on history (record_type, record_id, id)`.execute(db);
  await sql`create index history_company on history (company_user_id, at desc) where company_user_id is not null`.execute(db);
  await sql`create function history_is_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'history is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
    end
  $$`.execute(db);
  await sql`create trigger history_append_only before update or delete on history
    for each row execute function history_is_append_only()`.execute(db);
  await sql`create trigger history_no_truncate before truncate on history
    for each statement execute function history_is_append_only()`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists history`.execute(db);
  await sql`drop function if exists history_is_append_only()`.execute(db);
  await sql`drop index if exists sessions_member`.execute(db);
  await sql`alter table sessions drop column if exists member_user_id`.execute(db);
  for (const table of ["member_grants", "team_members", "staff_role_grants", "staff_roles"]) await sql.raw(`drop table if exists ${table}`).execute(db);
}
