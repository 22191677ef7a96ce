import type ExcelJS from "exceljs";
import { workbookWith } from "./badges-excel-files";

/** Exhibitor import files for the tests (tests/api/exhibitor-import.test.ts, the IDOR sweep, the CLI's and the page's tests). */
const IMPORT_HEADERS = [
  "展商编号 / Exhibitor number",
  "Company name (Chinese)",
  "公司名称（英文）",
  "Contact person",
  "Mobile",
  "E-mail",
  "Booth number",
  "Hall code",
  "Booth width (m)",
  "展位进深（米）",
  "Booth area (m²)",
  "Booth type (1 standard, 2 raw space)",
];
/** The earlier template's headers (decision 032): no width and depth, the area alone. */
const OLD_IMPORT_HEADERS = IMPORT_HEADERS.filter((header) => header !== "Booth width (m)" && header !== "展位进深（米）");

type Overrides = Partial<Record<"company" | "companyEn" | "mobile" | "email" | "hall" | "width" | "depth" | "area" | "type", ExcelJS.CellValue>>;

/**
 * One row in the template's order: exhibitor n's booth `booth` in hall 1, 3 x 3 m (9 m²), standard.
 * An override given as null leaves its cell empty.
 */
export function importRow(n: number, booth: string, over: Overrides = {}) {
  const cell = (key: keyof Overrides, fallback: ExcelJS.CellValue) => (key in over ? over[key] : fallback);
  return [
    `IMP${String(n).padStart(4, "0")}`,
    cell("company", `导入公司${n}`),
    cell("companyEn", `Import Co. ${n}`),
    "李四",
    cell("mobile", `1390000${String(n).padStart(4, "0")}`),
    cell("email", `imp${n}@example.com`),
    booth,
    cell("hall", "1"),
    cell("width", 3),
    cell("depth", 3),
    cell("area", 9),
    cell("type", 1),
  ] as ExcelJS.CellValue[];
}

/** The same row as the earlier template had it: the area without width and depth. */
export const oldImportRow = (n: number, booth: string, over: Omit<Overrides, "width" | "depth"> = {}) =>
  importRow(n, booth, over).filter((_, column) => column !== 8 && column !== 9);

export const importFile = (rows: ExcelJS.CellValue[][]) => workbookWith(rows, IMPORT_HEADERS);
export const oldImportFile = (rows: ExcelJS.CellValue[][]) => workbookWith(rows, OLD_IMPORT_HEADERS);
