import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * Is an upload an .xlsx workbook we are willing to hand to exceljs? Judged by its bytes, never by its
 * name: an OOXML zip with xl/workbook.xml, without macros, that unpacks to a bounded size. Every
 * entry is really inflated here with a ceiling (a zip can lie about its sizes in the directory), and
 * the worksheets' merged and validated ranges are measured, because exceljs expands both cell by cell.
 */
export type XlsxRefusal = "notXlsx" | "oldXls" | "encrypted" | "macros" | "unpackedTooLarge" | "rangesTooLarge" | "tooManyRows" | "tooManyCells";
/**
 * `rows`: with tooManyRows, the rows of the sheet that would be read (header included; all sheets' when
 * they are over); `cells`: with tooManyCells, the workbook's cells as far as they were counted.
 */
export type XlsxSniff = { ok: true } | { ok: false; reason: XlsxRefusal; rows?: number; cells?: number };

export type ZipEntry = { name: string; flags: number; method: number; compressedSize: number; size: number; localOffset: number };

const inflateRaw = promisify(zlib.inflateRaw);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** A password-protected .xlsx is an OLE file holding this stream (UTF-16LE name). */
const ENCRYPTED_STREAM = Buffer.from("EncryptedPackage", "utf16le");
const MAX_ENTRIES = 2000;
/**
 * Cells exceljs creates for merged ranges, and data-validation entries it keeps, at most: a
 * drop-down over one whole column (1,048,576 cells) still loads (~1.5 s); a million merged cells
 * would take gigabytes.
 */
const MAX_MERGED_CELLS = 20_000;
const MAX_VALIDATED_CELLS = 1_100_000;

/** The zip's central directory, or null when it is not a plain (non-zip64) zip whose entries lie inside the file. */
export function readZipDirectory(bytes: Buffer): ZipEntry[] | null {
  const end = findEndOfDirectory(bytes);
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const offset = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || offset === 0xffffffff || offset + size > end) return null;
  const entries: ZipEntry[] = [];
  let p = offset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > end || bytes.readUInt32LE(p) !== 0x02014b50) return null;
    const nameLength = bytes.readUInt16LE(p + 28);
    const entry: ZipEntry = {
      flags: bytes.readUInt16LE(p + 8),
      method: bytes.readUInt16LE(p + 10),
      compressedSize: bytes.readUInt32LE(p + 20),
      size: bytes.readUInt32LE(p + 24),
      localOffset: bytes.readUInt32LE(p + 42),
      name: bytes.toString("utf8", p + 46, Math.min(end, p + 46 + nameLength)),
    };
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff || entry.localOffset === 0xffffffff) return null;
    entries.push(entry);
    p += 46 + nameLength + bytes.readUInt16LE(p + 30) + bytes.readUInt16LE(p + 32);
  }
  return entries;
}

function findEndOfDirectory(bytes: Buffer) {
  // The record is 22 bytes plus a comment of at most 65535.
  for (let p = bytes.length - 22; p >= Math.max(0, bytes.length - 22 - 0xffff); p--) {
    if (bytes.readUInt32LE(p) === 0x06054b50) return p;
  }
  return -1;
}

class Refused extends Error {
  constructor(public readonly reason: XlsxRefusal) {
    super(reason);
  }
}

/** An entry's bytes, inflated with a ceiling of its declared size: more output than declared is a lie, refused. */
async function entryBytes(bytes: Buffer, entry: ZipEntry): Promise<Buffer> {
  const p = entry.localOffset;
  if (p + 30 > bytes.length || bytes.readUInt32LE(p) !== 0x04034b50) throw new Refused("notXlsx");
  const start = p + 30 + bytes.readUInt16LE(p + 26) + bytes.readUInt16LE(p + 28);
  if (start + entry.compressedSize > bytes.length) throw new Refused("notXlsx");
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw new Refused("notXlsx");
    return data;
  }
  if (entry.method !== 8) throw new Refused("notXlsx");
  let out: Buffer;
  try {
    out = await inflateRaw(data, { maxOutputLength: Math.max(1, entry.size) });
  } catch (error) {
    throw new Refused((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" ? "unpackedTooLarge" : "notXlsx");
  }
  if (out.length !== entry.size) throw new Refused("notXlsx");
  return out;
}

/** "A1:C3 E5" → 10: the cells an sqref covers (a malformed one counts as the whole sheet). */
export function rangeCells(sqref: string): number {
  let total = 0;
  for (const part of sqref.trim().split(/\s+/).filter(Boolean)) {
    const [from = "", to = from] = part.split(":");
    const a = cellPosition(from);
    const b = cellPosition(to);
    if (!a || !b) return Number.MAX_SAFE_INTEGER;
    total += (Math.abs(b.row - a.row) + 1) * (Math.abs(b.col - a.col) + 1);
  }
  return total;
}

function cellPosition(ref: string) {
  const match = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(ref);
  if (!match) return null;
  const col = [...match[1]!.toUpperCase()].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);
  return { col, row: Number(match[2]) };
}

/** The cells a worksheet's merges and data validations cover, as exceljs would expand them. */
export function expandedCells(sheetXml: string) {
  const sum = (pattern: RegExp) => [...sheetXml.matchAll(pattern)].reduce((n, m) => n + rangeCells(m[1]!), 0);
  return {
    merged: sum(/<(?:\w+:)?mergeCell\b[^>]*?\bref="([^"]*)"/g),
    validated: sum(/<(?:\w+:)?dataValidation\b[^>]*?\bsqref="([^"]*)"/g),
  };
}

/** "<x:row " at `at` → "row": an opening tag's local name (closing tags and declarations give ""). */
function localTagName(xml: string, at: number): string {
  let start = at + 1;
  let end = start;
  for (; end < xml.length; end++) {
    const c = xml.charCodeAt(end);
    if (c === 58 /* : */) start = end + 1;
    else if (c === 32 || c === 62 || c === 47 || c === 9 || c === 10 || c === 13) break; // space > / tab newlines
  }
  return xml.charCodeAt(at + 1) === 47 || end - start > 3 ? "" : xml.slice(start, end);
}

/**
 * A worksheet's rows that hold a value, a formula or an inline string (the rows exceljs would report),
 * and its cells (every `c` element: exceljs builds an object for each, empty or not), counted in its
 * XML tag by tag (a pattern over each row's content took a second for 100,000 rows). The count stops
 * once the rows pass `stopRowsAbove` or the cells `stopCellsAbove`.
 */
export function sheetCounts(sheetXml: string, stopRowsAbove = Number.POSITIVE_INFINITY, stopCellsAbove = Number.POSITIVE_INFINITY) {
  let rows = 0;
  let cells = 0;
  let inRow = false;
  let hasValue = false;
  for (let at = sheetXml.indexOf("<"); at >= 0; at = sheetXml.indexOf("<", at + 1)) {
    const name = localTagName(sheetXml, at);
    if (name === "row") {
      if (inRow && hasValue && ++rows > stopRowsAbove) return { rows, cells };
      inRow = true;
      hasValue = false;
    } else if (name === "c") {
      if (++cells > stopCellsAbove) return { rows, cells };
    } else if (name === "v" || name === "is" || name === "f") hasValue = true;
  }
  return { rows: inRow && hasValue ? rows + 1 : rows, cells };
}

export const rowsWithValues = (sheetXml: string, stopAbove = Number.POSITIVE_INFINITY) => sheetCounts(sheetXml, stopAbove).rows;

/**
 * The cells a workbook may hold for an import of `maxRows` rows: on average 64 columns a row (the
 * templates have at most a few dozen). A sheet within the row limit but thousands of columns wide took
 * exceljs seconds on the event loop as well (500 × 1,000 cells: 0.8-1.6 s here).
 */
const CELLS_PER_ROW = 64;
export const cellsAllowed = (maxRows: number) => maxRows * CELLS_PER_ROW;

/**
 * The sheet's rows as a refusal names them, without counting them all again: the last row's number
 * (its `r`, from the XML's end), or `counted` when the XML does not say.
 */
function sheetRowsToName(sheetXml: string, counted: number): number {
  const tail = sheetXml.slice(-65_536);
  const numbers = [...tail.matchAll(/<(?:\w+:)?row\b[^>]*?\sr="(\d+)"/g)];
  return Math.max(counted, Number(numbers.at(-1)?.[1] ?? 0));
}

const attribute = (attrs: string, name: string) => new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attrs)?.[1];

/**
 * The part name of the sheet exceljs's readers take (the first visible one in the workbook's order,
 * else the first), from xl/workbook.xml and its relationships; null when they do not say.
 */
export function firstVisibleSheetPart(workbookXml: string, relsXml: string): string | null {
  const sheets = [...workbookXml.matchAll(/<(?:\w+:)?sheet\b([^>]*)>/g)].map((m) => m[1]!);
  const chosen = sheets.find((attrs) => !/\bstate="(?:hidden|veryHidden)"/.test(attrs)) ?? sheets[0];
  const relationId = chosen && /\s\w+:id="([^"]*)"/.exec(chosen)?.[1];
  if (!relationId) return null;
  for (const m of relsXml.matchAll(/<(?:\w+:)?Relationship\b([^>]*)>/g)) {
    if (attribute(m[1]!, "Id") !== relationId) continue;
    const target = attribute(m[1]!, "Target")?.replace(/^\//, "");
    return target ? (target.toLowerCase().startsWith("xl/") ? target : `xl/${target}`).toLowerCase() : null;
  }
  return null;
}

/** The rows all sheets together may hold, in multiples of the read sheet's limit (a template's lists sheet fits). */
const OTHER_SHEETS_FACTOR = 4;

/** What a sheet may unpack to unless its import says otherwise (a zip bomb stops here, before exceljs reads it). */
const DEFAULT_MAX_UNPACKED_BYTES = 30 * 1024 * 1024;

/**
 * `maxRows`: the rows with a value the read sheet may have (header and sample included), and with it the
 * cells of the whole workbook (cellsAllowed). Counted here,
 * in the XML, because exceljs loads a whole workbook at once on the event loop (100,000 rows: seconds
 * in which the process answers nobody, issue 50): a sheet over the import's limit never reaches it, nor
 * a workbook whose other sheets (loaded too) hold more than OTHER_SHEETS_FACTOR times as many.
 */
export async function sniffXlsx(bytes: Buffer, maxUnpackedBytes = DEFAULT_MAX_UNPACKED_BYTES, maxRows = Number.POSITIVE_INFINITY): Promise<XlsxSniff> {
  if (bytes.subarray(0, 8).equals(OLE_MAGIC)) return { ok: false, reason: bytes.includes(ENCRYPTED_STREAM) ? "encrypted" : "oldXls" };
  if (!bytes.subarray(0, 4).equals(ZIP_MAGIC)) return { ok: false, reason: "notXlsx" };
  const entries = readZipDirectory(bytes);
  if (!entries || entries.length > MAX_ENTRIES) return { ok: false, reason: "notXlsx" };
  const named = (name: string) => entries.find((e) => e.name.toLowerCase() === name);
  const contentTypes = named("[content_types].xml");
  if (!contentTypes || !named("xl/workbook.xml")) return { ok: false, reason: "notXlsx" };
  if (entries.some((e) => e.name.toLowerCase().endsWith("vbaproject.bin"))) return { ok: false, reason: "macros" };
  if (entries.some((e) => e.flags & 1)) return { ok: false, reason: "encrypted" };
  // The declared sizes first (cheap), then the real ones while inflating.
  if (entries.reduce((n, e) => n + e.size, 0) > maxUnpackedBytes) return { ok: false, reason: "unpackedTooLarge" };
  const sheetRows = new Map<string, number>();
  const sheetXml = new Map<string, string>();
  const totalRowsMax = maxRows * OTHER_SHEETS_FACTOR;
  // Cells of all sheets together: exceljs loads every sheet.
  const totalCellsMax = cellsAllowed(maxRows);
  let totalRows = 0;
  let totalCells = 0;
  let workbookXml = "";
  let relsXml = "";
  try {
    let unpacked = 0;
    for (const entry of entries) {
      const data = await entryBytes(bytes, entry);
      unpacked += data.length;
      if (unpacked > maxUnpackedBytes) return { ok: false, reason: "unpackedTooLarge" };
      const name = entry.name.toLowerCase();
      if (entry === contentTypes && /macroenabled/i.test(data.toString("utf8"))) return { ok: false, reason: "macros" };
      if (/^xl\/worksheets\/[^/]+\.xml$/.test(name)) {
        const xml = data.toString("utf8");
        if (Number.isFinite(maxRows)) {
          // Counted only as far as the limits need: a sheet of 100,000 rows is refused after a few hundred.
          const { rows, cells } = sheetCounts(xml, Math.max(maxRows, totalRowsMax - totalRows), totalCellsMax - totalCells);
          totalCells += cells;
          if (totalCells > totalCellsMax) return { ok: false, reason: "tooManyCells", cells: totalCells };
          totalRows += rows;
          if (totalRows > totalRowsMax) return { ok: false, reason: "tooManyRows", rows: totalRows - rows + sheetRowsToName(xml, rows) };
          sheetRows.set(name, rows);
          sheetXml.set(name, xml);
        }
        const cells = expandedCells(xml);
        if (cells.merged > MAX_MERGED_CELLS || cells.validated > MAX_VALIDATED_CELLS) return { ok: false, reason: "rangesTooLarge" };
      }
      if (name === "xl/workbook.xml") workbookXml = data.toString("utf8");
      if (name === "xl/_rels/workbook.xml.rels") relsXml = data.toString("utf8");
    }
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    throw error;
  }
  // Relationships that do not name a counted sheet: the fullest sheet stands for the one read.
  const read = firstVisibleSheetPart(workbookXml, relsXml);
  const part = read !== null && sheetRows.has(read) ? read : [...sheetRows].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (part !== undefined && sheetRows.get(part)! > maxRows)
    return { ok: false, reason: "tooManyRows", rows: sheetRowsToName(sheetXml.get(part)!, sheetRows.get(part)!) };
  return { ok: true };
}
