import type { ExhibitionSettingKey, ExhibitionSettings } from "../../app/contracts/exhibition-settings/values";
import { isExhibitionSettingKey } from "../../app/contracts/exhibition-settings/values";
import type { Database } from "../db/database";

/**
 * The one store of the organizer's settings (0039-exhibition-settings): every page, CLI command and
 * sender reads and writes them here. A value saved empty removes its row (the setting is unset).
 */
export async function readExhibitionSettings(db: Database, exhibitionId: number): Promise<ExhibitionSettings> {
  const rows = await db.selectFrom("exhibition_settings").select(["key", "value"]).where("exhibition_id", "=", exhibitionId).execute();
  const settings: ExhibitionSettings = {};
  for (const row of rows) if (isExhibitionSettingKey(row.key)) settings[row.key] = row.value;
  return settings;
}

export async function readExhibitionSetting(db: Database, exhibitionId: number, key: ExhibitionSettingKey): Promise<string | undefined> {
  const row = await db.selectFrom("exhibition_settings").select("value").where("exhibition_id", "=", exhibitionId).where("key", "=", key).executeTakeFirst();
  return row?.value;
}

/** Saves the given settings in one statement each (inside the caller's transaction when `db` is one); empty or null unsets. */
export async function saveExhibitionSettings(
  db: Database,
  exhibitionId: number,
  values: Partial<Record<ExhibitionSettingKey, string | null | undefined>>,
  updatedBy: number | null = null,
): Promise<void> {
  for (const [key, raw] of Object.entries(values)) {
    if (raw === undefined || !isExhibitionSettingKey(key)) continue;
    const value = raw?.trim() ?? "";
    if (!value) {
      await db.deleteFrom("exhibition_settings").where("exhibition_id", "=", exhibitionId).where("key", "=", key).execute();
      continue;
    }
    await db
      .insertInto("exhibition_settings")
      .values({ exhibition_id: exhibitionId, key, value, updated_by: updatedBy })
      .onConflict((oc) => oc.columns(["exhibition_id", "key"]).doUpdateSet({ value, updated_by: updatedBy, updated_at: new Date() }))
      .execute();
  }
}
