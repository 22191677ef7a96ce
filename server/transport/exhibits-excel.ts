import { buffer } from "node:stream/consumers";
import type ExcelJS from "exceljs";
import type { ImportFailure, ImportRowError } from "../../app/contracts/transport/api-types";
import { EXHIBITS_MAX, exhibitRowSchema, type ExhibitInput } from "../../app/contracts/transport/schema";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import { withProp } from "../../app/contracts/common/validation";
import { ApiCode, ApiError } from "../api/envelope";
import { findUnstorableText } from "../api/text-input";
import type { XlsxRefusal } from "../spreadsheets/xlsx-sniff";
import { isMergedTail, loadExcel, normalizeHeader, openFirstSheet, presentRows, megabytes, richText } from "../spreadsheets/workbook";
import type { ObjectStore } from "../uploads/object-store";
import { ownUpload } from "../uploads/own-upload";
import type { Caller } from "../auth/caller";
import type { Db } from "../db/database";

/**
 * The carrier's exhibits template (issue 17, decision 019), in the way of the badges' import (015):
 * the file is sniffed before exceljs sees it, formulas are refused (never evaluated), and every row
 * goes through the exhibit form's own schema; any error names its row and column and nothing is
 * imported. The template's header is Chinese (the area is Chinese only) with the English as a note;
 * headers are matched in either language, with or without the unit.
 */
const EXHIBIT_COLUMNS = ["nameZh", "nameEn", "quantity", "packages", "grossWeight", "length", "width", "height"] as const;
type Column = (typeof EXHIBIT_COLUMNS)[number];
const OPTIONAL_COLUMNS: readonly Column[] = ["nameEn"];
const MAX_LISTED_ERRORS = 50;
const WIDTHS: Record<Column, number> = { nameZh: 28, nameEn: 32, quantity: 10, packages: 10, grossWeight: 14, length: 12, width: 12, height: 12 };

/** The template's sample row: an import skips a row still holding its name, so nobody declares the sample. */
const SAMPLE_ROW: Record<Column, string | number> = {
  nameZh: "示例：数控机床（导入时跳过此行）",
  nameEn: "Sample: CNC machine (skipped on import)",
  quantity: 1,
  packages: 2,
  grossWeight: 1250.5,
  length: 320,
  width: 180,
  height: 210,
};

const label = (language: Language, column: Column) => translate(language, `transport.fields.${column}`);
const refuse = (key: string, values: Record<string, unknown> = {}) => new ApiError(ApiCode.badRequest, key, values);
/** Sniffs allow this much unpacked XML: far more than 200 exhibit rows need. */
const MAX_UNPACKED_BYTES = 20 * 1024 * 1024;

/** A header cell's column: its code, or its label in either language, with or without the unit "(kg)". */
function headerColumn(text: string): Column | null {
  const wanted = normalizeHeader(text);
  if (!wanted) return null;
  const names = (column: Column) =>
    [column, label("en", column), label("zh", column)].flatMap((name) => [name, name.normalize("NFKC").replace(/\([^)]*\)\s*$/, "")]).map(normalizeHeader);
  return EXHIBIT_COLUMNS.find((column) => names(column).includes(wanted)) ?? null;
}

type CellText = { text: string } | { error: string };
const storable = (text: string): CellText => (findUnstorableText(text) === null ? { text } : { error: "validation.unstorable" });

/** A cell as the text the form field would get, or why it cannot be read (a formula, a date, an error value). */
function cellText(value: ExcelJS.CellValue, column: Column): CellText {
  const wrong = { error: withProp("validation.correct", `transport.fields.${column}`) };
  if (value === null || value === undefined) return { text: "" };
  if (typeof value === "string") return storable(value.trim());
  if (typeof value === "number") return Number.isFinite(value) ? { text: String(value) } : wrong;
  if (typeof value === "boolean" || value instanceof Date) return wrong;
  if ("formula" in value || "sharedFormula" in value) return { error: "transport.excel.formula" };
  if ("richText" in value) return storable(richText(value).trim());
  if ("hyperlink" in value) return storable(typeof value.text === "string" ? value.text.trim() : "");
  return wrong;
}

function sheetRefusal(reason: XlsxRefusal | "noSheet", values: Record<string, unknown> = {}) {
  if (reason === "unpackedTooLarge" || reason === "rangesTooLarge") return refuse("transport.excel.tooLarge", { max: megabytes(MAX_UNPACKED_BYTES) });
  if (reason === "tooManyRows") return refuse("transport.excel.tooManyRows", { max: EXHIBITS_MAX });
  if (reason === "tooManyCells") return refuse("transport.excel.tooManyCells", values);
  return refuse("transport.excel.notXlsx");
}

type SheetRow = { row: number; cells: Partial<Record<Column, string>>; errors: ImportRowError[] };

/** The first visible sheet: its header row's columns, then every row that is neither empty nor the sample. */
async function readExhibitSheet(bytes: Buffer, language: Language): Promise<{ rows: SheetRow[]; letters: Partial<Record<Column, string>> }> {
  const sheet = await openFirstSheet(bytes, { maxUnpackedBytes: MAX_UNPACKED_BYTES, maxRows: EXHIBITS_MAX }, sheetRefusal);
  const [header, ...body] = presentRows(sheet);

  const positions: Partial<Record<Column, number>> = {};
  const letters: Partial<Record<Column, string>> = {};
  header?.eachCell((cell, col) => {
    const read = cellText(cell.value, "nameZh");
    const column = "text" in read ? headerColumn(read.text) : null;
    if (column && positions[column] === undefined) {
      positions[column] = col;
      letters[column] = cell.address.replace(/\d+$/, "");
    }
  });
  if (!header) throw refuse("transport.excel.empty");
  const missing = EXHIBIT_COLUMNS.filter((column) => !OPTIONAL_COLUMNS.includes(column) && positions[column] === undefined);
  if (missing.length)
    throw refuse("transport.excel.missingColumns", { columns: missing.map((column) => label(language, column)).join(language === "zh" ? "、" : ", ") });

  const rows: SheetRow[] = [];
  for (const row of body) {
    const entry: SheetRow = { row: row.number, cells: {}, errors: [] };
    for (const column of EXHIBIT_COLUMNS) {
      const col = positions[column];
      if (col === undefined) continue;
      const cell = row.getCell(col);
      // Only a merged range's first cell holds its value.
      const read = isMergedTail(cell) ? { text: "" } : cellText(cell.value, column);
      if ("error" in read) entry.errors.push({ row: row.number, column: letters[column]!, message: read.error });
      else if (read.text) entry.cells[column] = read.text;
    }
    const empty = !entry.errors.length && Object.keys(entry.cells).length === 0;
    if (!empty && entry.cells.nameZh !== SAMPLE_ROW.nameZh) rows.push(entry);
  }
  if (!rows.length) throw refuse("transport.excel.empty");
  if (rows.length > EXHIBITS_MAX) throw refuse("transport.excel.tooManyRows", { max: EXHIBITS_MAX });
  return { rows, letters };
}

/** Every row through the exhibit schema: the lines, or the errors by row and column (one per cell). */
function checkExhibitRows(sheet: { rows: SheetRow[]; letters: Partial<Record<Column, string>> }): {
  exhibits: ExhibitInput[];
  errors: ImportRowError[];
} {
  const exhibits: ExhibitInput[] = [];
  const errors: ImportRowError[] = [];
  for (const entry of sheet.rows) {
    const failed = new Set(entry.errors.map((e) => e.column));
    errors.push(...entry.errors);
    const result = exhibitRowSchema.safeParse(entry.cells);
    if (result.success && !failed.size) exhibits.push(result.data);
    for (const issue of result.success ? [] : result.error.issues) {
      const column = sheet.letters[issue.path[0] as Column] ?? "";
      if (failed.has(column)) continue;
      failed.add(column);
      errors.push({ row: entry.row, column, message: issue.message });
    }
  }
  return { exhibits, errors };
}

function rowsFailed(errors: ImportRowError[]): ApiError {
  const sorted = [...errors].sort((a, b) => a.row - b.row || a.column.length - b.column.length || a.column.localeCompare(b.column));
  const failedRows = new Set(errors.map((e) => e.row)).size;
  const data: ImportFailure = { rows: sorted.slice(0, MAX_LISTED_ERRORS), total: errors.length, failedRows };
  return new ApiError(ApiCode.badRequest, "transport.excel.rowsFailed", { failedRows }, data);
}

/** The caller's uploaded exhibits file, read and checked: its lines, or a 400 naming what is wrong. */
export async function readExhibitFile(deps: { db: Db; store: ObjectStore }, caller: Caller, url: string, language: Language): Promise<ExhibitInput[]> {
  const file = await ownUpload(deps.db, caller.userId, url, {
    folder: "carriage-exhibit-excel",
    field: "fileUrl",
    message: "transport.errors.fileInvalid",
    code: ApiCode.notFound,
  });
  const bytes = await deps.store
    .openRead(file.storageKey)
    .then((stream) => buffer(stream))
    .catch(() => null);
  if (!bytes?.length) throw refuse("transport.excel.unreadable");
  const { exhibits, errors } = checkExhibitRows(await readExhibitSheet(bytes, language));
  if (errors.length) throw rowsFailed(errors);
  return exhibits;
}

/** GET /smeb/shipment/exhibits/template: the header (Chinese, English as a note) and one sample row. */
export async function exhibitTemplate(): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(translate("zh", "transport.excel.templateFile"));
  sheet.columns = EXHIBIT_COLUMNS.map((column) => ({ header: label("zh", column), key: column, width: WIDTHS[column] }));
  EXHIBIT_COLUMNS.forEach((column, i) => {
    sheet.getRow(1).getCell(i + 1).note = label("en", column);
  });
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  sheet.addRow(SAMPLE_ROW);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function templateFileName() {
  return { filename: `${translate("zh", "transport.excel.templateFile")}.xlsx`, ascii: `${translate("en", "transport.excel.templateFile")}.xlsx` };
}
