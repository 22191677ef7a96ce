import type ExcelJS from "exceljs";
import { workbookWith } from "./badges-excel-files";

/** Exhibitor import files for the tests (tests/api/exhibitor-import.test.ts, the IDOR sweep, the CLI's test). */
const IMPORT_HEADERS = [
  "展商编号 / Exhibitor number",
  "Company name (Chinese)",
  "公司名称（英文）",
  "Contact person",
  "Mobile",
  "E-mail",
  "Booth number",
  "Hall code",
  "Booth area (m²)",
  "Booth type (1 standard, 2 raw space)",
];

/** One row in the template's order: exhibitor n's booth `booth` in hall 1, 9 m², standard. */
export function importRow(n: number, booth: string, over: Partial<Record<"company" | "mobile" | "email" | "hall" | "area" | "type", ExcelJS.CellValue>> = {}) {
  return [
    `IMP${String(n).padStart(4, "0")}`,
    over.company ?? `导入公司${n}`,
    `Import Co. ${n}`,
    "李四",
    over.mobile ?? `1390000${String(n).padStart(4, "0")}`,
    over.email ?? `imp${n}@example.com`,
    booth,
    over.hall ?? "1",
    over.area ?? 9,
    over.type ?? 1,
  ] as ExcelJS.CellValue[];
}

export const importFile = (rows: ExcelJS.CellValue[][]) => workbookWith(rows, IMPORT_HEADERS);
