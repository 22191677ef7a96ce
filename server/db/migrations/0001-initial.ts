import { sql, type Kysely } from "kysely";

const statements = [
  `create table exhibitions (
    id serial primary key,
    code text not null unique,
    name_zh text not null,
    name_en text not null,
    starts_on date not null,
    ends_on date not null,
    venue_zh text not null,
    venue_en text not null,
    is_current boolean not null default false
  )`,
  `create table halls (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    code text not null,
    name_zh text not null,
    name_en text not null,
    sort integer not null default 0,
    unique (exhibition_id, code)
  )`,
  `create table roles (
    id integer primary key,
    code text not null unique,
    name_zh text not null,
    name_en text not null
  )`,
  `create table users (
    id serial primary key,
    username text not null,
    password_hash text not null,
    role_id integer not null references roles(id),
    exhibition_id integer not null references exhibitions(id),
    business_name text,
    business_name_en text,
    created_at timestamptz not null default now(),
    password_changed_at timestamptz
  )`,
  `create unique index users_username_key on users (lower(username))`,
  `create table booths (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    hall_id integer references halls(id),
    booth_no text not null,
    booth_type smallint not null check (booth_type in (1, 2)),
    width_m double precision not null,
    depth_m double precision not null,
    area_m2 double precision not null,
    unique (exhibition_id, booth_no)
  )`,
  `create index booths_user_idx on booths (user_id)`,
  `create table menus (
    id integer primary key,
    pid integer not null default 0,
    route text not null,
    name text not null,
    name_en text not null,
    icon text,
    is_menu smallint not null default 1,
    hidden boolean not null default false,
    remark text,
    url text,
    sort integer not null default 0
  )`,
  `create table role_menus (
    role_id integer not null references roles(id) on delete cascade,
    menu_id integer not null references menus(id) on delete cascade,
    primary key (role_id, menu_id)
  )`,
  `create table button_auths (
    id integer primary key,
    menu_id integer not null references menus(id) on delete cascade,
    url text not null,
    name text not null,
    name_en text not null,
    effect_start timestamptz,
    effect_end timestamptz,
    closed_message text,
    closed_message_en text
  )`,
  `create table role_buttons (
    role_id integer not null references roles(id) on delete cascade,
    button_id integer not null references button_auths(id) on delete cascade,
    primary key (role_id, button_id)
  )`,
  `create table sessions (
    id text primary key,
    user_id integer not null references users(id) on delete cascade,
    booth_id integer references booths(id) on delete set null,
    created_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now(),
    ip text,
    user_agent text
  )`,
  `create index sessions_user_idx on sessions (user_id)`,
  `create table login_attempts (
    id serial primary key,
    username text not null,
    ip text not null,
    succeeded boolean not null,
    created_at timestamptz not null default now()
  )`,
  `create index login_attempts_username_idx on login_attempts (lower(username), created_at)`,
  `create index login_attempts_ip_idx on login_attempts (ip, created_at)`,
  `create table captchas (
    id text primary key,
    kind text not null check (kind in ('click', 'text')),
    answer jsonb not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    attempts integer not null default 0,
    verified_at timestamptz,
    used_at timestamptz,
    ip text
  )`,
  `create index captchas_expires_idx on captchas (expires_at)`,
  `create table app_settings (
    key text primary key,
    value text not null,
    updated_at timestamptz not null default now()
  )`,
  `create table countries (
    id integer primary key,
    iso2 text not null unique,
    name_zh text not null,
    name_en text not null,
    sort integer not null
  )`,
  `create table regions (
    code text primary key,
    parent_code text,
    level smallint not null check (level between 1 and 3),
    name_zh text not null,
    name_en text not null
  )`,
  `create index regions_parent_idx on regions (parent_code)`,
];

export async function up(db: Kysely<any>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>) {
  for (const table of [
    "regions",
    "countries",
    "app_settings",
    "captchas",
    "login_attempts",
    "sessions",
    "role_buttons",
    "button_auths",
    "role_menus",
    "menus",
    "booths",
    "users",
    "roles",
    "halls",
    "exhibitions",
  ]) {
    await sql.raw(`drop table if exists ${table} cascade`).execute(db);
  }
}
