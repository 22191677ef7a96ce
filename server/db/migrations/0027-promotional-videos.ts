import { sql, type Kysely } from "kysely";

/**
 * Promotional videos (issue 40, decision 037): one row per exhibitor and exhibition, holding both
 * the last job (state, progress, error, the orientation asked for) and the last good video (its
 * object-store keys, size, duration), which a new job replaces only when it succeeds. `generation`
 * counts the starts: a job names the generation it was queued for, and a worker claims it
 * (queued → rendering) with a where clause, so a job run twice renders once. The partial unique
 * index states the rule "one active job per exhibitor" on its own.
 */
export async function up(db: Kysely<any>) {
  await sql`create table promotional_videos (
    id serial primary key,
    exhibition_id integer not null references exhibitions(id) on delete cascade,
    user_id integer not null references users(id) on delete cascade,
    public_code text not null unique,
    state text not null default 'queued' check (state in ('queued', 'rendering', 'done', 'failed')),
    progress integer not null default 0 check (progress between 0 and 100),
    error text,
    orientation text not null default 'portrait' check (orientation in ('portrait', 'landscape')),
    exhibit_ids jsonb not null default '[]'::jsonb,
    generation integer not null default 1,
    attempts integer not null default 0,
    mp4_key text,
    poster_key text,
    video_orientation text check (video_orientation in ('portrait', 'landscape')),
    size_bytes bigint,
    duration_ms integer,
    video_at timestamptz,
    download_allowed boolean not null default false,
    started_at timestamptz,
    finished_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (exhibition_id, user_id)
  )`.execute(db);
  await sql`create unique index promotional_videos_one_active on promotional_videos (exhibition_id, user_id) where state in ('queued', 'rendering')`.execute(
    db,
  );
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists promotional_videos`.execute(db);
}
