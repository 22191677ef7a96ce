import zlib from "node:zlib";
import ExcelJS from "exceljs";

/**
 * Workbooks and zips for the Excel import's tests (tests/api/badges-excel.test.ts and
 * tests/unit/badges-excel.test.ts): a zip writer that can lie about sizes, a zip reader that does
 * not share code with the one under test, and exceljs workbooks filled row by row.
 */
export type ZipInput = { name: string; data: Buffer | string; store?: boolean; declaredSize?: number };

export function writeZip(entries: ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data, "utf8");
    const data = entry.store ? raw : zlib.deflateRawSync(raw);
    const name = Buffer.from(entry.name, "utf8");
    const size = entry.declaredSize ?? raw.length;
    const fields = (b: Buffer, at: number) => {
      b.writeUInt16LE(20, at);
      b.writeUInt16LE(0, at + 2);
      b.writeUInt16LE(entry.store ? 0 : 8, at + 4);
      b.writeUInt16LE(0, at + 6);
      b.writeUInt16LE(0x21, at + 8);
      b.writeUInt32LE(zlib.crc32(raw) >>> 0, at + 10);
      b.writeUInt32LE(data.length, at + 14);
      b.writeUInt32LE(size, at + 18);
      b.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    fields(central, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The entries of a zip written by exceljs (deflated or stored, sizes in the central directory). */
function readZip(bytes: Buffer): { name: string; data: Buffer }[] {
  let end = bytes.length - 22;
  while (bytes.readUInt32LE(end) !== 0x06054b50) end--;
  const count = bytes.readUInt16LE(end + 10);
  let p = bytes.readUInt32LE(end + 16);
  const out: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    const method = bytes.readUInt16LE(p + 10);
    const compressed = bytes.readUInt32LE(p + 20);
    const nameLength = bytes.readUInt16LE(p + 28);
    const local = bytes.readUInt32LE(p + 42);
    const name = bytes.toString("utf8", p + 46, p + 46 + nameLength);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + compressed);
    out.push({ name, data: method === 8 ? zlib.inflateRawSync(data) : Buffer.from(data) });
    p += 46 + nameLength + bytes.readUInt16LE(p + 30) + bytes.readUInt16LE(p + 32);
  }
  return out;
}

/** The same workbook with extra entries (e.g. xl/vbaProject.bin) and a changed content-types part. */
export function repack(xlsx: Buffer, extra: ZipInput[], contentTypes?: (xml: string) => string): Buffer {
  const entries: ZipInput[] = readZip(xlsx).map((e) => ({
    name: e.name,
    data: e.name === "[Content_Types].xml" && contentTypes ? contentTypes(e.data.toString("utf8")) : e.data,
  }));
  return writeZip([...entries, ...extra]);
}

export const HEADERS_EN = ["Name", "ID type", "ID number", "Mobile", "E-mail", "Company", "Position"];

/** A workbook with the English headers in row 1 and `rows` below (cells as exceljs values). */
export async function workbookWith(rows: ExcelJS.CellValue[][], headers: string[] = HEADERS_EN): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Badges");
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function loadWorkbook(bytes: Buffer | ArrayBuffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  return workbook;
}
