import { profileText, type ExhibitorNames } from "./names";
import type { Database } from "../db/database";
import { readDraft } from "./profiles";
import type { ProfileDraft } from "../../app/contracts/exhibitor/schema";

/**
 * The approved public profile of an exhibitor (issue 50): the one source of what every public output
 * shows of a company — the showcase page, the promotional video (its captions, its public page, the
 * company video it may play), posters and invitations, the rankings and the visitor page. It is the
 * profile as last approved (`exhibitor_profiles.approved`, kept through later drafts and submissions
 * under review), never a draft or a submission waiting for review; the company names fall back to the
 * account's (set by the organizer), then the username.
 */
export type PublicProfile = { approved: ProfileDraft; names: ExhibitorNames };

export async function approvedPublicProfiles(db: Database, exhibitionId: number, userIds: number[]): Promise<Map<number, PublicProfile>> {
  const ids = [...new Set(userIds)];
  const profiles = new Map<number, PublicProfile>();
  if (!ids.length) return profiles;
  const [users, rows] = await Promise.all([
    db.selectFrom("users").select(["id", "username", "business_name", "business_name_en"]).where("id", "in", ids).execute(),
    db.selectFrom("exhibitor_profiles").select(["user_id", "approved"]).where("exhibition_id", "=", exhibitionId).where("user_id", "in", ids).execute(),
  ]);
  const approvedOf = new Map(rows.map((row) => [row.user_id, readDraft(row.approved)]));
  for (const user of users) {
    const approved = approvedOf.get(user.id) ?? {};
    profiles.set(user.id, {
      approved,
      names: {
        zh: profileText(approved.companyNameZh) ?? profileText(user.business_name),
        en: profileText(approved.companyNameEn) ?? profileText(user.business_name_en),
        username: user.username,
      },
    });
  }
  return profiles;
}

export async function approvedPublicProfile(db: Database, who: { userId: number; exhibitionId: number }): Promise<PublicProfile> {
  const profile = (await approvedPublicProfiles(db, who.exhibitionId, [who.userId])).get(who.userId);
  if (!profile) throw new Error(`no account ${who.userId}`);
  return profile;
}
