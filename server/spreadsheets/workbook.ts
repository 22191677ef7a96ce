import type ExcelJS from "exceljs";
import { cellsAllowed, sniffXlsx, type XlsxRefusal } from "./xlsx-sniff";

/**
 * What every Excel import and export shares (badges, exhibitors and booths, transport exhibits,
 * reports): loading exceljs, opening an upload's first sheet safely, matching headers.
 */

/** exceljs takes about 0.4 s to load: on the first Excel request, not at every boot (or test file). */
export const loadExcel = async () => (await import("exceljs")).default;

/** A header or choice as typed, compared without case, spaces or punctuation (full-width forms folded). */
export const normalizeHeader = (value: string) =>
  value
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");

/** A rich-text cell's characters, its runs joined. */
export const richText = (value: ExcelJS.CellRichTextValue) => value.richText.map((run) => run.text ?? "").join("");

/** The import's own refusal for a file that is not a readable workbook (its messages live with the import). */
export type SheetRefusal = (reason: XlsxRefusal | "notXlsx" | "noSheet", values?: Record<string, unknown>) => Error;

/**
 * What an import accepts: what the workbook may unpack to, and its data rows (the header not counted;
 * the template's sample row is allowed on top, the import skips it).
 */
export type SheetLimits = { maxUnpackedBytes: number; maxRows: number };

/** A file size as the refusals name it ("10 MB"). */
export const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * The upload's first visible sheet: the bytes are sniffed first (old .xls, encrypted, macro, zip bomb,
 * more rows than the import takes: tooManyRows with `count` and `max`; a sheet far wider than any
 * template: tooManyCells, likewise), then loaded; `refuse` words
 * each refusal for the import that asked.
 */
export async function openFirstSheet(bytes: Buffer, limits: SheetLimits, refuse: SheetRefusal): Promise<ExcelJS.Worksheet> {
  // The header and a sample row on top of the data rows.
  const sniff = await sniffXlsx(bytes, limits.maxUnpackedBytes, limits.maxRows + 2);
  if (!sniff.ok && sniff.reason === "tooManyRows") throw refuse("tooManyRows", { count: (sniff.rows ?? 1) - 1, max: limits.maxRows });
  if (!sniff.ok && sniff.reason === "tooManyCells") throw refuse("tooManyCells", { max: cellsAllowed(limits.maxRows + 2) });
  if (!sniff.ok) throw refuse(sniff.reason, { max: megabytes(limits.maxUnpackedBytes) });
  const workbook = new (await loadExcel()).Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw refuse("notXlsx");
  }
  const sheet = workbook.worksheets.find((s) => s.state === "visible") ?? workbook.worksheets[0];
  if (!sheet) throw refuse("noSheet");
  return sheet;
}

/** The sheet's non-empty rows, header first. */
export function presentRows(sheet: ExcelJS.Worksheet): ExcelJS.Row[] {
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row) => void rows.push(row));
  return rows;
}

/** A cell of a merged range other than its first: only the first holds the range's value. */
export const isMergedTail = (cell: ExcelJS.Cell) => cell.isMerged && cell.master.address !== cell.address;
