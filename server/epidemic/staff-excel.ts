import type { StaffImportFailure, StaffImportRowError } from "../../app/contracts/epidemic/api-types";
import { staffFieldsSchema } from "../../app/contracts/epidemic/schema";
import { STAFF_EXCEL_FIELDS, STAFF_EXCEL_LIMITS, type StaffExcelField } from "../../app/contracts/epidemic/values";
import type { Language } from "../../app/contracts/i18n/config";
import { translate, translateMessage } from "../../app/contracts/i18n/translate.server";
import { ApiCode, ApiError } from "../api/envelope";
import { SAMPLE } from "../badges/excel";
import { cellText } from "../badges/excel-import";
import type { Database } from "../db/database";
import { headerFieldOf, readFieldSheet, requiredHeaders } from "../spreadsheets/field-sheet";
import { loadExcel } from "../spreadsheets/workbook";
import { requireEpidemicOn, type Who } from "./declaration";
import { listedIdNumbers } from "./staff";
import { isUniqueViolation } from "../db/unique-violation";

/**
 * The staff in Excel (issue 41, decision 040): a template (name, ID number, mobile; numbers as text)
 * and its import, all rows or none. The bytes are sniffed before exceljs reads them; every row goes
 * through the add form's own schema; an ID number twice in the file or already listed is an error;
 * any error refuses the whole file with a translated answer naming each row ("Row 4: IDCard format
 * is incorrect"), and a good file is saved in one transaction.
 */
const label = (language: Language, field: StaffExcelField) => translate(language, `epidemic.fields.${field}`);
/** Cells are read as the badges import reads them (formulas refused, numbers as their digits). */
const BADGE_FIELD = { name: "holderName", idNumber: "idNumber", mobile: "mobile" } as const;
const WIDTHS: Record<StaffExcelField, number> = { name: 16, idNumber: 24, mobile: 16 };

export function staffTemplateFileName(language: Language) {
  const name = (l: Language) => translate(l, "epidemic.excel.templateFile");
  return { filename: `${name(language)}.xlsx`, ascii: `${name("en")}.xlsx` };
}

/** The template: headers in the caller's language, one sample row (skipped on import), text columns for numbers. */
export async function staffTemplate(language: Language): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(translate(language, "epidemic.excel.sheetName"));
  sheet.columns = STAFF_EXCEL_FIELDS.map((field) => ({ header: label(language, field), key: field, width: WIDTHS[field], style: { numFmt: "@" } }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  sheet.addRow({ name: translate(language, "epidemic.excel.sample.name"), idNumber: SAMPLE.idNumber, mobile: SAMPLE.mobile });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const refuse = (reason: string, values: Record<string, unknown> = {}) => new ApiError(ApiCode.badRequest, `epidemic.excel.${reason}`, values);

/** The staff sheet: every field's header is required; cells are read as the badges import reads them. */
const readStaffSheet = (bytes: Buffer, language: Language) =>
  readFieldSheet(bytes, language, {
    fields: STAFF_EXCEL_FIELDS,
    missingHeaders: requiredHeaders(STAFF_EXCEL_FIELDS, label),
    limits: STAFF_EXCEL_LIMITS,
    refuse,
    headerField: headerFieldOf(STAFF_EXCEL_FIELDS, label),
    headerText: (value) => cellText(value, "holderName"),
    cellText: (value, field) => cellText(value, BADGE_FIELD[field]),
    isSample: (cells) => cells.idNumber === SAMPLE.idNumber && cells.mobile === SAMPLE.mobile,
  });

/** Shown in the answer's message; the data lists them all (up to the limit). */
const ROWS_IN_MESSAGE = 5;

function rowsFailed(errors: StaffImportRowError[], language: Language): ApiError {
  const sorted = [...errors].sort((a, b) => a.row - b.row || a.column.localeCompare(b.column));
  const failedRows = new Set(errors.map((e) => e.row)).size;
  const listed = sorted
    .slice(0, ROWS_IN_MESSAGE)
    .map((e) => translate(language, "epidemic.excel.rowError", { row: e.row, message: translateMessage(language, e.message) }))
    .join(language === "zh" ? "；" : "; ");
  const data: StaffImportFailure = { rows: sorted.slice(0, STAFF_EXCEL_LIMITS.maxListedErrors), total: errors.length, failedRows };
  return new ApiError(
    ApiCode.badRequest,
    "epidemic.excel.rowsFailed",
    { count: failedRows, rows: sorted.length > ROWS_IN_MESSAGE ? `${listed} …` : listed },
    data,
  );
}

/** Imports the workbook's staff for the caller: all or none. */
export async function importStaff(db: Database, who: Who, bytes: Buffer, language: Language) {
  await requireEpidemicOn(db, who.exhibitionId);
  const { rows, columns } = await readStaffSheet(bytes, language);
  const schema = staffFieldsSchema(language);
  const errors: StaffImportRowError[] = [];
  const good: { row: number; name: string; idNumber: string; mobile: string }[] = [];
  for (const entry of rows) {
    errors.push(...entry.errors);
    const failed = new Set(entry.errors.map((e) => e.field));
    const result = schema.safeParse(entry.cells);
    for (const issue of result.success ? [] : result.error.issues) {
      const field = issue.path[0] as StaffExcelField;
      if (failed.has(field)) continue;
      failed.add(field);
      errors.push({ row: entry.row, column: columns[field] ?? "", field, message: issue.message });
    }
    if (result.success && !failed.size) good.push({ row: entry.row, ...result.data });
  }
  // The second of two rows with one ID number, and a number the list already holds, are errors.
  const listed = await listedIdNumbers(
    db,
    who,
    good.map((g) => g.idNumber),
  );
  const seen = new Set<string>();
  for (const { row, idNumber } of good) {
    if (seen.has(idNumber) || listed.has(idNumber))
      errors.push({ row, column: columns.idNumber ?? "", field: "idNumber", message: "epidemic.errors.duplicate" });
    seen.add(idNumber);
  }
  if (errors.length) throw rowsFailed(errors, language);
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("epidemic_staff")
        .values(good.map((g) => ({ exhibition_id: who.exhibitionId, user_id: who.userId, name: g.name, id_number: g.idNumber, mobile: g.mobile })))
        .execute();
    });
  } catch (error) {
    // Someone added one of them meanwhile: the unique index refused the lot, nothing was saved.
    if (!isUniqueViolation(error)) throw error;
    const now = await listedIdNumbers(
      db,
      who,
      good.map((g) => g.idNumber),
    );
    throw rowsFailed(
      good
        .filter((g) => now.has(g.idNumber))
        .map((g) => ({ row: g.row, column: columns.idNumber ?? "", field: "idNumber" as const, message: "epidemic.errors.duplicate" })),
      language,
    );
  }
  return { imported: good.length };
}
