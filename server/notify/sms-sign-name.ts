import type { Database } from "../db/database";
import { readExhibitionSetting } from "../exhibition-settings/store";
import type { SignNameSource } from "./sms-template";

/**
 * The SMS signature (decision 053): the organizer's setting (smsSignName of the current exhibition,
 * on the settings page) wins; SMS_SIGN_NAME is the fallback, for a server whose database is not at hand.
 */
export function smsSignName(fallback: string | undefined, db?: Database): SignNameSource {
  return async () => {
    if (db) {
      const current = await db.selectFrom("exhibitions").select("id").where("is_current", "=", true).orderBy("id", "desc").executeTakeFirst();
      const setting = current ? (await readExhibitionSetting(db, current.id, "smsSignName"))?.trim() : undefined;
      if (setting) return setting;
    }
    return fallback;
  };
}
