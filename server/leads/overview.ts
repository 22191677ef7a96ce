import { sql } from "kysely";
import type { Language } from "../../app/contracts/i18n/config";
import type { LeadOverview } from "../../app/contracts/leads/api-types";
import type { Database } from "../db/database";
import { companyNamesOf } from "../promotion/rankings";
import { exhibitionDay } from "./lead-rows";

/**
 * GET /smeb/leads/overview: the organizer's side of leads (docs/decisions/070): per exhibitor and per
 * day, and the visitors registered, checked in and consenting. Counts only: the leads' visitors and
 * their contacts are the exhibitors' and never leave this query.
 */
export async function leadOverview(db: Database, exhibitionId: number, language: Language): Promise<LeadOverview> {
  const leads = db.selectFrom("leads as l").where("l.exhibition_id", "=", exhibitionId);
  const [perExhibitor, perDay, visitors] = await Promise.all([
    leads
      .select([
        "l.company_user_id",
        sql<number>`count(*)::int`.as("leads"),
        sql<number>`count(*) filter (where l.rating = 'hot')::int`.as("hot"),
        sql<number>`count(distinct l.scanned_by_user_id)::int`.as("members"),
      ])
      .groupBy("l.company_user_id")
      .orderBy("leads", "desc")
      .execute(),
    leads
      .select([exhibitionDay("l.first_scanned_at").as("day"), sql<number>`count(*)::int`.as("n")])
      .groupBy("day")
      .orderBy("day")
      .execute(),
    db
      .selectFrom("visitors")
      .select([
        sql<number>`count(*)::int`.as("registered"),
        sql<number>`count(checked_in_at)::int`.as("checked_in"),
        sql<number>`count(*) filter (where lead_consent and erased_at is null)::int`.as("consenting"),
        sql<number>`count(erased_at)::int`.as("erased"),
      ])
      .where("exhibition_id", "=", exhibitionId)
      .executeTakeFirstOrThrow(),
  ]);
  const names = await companyNamesOf(
    db,
    exhibitionId,
    perExhibitor.map((r) => r.company_user_id),
    language,
  );
  return {
    perExhibitor: perExhibitor.map((r) => ({
      userId: r.company_user_id,
      companyName: names.get(r.company_user_id) ?? "",
      leads: r.leads,
      hot: r.hot,
      members: r.members,
    })),
    perDay: perDay.map((r) => ({ key: r.day, label: r.day, count: r.n })),
    visitors: { registered: visitors.registered, checkedIn: visitors.checked_in, leadConsent: visitors.consenting, erased: visitors.erased },
    totalLeads: perExhibitor.reduce((sum, r) => sum + r.leads, 0),
  };
}
