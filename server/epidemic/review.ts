import type ExcelJS from "exceljs";
import { sql } from "kysely";
import { exhibitionDateTime } from "../../app/contracts/common/exhibition-time";
import type { EpidemicDeclarationRow, EpidemicReview, EpidemicReviewStaff } from "../../app/contracts/epidemic/api-types";
import { EPIDEMIC_STAFF_PAGE_SIZE } from "../../app/contracts/epidemic/values";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import { EXHIBITOR_ROLE_ID } from "../../app/contracts/permission/roles";
import { exhibitorNameIn, exhibitorNamesOf } from "../exhibitor/names";
import type { Database } from "../db/database";
import { loadExcel } from "../spreadsheets/workbook";
import type { Who } from "./declaration";
import { STAFF_COLUMNS, staffView } from "./staff";
import { containsPattern } from "../db/keyword-search";

/**
 * The organizer's review of the epidemic declarations (issue 41, roleId 1): every exhibitor's
 * acceptance with its staff count, and every listed person, filtered by company name, a page at a
 * time; the same as an Excel workbook (two sheets), unmasked: the sheet is the organizer's.
 */
type Filter = { company?: string };

/** The exhibition's exhibitors, narrowed to those whose account or profile names match the filter. */
function exhibitors(db: Database, exhibitionId: number, filter: Filter) {
  let query = db.selectFrom("users as u").where("u.exhibition_id", "=", exhibitionId).where("u.role_id", "=", EXHIBITOR_ROLE_ID);
  if (filter.company) {
    const pattern = containsPattern(filter.company);
    query = query.where((eb) =>
      eb.or([
        eb("u.business_name", "ilike", pattern),
        eb("u.business_name_en", "ilike", pattern),
        eb("u.username", "ilike", pattern),
        eb.exists(
          eb
            .selectFrom("exhibitor_profiles as p")
            .select("p.user_id")
            .whereRef("p.user_id", "=", "u.id")
            .where(sql<boolean>`coalesce(p.submitted, p.draft)::text ilike ${pattern}`),
        ),
      ]),
    );
  }
  return query;
}

async function boothNosOf(db: Database, exhibitionId: number, userIds: number[]) {
  const rows = userIds.length
    ? await db
        .selectFrom("booths")
        .select(["user_id", "booth_no"])
        .where("exhibition_id", "=", exhibitionId)
        .where("user_id", "in", userIds)
        .orderBy("booth_no")
        .execute()
    : [];
  const booths = new Map<number, string[]>();
  for (const row of rows) booths.set(row.user_id, [...(booths.get(row.user_id) ?? []), row.booth_no]);
  return booths;
}

async function declarationRows(db: Database, who: Who, filter: Filter, page?: number) {
  const base = exhibitors(db, who.exhibitionId, filter);
  const rows = await base
    .leftJoin("epidemic_commitments as c", (join) => join.onRef("c.user_id", "=", "u.id").on("c.exhibition_id", "=", who.exhibitionId))
    .select(["u.id", "c.signer_name", "c.accepted_at"])
    .select((eb) =>
      eb
        .selectFrom("epidemic_staff as s")
        .whereRef("s.user_id", "=", "u.id")
        .where("s.exhibition_id", "=", who.exhibitionId)
        .select((e) => e.fn.countAll<string>().as("n"))
        .as("staff_count"),
    )
    .orderBy("u.id")
    .$if(page !== undefined, (q) => q.limit(EPIDEMIC_STAFF_PAGE_SIZE).offset((page! - 1) * EPIDEMIC_STAFF_PAGE_SIZE))
    .execute();
  const [names, booths] = await Promise.all([
    exhibitorNamesOf(
      db,
      who.exhibitionId,
      rows.map((r) => r.id),
    ),
    boothNosOf(
      db,
      who.exhibitionId,
      rows.map((r) => r.id),
    ),
  ]);
  return { rows, names, booths };
}

async function staffRows(db: Database, who: Who, filter: Filter, page?: number) {
  const users = exhibitors(db, who.exhibitionId, filter).select("u.id");
  const base = db.selectFrom("epidemic_staff as s").where("s.exhibition_id", "=", who.exhibitionId).where("s.user_id", "in", users);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow(),
    base
      .select([...STAFF_COLUMNS, "s.user_id"])
      .orderBy("s.user_id")
      .orderBy("s.id")
      .$if(page !== undefined, (q) => q.limit(EPIDEMIC_STAFF_PAGE_SIZE).offset((page! - 1) * EPIDEMIC_STAFF_PAGE_SIZE))
      .execute(),
  ]);
  const names = await exhibitorNamesOf(
    db,
    who.exhibitionId,
    rows.map((r) => r.user_id),
  );
  return { total: Number(total), rows, names };
}

export async function reviewDeclarations(
  db: Database,
  who: Who,
  input: Filter & { page: number; staffPage: number },
  language: Language,
): Promise<EpidemicReview> {
  const [{ total }, declared, staff] = await Promise.all([
    exhibitors(db, who.exhibitionId, input)
      .select((eb) => eb.fn.countAll<string>().as("total"))
      .executeTakeFirstOrThrow(),
    declarationRows(db, who, input, input.page),
    staffRows(db, who, input, input.staffPage),
  ]);
  return {
    declarations: {
      total: Number(total),
      page: input.page,
      pageSize: EPIDEMIC_STAFF_PAGE_SIZE,
      items: declared.rows.map(
        (r): EpidemicDeclarationRow => ({
          userId: r.id,
          company: exhibitorNameIn(declared.names.get(r.id), language),
          boothNos: (declared.booths.get(r.id) ?? []).join(", "),
          signerName: r.signer_name,
          acceptedAt: r.accepted_at ? new Date(r.accepted_at).toISOString() : null,
          staffCount: Number(r.staff_count ?? 0),
        }),
      ),
    },
    staff: {
      total: staff.total,
      page: input.staffPage,
      pageSize: EPIDEMIC_STAFF_PAGE_SIZE,
      items: staff.rows.map(
        (r): EpidemicReviewStaff => ({ ...staffView(r, who.roleId), userId: r.user_id, company: exhibitorNameIn(staff.names.get(r.user_id), language) }),
      ),
    },
  };
}

export function reviewExportFileName(language: Language) {
  const name = (l: Language) => translate(l, "epidemic.excel.exportFile");
  return { filename: `${name(language)}.xlsx`, ascii: `${name("en")}.xlsx` };
}

/** Every matching declaration and person (not a page), in the caller's language; numbers as text. */
export async function reviewWorkbook(db: Database, who: Who, filter: Filter, language: Language): Promise<Buffer> {
  const [declared, staff] = await Promise.all([declarationRows(db, who, filter), staffRows(db, who, filter)]);
  const t = (key: string) => translate(language, `epidemic.${key}`);
  const workbook = new (await loadExcel()).Workbook();
  const header = (sheet: ExcelJS.Worksheet) => {
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: "frozen", ySplit: 1 }];
  };
  const declarations = workbook.addWorksheet(t("excel.declarationsSheet"));
  declarations.columns = [
    { key: "exhibitor", header: t("excel.columns.exhibitor"), width: 36 },
    { key: "booth", header: t("excel.columns.booth"), width: 14 },
    { key: "status", header: t("excel.columns.status"), width: 12 },
    { key: "signer", header: t("excel.columns.signer"), width: 14 },
    { key: "acceptedAt", header: t("excel.columns.acceptedAt"), width: 20 },
    { key: "staffCount", header: t("excel.columns.staffCount"), width: 8 },
  ];
  header(declarations);
  for (const r of declared.rows)
    declarations.addRow({
      exhibitor: exhibitorNameIn(declared.names.get(r.id), language),
      booth: (declared.booths.get(r.id) ?? []).join(", "),
      status: r.accepted_at ? t("review.accepted") : t("review.notAccepted"),
      signer: r.signer_name ?? "",
      acceptedAt: exhibitionDateTime(r.accepted_at),
      staffCount: Number(r.staff_count ?? 0),
    });
  const people = workbook.addWorksheet(t("excel.sheetName"));
  people.columns = [
    { key: "exhibitor", header: t("excel.columns.exhibitor"), width: 36 },
    { key: "name", header: t("fields.name"), width: 16 },
    { key: "idNumber", header: t("fields.idNumber"), width: 24, style: { numFmt: "@" } },
    { key: "mobile", header: t("fields.mobile"), width: 16, style: { numFmt: "@" } },
    { key: "healthCode", header: t("excel.columns.healthCode"), width: 10 },
    { key: "travelCode", header: t("excel.columns.travelCode"), width: 10 },
  ];
  header(people);
  for (const r of staff.rows)
    people.addRow({
      exhibitor: exhibitorNameIn(staff.names.get(r.user_id), language),
      name: r.name,
      idNumber: r.id_number,
      mobile: r.mobile,
      healthCode: r.health_code_file_id ? "✓" : "",
      travelCode: r.travel_code_file_id ? "✓" : "",
    });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
