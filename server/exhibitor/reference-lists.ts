import type { AreaTheme, NamedItem } from "../../app/contracts/exhibitor/api-types";
import type { Database } from "../db/database";

/** The choice lists of the profile's exhibits step, per exhibition (seeded by server/seed/exhibitor-reference.ts). */

export type { AreaTheme, NamedItem };

/** A choice list's rows in their order; the lists share these columns, one table's name stands for all in the types. */
const namedRows = (db: Database, table: "exhibit_classes" | "industries" | "exhibition_themes", exhibitionId: number) =>
  db
    .selectFrom(table as "industries")
    .select(["id", "name_zh", "name_en"])
    .where("exhibition_id", "=", exhibitionId)
    .orderBy("sort")
    .orderBy("id")
    .execute();

const named = (rows: { id: number; name_zh: string; name_en: string }[]): NamedItem[] => rows.map((r) => ({ id: r.id, name: r.name_zh, nameEn: r.name_en }));

export const listExhibitClasses = async (db: Database, exhibitionId: number) => named(await namedRows(db, "exhibit_classes", exhibitionId));

export const listIndustries = async (db: Database, exhibitionId: number) => named(await namedRows(db, "industries", exhibitionId));

/** Themes with their pavilions (halls); a pavilion's id is the hall id. */
export async function listAreaClassify(db: Database, exhibitionId: number): Promise<AreaTheme[]> {
  const themes = await namedRows(db, "exhibition_themes", exhibitionId);
  const halls = themes.length
    ? await db
        .selectFrom("theme_halls")
        .innerJoin("halls", "halls.id", "theme_halls.hall_id")
        .select(["theme_halls.theme_id", "halls.id", "halls.code", "halls.name_zh", "halls.name_en"])
        .where(
          "theme_halls.theme_id",
          "in",
          themes.map((t) => t.id),
        )
        .orderBy("halls.sort")
        .orderBy("halls.id")
        .execute()
    : [];
  return themes.map((t) => ({
    id: t.id,
    name: t.name_zh,
    nameEn: t.name_en,
    pavilions: halls.filter((h) => h.theme_id === t.id).map((h) => ({ id: h.id, code: h.code, name: h.name_zh, nameEn: h.name_en })),
  }));
}
