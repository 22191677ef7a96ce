import { sql } from "kysely";
import type { Lead, LeadTag, LeadVisitor } from "../../app/contracts/leads/api-types";
import type { Database, Db } from "../db/database";
import { iso } from "../db/column-values";
import { formatVisitorNo } from "../../app/contracts/promotion/visitors/values";

/**
 * Reading leads as the company sees them (docs/decisions/070): the visitor's name and company, and the
 * mobile and e-mail only while the visitor's consent holds (read at every answer and export, so a
 * withdrawal hides them from then on). The organizer never reads these rows.
 */

/** The day of a time in the exhibition's time zone (UTC+8), as SQL. */
export const exhibitionDay = (column: string) => sql<string>`to_char((${sql.ref(column)} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

export function selectLeads(db: Db, companyUserId: number) {
  return db
    .selectFrom("leads as l")
    .innerJoin("visitors as v", "v.id", "l.visitor_id")
    .select([
      "l.id",
      "l.rating",
      "l.notes",
      "l.tag_ids",
      "l.follow_up",
      "l.scanned_by_user_id",
      "l.scanned_by_label",
      "l.first_scanned_at",
      "l.updated_at",
      "v.visitor_no",
      "v.name",
      "v.company",
      "v.position",
      "v.mobile",
      "v.email",
      "v.lead_consent",
      "v.erased_at",
      (eb) => eb.selectFrom("lead_scans as s").select(sql<number>`count(*)::int`.as("n")).whereRef("s.lead_id", "=", "l.id").as("scans"),
    ])
    .where("l.company_user_id", "=", companyUserId);
}

export type LeadDbRow = Awaited<ReturnType<ReturnType<typeof selectLeads>["execute"]>>[number];

type VisitorColumns = Pick<LeadDbRow, "visitor_no" | "name" | "company" | "position" | "mobile" | "email" | "lead_consent" | "erased_at">;

export function leadVisitorOf(row: VisitorColumns): LeadVisitor {
  const erased = row.erased_at !== null;
  const shown = row.lead_consent && !erased;
  return {
    visitorNo: formatVisitorNo(row.visitor_no),
    name: erased ? "" : row.name,
    company: erased ? "" : row.company,
    position: erased ? "" : row.position,
    mobile: shown ? row.mobile : null,
    email: shown ? row.email : null,
    contactShown: shown,
    erased,
  };
}

export function leadOf(row: LeadDbRow): Lead {
  return {
    id: row.id,
    visitor: leadVisitorOf(row),
    rating: row.rating,
    notes: row.notes,
    tagIds: Array.isArray(row.tag_ids) ? row.tag_ids : [],
    followUp: row.follow_up,
    scannedBy: row.scanned_by_label,
    scannedByUserId: row.scanned_by_user_id,
    firstScannedAt: iso(row.first_scanned_at),
    updatedAt: iso(row.updated_at),
    scans: row.scans ?? 0,
  };
}

/** The company's tags, with how many of its leads carry each. */
export async function tagsOf(db: Database, companyUserId: number): Promise<LeadTag[]> {
  const rows = await db
    .selectFrom("lead_tags as t")
    .select([
      "t.id",
      "t.name",
      (eb) =>
        eb
          .selectFrom("leads as l")
          .select(sql<number>`count(*)::int`.as("n"))
          .where("l.company_user_id", "=", companyUserId)
          .where(sql<boolean>`l.tag_ids @> to_jsonb(t.id)`)
          .as("leads"),
    ])
    .where("t.company_user_id", "=", companyUserId)
    .orderBy("t.name")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, leads: r.leads ?? 0 }));
}
