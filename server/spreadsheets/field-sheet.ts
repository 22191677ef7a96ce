import type ExcelJS from "exceljs";
import type { Language } from "../../app/contracts/i18n/config";
import { isMergedTail, normalizeHeader, openFirstSheet, presentRows, type SheetLimits } from "./workbook";

/** A cell as text, or why it cannot be taken (a formula, an unstorable character...). */
export type CellText = { text: string } | { error: string };

/** The field a header names, in either language or by its code; null for a header no field has. */
export function headerFieldOf<Field extends string>(fields: readonly Field[], label: (language: Language, field: Field) => string) {
  return (text: string): Field | null => {
    const wanted = normalizeHeader(text);
    if (!wanted) return null;
    return fields.find((field) => [field, label("en", field), label("zh", field)].some((name) => normalizeHeader(name) === wanted)) ?? null;
  };
}

/** The sheet must have these fields' headers; the other fields' columns may be left out. */
export function requiredHeaders<Field extends string>(required: readonly Field[], label: (language: Language, field: Field) => string) {
  return (has: (field: Field) => boolean, language: Language) => required.filter((field) => !has(field)).map((field) => label(language, field));
}

export type FieldSheetRow<Field extends string> = {
  row: number;
  cells: Partial<Record<Field, string>>;
  errors: { row: number; column: string; field: Field; message: string }[];
};

/** What one import's sheet holds: its fields (by header), how each cell is read, and its own refusals. */
export type FieldSheetSetup<Field extends string> = {
  fields: readonly Field[];
  /** The labels of the headers the sheet lacks (`has`: whether a field's header was found); none when it is complete. */
  missingHeaders: (has: (field: Field) => boolean, language: Language) => string[];
  limits: SheetLimits;
  refuse: (key: string, values?: Record<string, unknown>) => Error;
  headerField: (text: string) => Field | null;
  headerText: (value: ExcelJS.CellValue) => CellText;
  cellText: (value: ExcelJS.CellValue, field: Field) => CellText;
  /** The template's sample row, skipped. */
  isSample: (cells: Partial<Record<Field, string>>) => boolean;
};

/**
 * Sniffs and reads the workbook's first visible sheet for the badges and the epidemic staff imports:
 * its header (the first column of each field), then one entry per row that is neither empty nor the
 * sample, with the cells that could not be read as errors by row and column.
 */
export async function readFieldSheet<Field extends string>(bytes: Buffer, language: Language, setup: FieldSheetSetup<Field>) {
  const sheet = await openFirstSheet(bytes, setup.limits, setup.refuse);
  const [header, ...body] = presentRows(sheet);

  const columns: Partial<Record<Field, string>> = {};
  const numbers: Partial<Record<Field, number>> = {};
  header?.eachCell((cell, col) => {
    const read = setup.headerText(cell.value);
    const field = "text" in read ? setup.headerField(read.text) : null;
    if (field && numbers[field] === undefined) {
      numbers[field] = col;
      columns[field] = cell.address.replace(/\d+$/, "");
    }
  });
  const missing = setup.missingHeaders((field) => numbers[field] !== undefined, language);
  if (missing.length) throw setup.refuse("badHeader", { missing: missing.join(language === "zh" ? "、" : ", ") });

  const rows: FieldSheetRow<Field>[] = [];
  for (const row of body) {
    const entry: FieldSheetRow<Field> = { row: row.number, cells: {}, errors: [] };
    for (const field of setup.fields) {
      const col = numbers[field];
      if (col === undefined) continue;
      const cell = row.getCell(col);
      // Only a merged range's first cell holds its value.
      const read = isMergedTail(cell) ? { text: "" } : setup.cellText(cell.value, field);
      if ("error" in read) entry.errors.push({ row: row.number, column: columns[field]!, field, message: read.error });
      else if (read.text) entry.cells[field] = read.text;
    }
    const empty = !entry.errors.length && Object.keys(entry.cells).length === 0;
    if (!empty && !setup.isSample(entry.cells)) rows.push(entry);
  }
  if (!rows.length) throw setup.refuse("noRows");
  if (rows.length > setup.limits.maxRows) throw setup.refuse("tooManyRows", { count: rows.length, max: setup.limits.maxRows });
  return { rows, columns };
}
