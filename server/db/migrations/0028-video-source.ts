import { sql, type Kysely } from "kysely";

/**
 * Which video an exhibitor's public link plays (issue 40, decision 037): its generated video, or the
 * company video of its approved profile (shows_uploaded). The choice can be made before any
 * generation, so a row may now exist without a job: state 'idle'.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table promotional_videos add column shows_uploaded boolean not null default false`.execute(db);
  await sql`alter table promotional_videos drop constraint promotional_videos_state_check`.execute(db);
  await sql`alter table promotional_videos add constraint promotional_videos_state_check check (state in ('idle', 'queued', 'rendering', 'done', 'failed'))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>) {
  await sql`delete from promotional_videos where state = 'idle'`.execute(db);
  await sql`alter table promotional_videos drop constraint promotional_videos_state_check`.execute(db);
  await sql`alter table promotional_videos add constraint promotional_videos_state_check check (state in ('queued', 'rendering', 'done', 'failed'))`.execute(
    db,
  );
  await sql`alter table promotional_videos drop column shows_uploaded`.execute(db);
}
