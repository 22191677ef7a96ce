import { sql } from "kysely";
import type { ContentPageSlug } from "../../app/contracts/home/content-values";
import type { HomeContentPage } from "../../app/contracts/permission/api-types";
import type { Database } from "../db/database";

/**
 * The home area's content pages as the organizer edits them (issue 41): one row per page and
 * exhibition, titles and texts in both languages. A page the seed never made is made by its first save.
 */
const view = (row: { slug: string; title_zh: string; title_en: string; body_zh: string; body_en: string }): HomeContentPage => ({
  slug: row.slug,
  title: row.title_zh,
  titleEn: row.title_en,
  body: row.body_zh,
  bodyEn: row.body_en,
});

export async function listContentPages(db: Database, exhibitionId: number): Promise<HomeContentPage[]> {
  const rows = await db
    .selectFrom("content_pages")
    .select(["slug", "title_zh", "title_en", "body_zh", "body_en"])
    .where("exhibition_id", "=", exhibitionId)
    .orderBy("slug")
    .execute();
  return rows.map(view);
}

export async function saveContentPage(
  db: Database,
  exhibitionId: number,
  input: { slug: ContentPageSlug; titleZh: string; titleEn: string; bodyZh: string; bodyEn?: string },
): Promise<HomeContentPage> {
  const values = { title_zh: input.titleZh, title_en: input.titleEn, body_zh: input.bodyZh, body_en: input.bodyEn ?? "" };
  const row = await db
    .insertInto("content_pages")
    .values({ exhibition_id: exhibitionId, slug: input.slug, ...values })
    .onConflict((oc) => oc.columns(["exhibition_id", "slug"]).doUpdateSet({ ...values, updated_at: sql`now()` }))
    .returning(["slug", "title_zh", "title_en", "body_zh", "body_en"])
    .executeTakeFirstOrThrow();
  return view(row);
}
