import { sql } from "kysely";
import type { Db } from "../db/database";
import { readDraft } from "./profiles";

export type ExhibitorNames = { zh: string | null; en: string | null; username: string };

/** A text field of a profile or an account, trimmed; null when absent or blank. */
export const profileText = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

/**
 * Exhibitors' company names: the profile's, else the account's business names (the username beside
 * them for the last fallback). Which profile: `latest`, as submitted else the draft (badges, reviews,
 * check-in, invoices, transport, vehicles); `reviewed`, only as submitted, what the organizer
 * reviewed (contracts, the safety commitment, a new fascia).
 */
export async function exhibitorNamesOf(
  db: Db,
  exhibitionId: number,
  userIds: number[],
  profile: "latest" | "reviewed" = "latest",
): Promise<Map<number, ExhibitorNames>> {
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
  const profileOf = new Map(profiles.map((p) => [p.user_id, readDraft(profile === "reviewed" ? p.submitted : (p.submitted ?? p.draft))]));
  for (const user of users) {
    const data = profileOf.get(user.id) ?? {};
    names.set(user.id, {
      zh: profileText(data.companyNameZh) ?? profileText(user.business_name),
      en: profileText(data.companyNameEn) ?? profileText(user.business_name_en),
      username: user.username,
    });
  }
  return names;
}

/** The company name in the language, the other language's when it is missing; null when neither is known. */
export const companyNameIn = (names: Pick<ExhibitorNames, "zh" | "en">, language: "zh" | "en") =>
  language === "en" ? (names.en ?? names.zh) : (names.zh ?? names.en);

/** One name in the page's language, the other language's when it is missing, else the username. */
export function exhibitorNameIn(names: ExhibitorNames | undefined, language: "zh" | "en", fallback = "") {
  if (!names) return fallback;
  return companyNameIn(names, language) ?? names.username;
}

/**
 * Whether any name the exhibitor is known by matches `like` (an ilike pattern): the account's username
 * and business names, the profile's company names (as submitted, else the draft). The query joins the
 * account as `u` and the exhibition's profile as `p`.
 */
export const knownByName = (like: string) =>
  sql<boolean>`(${sql.join(
    [
      sql`u.username`,
      sql`u.business_name`,
      sql`u.business_name_en`,
      sql`coalesce(p.submitted, p.draft) ->> 'companyNameZh'`,
      sql`coalesce(p.submitted, p.draft) ->> 'companyNameEn'`,
    ].map((name) => sql`${name} ilike ${like}`),
    sql` or `,
  )})`;
