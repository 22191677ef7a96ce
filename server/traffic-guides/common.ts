import { sql } from "kysely";
import type { GuideDays, GuideIntro } from "../../app/contracts/traffic-guides/api-types";
import type { Guide } from "../../app/contracts/traffic-guides/values";
import { ApiCode, fieldError, notFound } from "../api/envelope";
import type { Caller } from "../auth/caller";
import { constructionSettings } from "../booth-construction/common";
import type { Database } from "../db/database";

/**
 * What the bus and the parking guide share (issue 41): who may see hidden rows (the organizer,
 * roleId 1), the intros, the days a timetable may name (build-up to closing), the not-found answer.
 */
export type Who = Pick<Caller, "userId" | "exhibitionId" | "roleId">;

export const guideNotFound = (field?: string) =>
  field ? fieldError("trafficGuides.errors.notFound", field, {}, ApiCode.notFound) : notFound("trafficGuides.errors.notFound");

export async function guideIntro(db: Database, exhibitionId: number, guide: Guide): Promise<GuideIntro> {
  const row = await db
    .selectFrom("traffic_guide_intros")
    .select(["body_zh", "body_en"])
    .where("exhibition_id", "=", exhibitionId)
    .where("guide", "=", guide)
    .executeTakeFirst();
  return { guide, bodyZh: row?.body_zh ?? "", bodyEn: row?.body_en ?? "" };
}

export async function saveIntro(db: Database, who: Who, input: { guide: Guide; bodyZh?: string; bodyEn?: string }): Promise<GuideIntro> {
  const values = { body_zh: input.bodyZh ?? "", body_en: input.bodyEn ?? "" };
  await db
    .insertInto("traffic_guide_intros")
    .values({ exhibition_id: who.exhibitionId, guide: input.guide, ...values })
    .onConflict((oc) => oc.columns(["exhibition_id", "guide"]).doUpdateSet({ ...values, updated_at: sql`now()` }))
    .execute();
  return guideIntro(db, who.exhibitionId, input.guide);
}

/** The exhibition's build-up days and show days: the days a bus may run on in its guide. */
export async function guideDays(db: Database, exhibitionId: number): Promise<GuideDays> {
  const [settings, exhibition] = await Promise.all([
    constructionSettings(db, exhibitionId),
    db
      .selectFrom("exhibitions")
      .select([sql<string>`to_char(starts_on, 'YYYY-MM-DD')`.as("opens"), sql<string>`to_char(ends_on, 'YYYY-MM-DD')`.as("ends")])
      .where("id", "=", exhibitionId)
      .executeTakeFirstOrThrow(),
  ]);
  // Days as YYYY-MM-DD compare as text; a build-up set after opening would be a typo, so opening bounds it.
  const buildUpFrom = [settings.buildUpFrom, exhibition.opens].sort()[0]!;
  return { buildUpFrom, opensOn: exhibition.opens, endsOn: exhibition.ends };
}
