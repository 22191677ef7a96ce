import { sql, type Kysely } from "kysely";

/**
 * Issue 52: the special-booth drawing site becomes one of the organizer's settings
 * (exhibition_settings 'drawingSiteUrl', edited on /index/settings) instead of a column of the
 * construction settings: one place for it. The home menu's item takes its link from the setting,
 * so the menu row's own url is cleared.
 */
export async function up(db: Kysely<any>) {
  await sql`insert into exhibition_settings (exhibition_id, key, value)
    select exhibition_id, 'drawingSiteUrl', drawing_site_url from construction_settings
    where drawing_site_url is not null and btrim(drawing_site_url) <> ''
    on conflict (exhibition_id, key) do nothing`.execute(db);
  await sql`alter table construction_settings drop column drawing_site_url`.execute(db);
  await sql`update menus set url = null where route = '/index/drawingSubmission'`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`alter table construction_settings add column drawing_site_url text`.execute(db);
  await sql`update construction_settings c set drawing_site_url = s.value
    from exhibition_settings s where s.exhibition_id = c.exhibition_id and s.key = 'drawingSiteUrl'`.execute(db);
}
