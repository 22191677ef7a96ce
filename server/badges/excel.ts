import type ExcelJS from "exceljs";
import type { BadgeView } from "../../app/contracts/badges/api-types";
import { BADGE_EXCEL_FIELDS, BADGE_EXCEL_LIMITS, type BadgeExcelField } from "../../app/contracts/badges/excel-types";
import { idCardCheckChar, ID_TYPES, type IdType } from "../../app/contracts/badges/id-documents";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import { exhibitionDateTime } from "../../app/contracts/common/exhibition-time";
import type { Database } from "../db/database";
import { loadExcel } from "../spreadsheets/workbook";
import { exhibitorNamesOf, companyNameIn } from "../exhibitor/names";

/**
 * Badges in Excel (issue 14, decision 015): the import template and the export, built with exceljs.
 * Headers and labels are in the caller's language; ID numbers and mobiles are text cells, so Excel
 * neither rounds an 18-digit ID nor drops a leading zero.
 */

const t = (language: Language, key: string) => translate(language, `badges.${key}`);
export const fieldLabel = (language: Language, field: BadgeExcelField | "booth" | "kind") => t(language, `fields.${field}`);
export const idTypeLabel = (language: Language, idType: IdType) => t(language, `idTypes.${idType}`);

/** Columns typed as text: what Excel would otherwise turn into numbers. */
const TEXT_FIELDS: BadgeExcelField[] = ["idNumber", "mobile"];
const WIDTHS: Record<BadgeExcelField, number> = { holderName: 16, idType: 26, idNumber: 22, mobile: 16, email: 30, company: 32, position: 16 };

/**
 * The template's sample row. An import skips a row that still holds the sample's ID number, mobile
 * and e-mail, so a user who fills in rows below it does not import "Zhang San" by mistake.
 */
const SAMPLE_ID_FIRST17 = "11010519900307123";
export const SAMPLE = { idNumber: `${SAMPLE_ID_FIRST17}${idCardCheckChar(SAMPLE_ID_FIRST17)}`, mobile: "13800138000", email: "zhangsan@example.com" } as const;

/** The download's file name in `language`, and its ASCII fallback (the English one). */
export function excelFileName(language: Language, kind: "templateFile" | "exportFile") {
  return { filename: `${t(language, `excel.${kind}`)}.xlsx`, ascii: `${t("en", `excel.${kind}`)}.xlsx` };
}

/** The caller's company for the sample row: the profile's name in `language`, else the other, else the account's. */
export async function callerCompany(db: Database, user: { userId: number; exhibitionId: number }, language: Language): Promise<string | null> {
  const names = (await exhibitorNamesOf(db, user.exhibitionId, [user.userId])).get(user.userId);
  return names ? companyNameIn(names, language) : null;
}

async function toBuffer(workbook: ExcelJS.Workbook) {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function boldHeader(sheet: ExcelJS.Worksheet) {
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
}

/** The import template: headers, one sample row, a drop-down of ID types, text columns for numbers. */
export async function badgeTemplate(language: Language, company: string | null): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(t(language, "excel.sheetName"));
  sheet.columns = BADGE_EXCEL_FIELDS.map((field) => ({ header: fieldLabel(language, field), key: field, width: WIDTHS[field] }));
  for (const field of TEXT_FIELDS) sheet.getColumn(field).numFmt = "@";
  boldHeader(sheet);
  sheet.addRow({
    holderName: t(language, "excel.sample.holderName"),
    idType: idTypeLabel(language, "idCard"),
    ...SAMPLE,
    company: company ?? t(language, "excel.sample.company"),
    position: t(language, "excel.sample.position"),
  });
  const idTypeColumn = sheet.getColumn("idType").letter;
  // Labels hold no commas or quotes, so they fit an inline list ("a,b,c", at most 255 characters).
  const labels = ID_TYPES.map((idType) => idTypeLabel(language, idType));
  const validations = (sheet as unknown as { dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void } }).dataValidations;
  validations.add(`${idTypeColumn}2:${idTypeColumn}${BADGE_EXCEL_LIMITS.maxRows + 1}`, {
    type: "list",
    allowBlank: true,
    formulae: [`"${labels.join(",")}"`],
    showErrorMessage: true,
    errorStyle: "stop",
    errorTitle: t(language, "excel.idTypeListTitle"),
    error: t(language, "excel.idTypeListError"),
  });
  return toBuffer(workbook);
}

/** A badge as exported, with its exhibitor's name for the organizer's export of all badges. */
export type BadgeExportRow = BadgeView & { exhibitorName?: string };

/**
 * The export: one row per badge as the caller may see it (masked for everyone but roleId 1: the rows
 * come from the list's view). With `withExhibitor`, a leading column names each badge's exhibitor.
 */
export async function badgesWorkbook(rows: BadgeExportRow[], language: Language, options: { withExhibitor?: boolean } = {}): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(t(language, "excel.sheetName"));
  const column = (key: string, header: string, width: number, numFmt?: string): Partial<ExcelJS.Column> => ({
    key,
    header,
    width,
    ...(numFmt ? { style: { numFmt } } : {}),
  });
  sheet.columns = [
    ...(options.withExhibitor ? [column("exhibitor", t(language, "excel.columns.exhibitor"), 32)] : []),
    column("booth", fieldLabel(language, "booth"), 10),
    ...BADGE_EXCEL_FIELDS.map((field) => column(field, fieldLabel(language, field), WIDTHS[field], TEXT_FIELDS.includes(field) ? "@" : undefined)),
    column("kind", fieldLabel(language, "kind"), 8),
    column("price", t(language, "excel.columns.price"), 12, "0.00"),
    column("status", t(language, "excel.columns.status"), 10),
    column("reviewComment", t(language, "excel.columns.reviewComment"), 30),
    column("checkedInAt", t(language, "excel.columns.checkedInAt"), 20),
  ];
  boldHeader(sheet);
  for (const row of rows) {
    sheet.addRow({
      exhibitor: row.exhibitorName ?? "",
      booth: row.boothNo,
      holderName: row.holderName,
      idType: idTypeLabel(language, row.idType),
      idNumber: row.idNumber,
      mobile: row.mobile,
      email: row.email,
      company: row.company,
      position: row.position ?? "",
      kind: t(language, `kinds.${row.kind}`),
      price: row.priceCents / 100,
      status: t(language, `statuses.${row.status}`),
      reviewComment: row.reviewComment ?? "",
      checkedInAt: exhibitionDateTime(row.checkedInAt),
    });
  }
  return toBuffer(workbook);
}
