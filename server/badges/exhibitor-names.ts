import type { Db } from "../db/database";
import { readDraft } from "../exhibitor/profiles";

export type ExhibitorNames = { zh: string | null; en: string | null; username: string };

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

/**
 * Exhibitors' company names as badges, the review and the check-in desk show them: the profile's
 * (as submitted, else the draft), else the account's business names; the username when neither.
 */
export async function exhibitorNamesOf(db: Db, exhibitionId: number, userIds: number[]): Promise<Map<number, ExhibitorNames>> {
  const ids = [...new Set(userIds)];
  const names = new Map<number, ExhibitorNames>();
  if (!ids.length) return names;
  const [users, profiles] = await Promise.all([
    db.selectFrom("users").select(["id", "username", "business_name", "business_name_en"]).where("id", "in", ids).execute(),
    db
      .selectFrom("exhibitor_profiles")
      .select(["user_id", "submitted", "draft"])
      .where("exhibition_id", "=", exhibitionId)
      .where("user_id", "in", ids)
      .execute(),
  ]);
  const profileOf = new Map(profiles.map((p) => [p.user_id, readDraft(p.submitted ?? p.draft)]));
  for (const user of users) {
    const profile = profileOf.get(user.id) ?? {};
    names.set(user.id, {
      zh: text(profile.companyNameZh) ?? text(user.business_name),
      en: text(profile.companyNameEn) ?? text(user.business_name_en),
      username: user.username,
    });
  }
  return names;
}

/** One name in the page's language, the other language's when it is missing, else the username. */
export function exhibitorNameIn(names: ExhibitorNames | undefined, language: "zh" | "en", fallback = "") {
  if (!names) return fallback;
  return (language === "en" ? (names.en ?? names.zh) : (names.zh ?? names.en)) ?? names.username;
}
