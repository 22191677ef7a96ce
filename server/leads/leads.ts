import type ExcelJS from "exceljs";
import { sql } from "kysely";
import { exhibitionDateTime } from "../../app/contracts/common/exhibition-time";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import type { Lead, LeadCount, LeadList, LeadTag } from "../../app/contracts/leads/api-types";
import { LEAD_TAGS_MAX, type LeadRating } from "../../app/contracts/leads/values";
import { fieldError, notFound } from "../api/envelope";
import type { Database } from "../db/database";
import { countRows, pageRows } from "../db/paging";
import { isUniqueViolation } from "../db/unique-violation";
import { loadExcel } from "../spreadsheets/workbook";
import { companyTagIds, type LeadFields } from "./capture";
import { exhibitionDay, type LeadDbRow, leadOf, selectLeads, tagsOf } from "./lead-rows";

/**
 * The company's leads (docs/decisions/070): filtered by rating, tag, member and day, paged, with the
 * counts per member and per day; edited, deleted, exported. Every query is bound to the caller's
 * company: another company's lead id answers as not found.
 */

type Company = { exhibitionId: number; companyUserId: number };
export type LeadFilters = { rating?: LeadRating; tagId?: number; member?: number; day?: string };

/** The export's ceiling: far above what one booth scans in a show. */
const EXPORT_MAX_ROWS = 20_000;

function filtered(db: Database, company: Company, filters: LeadFilters) {
  let query = selectLeads(db, company.companyUserId);
  if (filters.rating) query = query.where("l.rating", "=", filters.rating);
  if (filters.tagId) query = query.where(sql<boolean>`l.tag_ids @> ${JSON.stringify([filters.tagId])}::jsonb`);
  if (filters.member) query = query.where("l.scanned_by_user_id", "=", filters.member);
  if (filters.day) query = query.where(exhibitionDay("l.first_scanned_at"), "=", filters.day);
  return query;
}

async function counts(db: Database, company: Company) {
  const base = db.selectFrom("leads as l").where("l.company_user_id", "=", company.companyUserId);
  const [perMember, perDay] = await Promise.all([
    base
      .select(["l.scanned_by_user_id", "l.scanned_by_label", sql<number>`count(*)::int`.as("n")])
      .groupBy(["l.scanned_by_user_id", "l.scanned_by_label"])
      .orderBy("n", "desc")
      .execute(),
    base
      .select([exhibitionDay("l.first_scanned_at").as("day"), sql<number>`count(*)::int`.as("n")])
      .groupBy("day")
      .orderBy("day", "desc")
      .execute(),
  ]);
  return {
    perMember: perMember.map((r): LeadCount => ({ key: String(r.scanned_by_user_id ?? ""), label: r.scanned_by_label, count: r.n })),
    perDay: perDay.map((r): LeadCount => ({ key: r.day, label: r.day, count: r.n })),
  };
}

/** GET /smeb/leads/list */
export async function leadList(db: Database, company: Company, filters: LeadFilters, page: number, pageSize: number): Promise<LeadList> {
  const query = filtered(db, company, filters);
  const [total, rows, tags, tally] = await Promise.all([
    countRows(query),
    pageRows(query.orderBy("l.first_scanned_at", "desc").orderBy("l.id", "desc"), page, pageSize),
    tagsOf(db, company.companyUserId),
    counts(db, company),
  ]);
  const members = tally.perMember.filter((m) => m.key).map((m) => ({ id: Number(m.key), label: m.label }));
  return { rows: rows.map(leadOf), total, page, pageSize, tags, members, ...tally };
}

async function ownLead(db: Database, company: Company, id: number): Promise<LeadDbRow> {
  const row = await selectLeads(db, company.companyUserId).where("l.id", "=", id).executeTakeFirst();
  if (!row) throw notFound("leads.errors.notFound");
  return row;
}

/** GET /smeb/leads/lead */
export const oneLead = async (db: Database, company: Company, id: number): Promise<Lead> => leadOf(await ownLead(db, company, id));

/** POST /smeb/leads/update: rating, notes, tags and follow-up as sent. Answers the lead before and after (for the history). */
export async function updateLead(db: Database, company: Company, id: number, fields: LeadFields, now: Date) {
  const before = leadOf(await ownLead(db, company, id));
  const tagIds = await companyTagIds(db, company.companyUserId, fields.tagIds);
  await db
    .updateTable("leads")
    .set({ rating: fields.rating ?? null, notes: fields.notes ?? "", tag_ids: JSON.stringify(tagIds), follow_up: fields.followUp, updated_at: now })
    .where("id", "=", id)
    .where("company_user_id", "=", company.companyUserId)
    .execute();
  return { before, after: leadOf(await ownLead(db, company, id)) };
}

/** POST /smeb/leads/delete: the lead goes; its scans stay, unlinked, so a late repeat of one does not bring it back. */
export async function deleteLead(db: Database, company: Company, id: number) {
  const lead = leadOf(await ownLead(db, company, id));
  await db.deleteFrom("leads").where("id", "=", id).where("company_user_id", "=", company.companyUserId).execute();
  return lead;
}

/** POST /smeb/leads/tags/save: a new tag (names are unique in the company). */
export async function addTag(db: Database, company: Company, name: string): Promise<LeadTag[]> {
  const count = await db
    .selectFrom("lead_tags")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("company_user_id", "=", company.companyUserId)
    .executeTakeFirstOrThrow();
  if (count.n >= LEAD_TAGS_MAX) throw fieldError("leads.errors.tooManyTags", "name", { max: LEAD_TAGS_MAX });
  try {
    await db.insertInto("lead_tags").values({ exhibition_id: company.exhibitionId, company_user_id: company.companyUserId, name }).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("leads.errors.tagTaken", "name", {}, 409);
    throw error;
  }
  return tagsOf(db, company.companyUserId);
}

/** POST /smeb/leads/tags/delete: the tag goes, and leaves every lead that carried it. */
export async function removeTag(db: Database, company: Company, id: number): Promise<LeadTag[]> {
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom("lead_tags")
      .where("id", "=", id)
      .where("company_user_id", "=", company.companyUserId)
      .returning("id")
      .executeTakeFirst();
    if (!removed) throw notFound("leads.errors.notFound");
    await trx
      .updateTable("leads")
      .set({ tag_ids: sql<string>`(select coalesce(jsonb_agg(t), '[]'::jsonb) from jsonb_array_elements(tag_ids) as t where t <> to_jsonb(${id}::int))` })
      .where("company_user_id", "=", company.companyUserId)
      .where(sql<boolean>`tag_ids @> to_jsonb(${id}::int)`)
      .execute();
  });
  return tagsOf(db, company.companyUserId);
}

export function leadsFileName(language: Language) {
  const key = "leads.columns.fileName";
  return { filename: `${translate(language, key)}.xlsx`, ascii: `${translate("en", key)}.xlsx` };
}

/**
 * GET /smeb/leads/export: the company's leads as filtered, one row each. Mobile and e-mail are written
 * only for visitors whose consent holds now; the others' cells stay empty (nothing masked to read off).
 */
export async function leadsWorkbook(db: Database, company: Company, filters: LeadFilters, language: Language): Promise<Buffer> {
  const t = (key: string) => translate(language, `leads.${key}`);
  const [rows, tags] = await Promise.all([
    filtered(db, company, filters).orderBy("l.first_scanned_at", "desc").orderBy("l.id", "desc").limit(EXPORT_MAX_ROWS).execute(),
    tagsOf(db, company.companyUserId),
  ]);
  const tagName = new Map(tags.map((tag) => [tag.id, tag.name]));
  const book = new (await loadExcel()).Workbook();
  const sheet = book.addWorksheet(t("columns.sheet"));
  const columns: Partial<ExcelJS.Column>[] = [
    { key: "visitorNo", header: t("columns.visitorNo"), width: 12 },
    { key: "name", header: t("columns.name"), width: 14 },
    { key: "company", header: t("columns.company"), width: 30 },
    { key: "position", header: t("columns.position"), width: 16 },
    // Text, so Excel keeps a mobile's digits and + as typed.
    { key: "mobile", header: t("columns.mobile"), width: 16, style: { numFmt: "@" } },
    { key: "email", header: t("columns.email"), width: 28 },
    { key: "rating", header: t("columns.rating"), width: 10 },
    { key: "tags", header: t("columns.tags"), width: 24 },
    { key: "followUp", header: t("columns.followUp"), width: 10 },
    { key: "notes", header: t("columns.notes"), width: 40 },
    { key: "scannedBy", header: t("columns.scannedBy"), width: 16 },
    { key: "scannedAt", header: t("columns.scannedAt"), width: 18 },
    { key: "scans", header: t("columns.scans"), width: 8 },
  ];
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  for (const lead of rows.map(leadOf)) {
    sheet.addRow({
      visitorNo: lead.visitor.visitorNo,
      name: lead.visitor.erased ? t("list.erasedVisitor") : lead.visitor.name,
      company: lead.visitor.company,
      position: lead.visitor.position,
      mobile: lead.visitor.mobile ?? "",
      email: lead.visitor.email ?? "",
      rating: t(`ratings.${lead.rating ?? "none"}`),
      tags: lead.tagIds
        .map((id) => tagName.get(id) ?? "")
        .filter(Boolean)
        .join(", "),
      followUp: t(lead.followUp ? "columns.yes" : "columns.no"),
      notes: lead.notes,
      scannedBy: lead.scannedBy,
      scannedAt: exhibitionDateTime(lead.firstScannedAt),
      scans: lead.scans,
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
