import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * Is an upload an .xlsx workbook we are willing to hand to exceljs? Judged by its bytes, never by its
 * name: an OOXML zip with xl/workbook.xml, without macros, that unpacks to a bounded size. Every
 * entry is really inflated here with a ceiling (a zip can lie about its sizes in the directory), and
 * the worksheets' merged and validated ranges are measured, because exceljs expands both cell by cell.
 */
export type XlsxRefusal = "notXlsx" | "oldXls" | "encrypted" | "macros" | "unpackedTooLarge" | "rangesTooLarge";
export type XlsxSniff = { ok: true } | { ok: false; reason: XlsxRefusal };

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

/** What a sheet may unpack to unless its import says otherwise (a zip bomb stops here, before exceljs reads it). */
const DEFAULT_MAX_UNPACKED_BYTES = 30 * 1024 * 1024;

export async function sniffXlsx(bytes: Buffer, maxUnpackedBytes = DEFAULT_MAX_UNPACKED_BYTES): Promise<XlsxSniff> {
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
  try {
    let unpacked = 0;
    for (const entry of entries) {
      const data = await entryBytes(bytes, entry);
      unpacked += data.length;
      if (unpacked > maxUnpackedBytes) return { ok: false, reason: "unpackedTooLarge" };
      const name = entry.name.toLowerCase();
      if (entry === contentTypes && /macroenabled/i.test(data.toString("utf8"))) return { ok: false, reason: "macros" };
      if (/^xl\/worksheets\/[^/]+\.xml$/.test(name)) {
        const cells = expandedCells(data.toString("utf8"));
        if (cells.merged > MAX_MERGED_CELLS || cells.validated > MAX_VALIDATED_CELLS) return { ok: false, reason: "rangesTooLarge" };
      }
    }
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    throw error;
  }
  return { ok: true };
}
