import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { checkMp4Codecs, FILE_KINDS, normalizeAccept, sniffKind, type ReadRange } from "../../server/uploads/sniff";

// ---------- byte helpers ----------

const ascii = (s: string) => new Uint8Array(Buffer.from(s, "latin1"));
const cat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const zeros = (n: number) => new Uint8Array(n);
const u8 = (...bytes: number[]) => new Uint8Array(bytes);
function u16be(n: number) {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return new Uint8Array(b);
}
function u32be(n: number) {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return new Uint8Array(b);
}
function u64be(n: number) {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return new Uint8Array(b);
}

// ---------- images, pdf, text ----------

const JPEG = cat(u8(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10), ascii("JFIF\0"), u8(1, 1, 0, 0, 1, 0, 1, 0, 0), u8(0xff, 0xd9));

function pngChunk(type: string, data: Uint8Array) {
  const body = cat(ascii(type), data);
  return cat(u32be(data.length), body, u32be(zlib.crc32(body)));
}
const PNG = cat(
  u8(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
  pngChunk("IHDR", cat(u32be(1), u32be(1), u8(8, 0, 0, 0, 0))),
  pngChunk("IDAT", zlib.deflateSync(u8(0, 0))),
  pngChunk("IEND", zeros(0)),
);
const GIF = cat(ascii("GIF89a"), u8(1, 0, 1, 0, 0, 0, 0), u8(0x3b));
const PDF = ascii("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const HTML = ascii("<!DOCTYPE html><html><head><title>x</title></head><body><script>alert(1)</script></body></html>");
const SVG_XML = ascii('<?xml version="1.0" encoding="UTF-8"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const SVG_BARE = ascii('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
const TEXT = ascii("name,booth\nACME,A12\n");
const EXE = cat(ascii("MZ"), zeros(58), u8(0x40, 0, 0, 0), ascii("PE\0\0"), zeros(200));

// ---------- zip / xlsx ----------

/** A real zip (deflated entries, local headers + central directory) built by hand. */
function zip(entries: Record<string, string>) {
  const locals: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const raw = Buffer.from(text);
    const data = zlib.deflateRawSync(raw);
    const nameBytes = Buffer.from(name);
    const common = Buffer.alloc(26);
    common.writeUInt16LE(20, 0); // version needed
    common.writeUInt16LE(0, 2); // flags
    common.writeUInt16LE(8, 4); // deflate
    common.writeUInt32LE(0, 6); // time/date
    common.writeUInt32LE(zlib.crc32(raw), 10);
    common.writeUInt32LE(data.length, 14);
    common.writeUInt32LE(raw.length, 18);
    common.writeUInt16LE(nameBytes.length, 22);
    common.writeUInt16LE(0, 24); // extra length
    const local = cat(u8(0x50, 0x4b, 3, 4), common, nameBytes, data);
    const tail = Buffer.alloc(14); // comment len, disk, internal attrs, external attrs, local header offset
    tail.writeUInt32LE(offset, 10);
    central.push(cat(u8(0x50, 0x4b, 1, 2), u8(20, 0), common, tail, nameBytes));
    locals.push(local);
    offset += local.length;
  }
  const cd = cat(...central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length, 8);
  end.writeUInt16LE(central.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return cat(...locals, cd, end);
}

const contentTypes = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/${main}" ContentType="${main.startsWith("xl/") ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml" : "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"}"/>
</Types>`;
const RELS = `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const XLSX = zip({
  "[Content_Types].xml": contentTypes("xl/workbook.xml"),
  "_rels/.rels": RELS,
  "xl/workbook.xml": `<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="S" sheetId="1" r:id="rId1" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"/></sheets></workbook>`,
});
const DOCX = zip({
  "[Content_Types].xml": contentTypes("word/document.xml"),
  "_rels/.rels": RELS.replace("xl/workbook.xml", "word/document.xml"),
  "word/document.xml": `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>`,
});
const PLAIN_ZIP = zip({ "readme.txt": "hello", "xl/notes.txt": "not a workbook" });

// ---------- OLE compound files (xls / doc) ----------

function dirEntry(name: string, type: number) {
  const e = Buffer.alloc(128);
  e.write(name, 0, "utf16le");
  e.writeUInt16LE((name.length + 1) * 2, 64);
  e[66] = type; // 1 storage, 2 stream, 5 root
  return new Uint8Array(e);
}
/** v3 compound file: 512-byte header, directory in sector `dirSector`, sectors of 512 bytes. */
function cfb(streamName: string, dirSector = 0, sectors = 8) {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30); // 512-byte sectors
  header.writeUInt16LE(6, 32);
  header.writeUInt32LE(dirSector, 48);
  const body = zeros(512 * sectors);
  body.set(cat(dirEntry("Root Entry", 5), dirEntry(streamName, 2), dirEntry("\u0005SummaryInformation", 2)), dirSector * 512);
  return cat(new Uint8Array(header), body);
}

// ---------- ISO BMFF ----------

const box = (type: string, ...body: Uint8Array[]) => {
  const payload = cat(...body);
  return cat(u32be(8 + payload.length), ascii(type), payload);
};
const box64 = (type: string, ...body: Uint8Array[]) => {
  const payload = cat(...body);
  return cat(u32be(1), ascii(type), u64be(16 + payload.length), payload);
};
const full = (type: string, ...body: Uint8Array[]) => box(type, zeros(4), ...body);

const ftyp = (major = "isom") => box("ftyp", ascii(major), u32be(0x200), ascii("isomiso2avc1mp41"));
/** VisualSampleEntry: SampleEntry(8) + 70 bytes, then the codec config box. */
const videoEntry = (codec: string, config = "avcC") =>
  box(codec, zeros(6), u16be(1), zeros(16), u16be(64), u16be(64), zeros(46), box(config, u8(1, 0x64, 0, 0x0a)));
/** ES_Descriptor with 4-byte lengths as ffmpeg writes them. */
const esds = (objectType: number) =>
  full(
    "esds",
    u8(0x03, 0x80, 0x80, 0x80, 0x1b),
    u16be(1),
    u8(0),
    u8(0x04, 0x80, 0x80, 0x80, 0x0d, objectType, 0x15),
    zeros(11),
    u8(0x06, 0x80, 0x80, 0x80, 0x01, 0x02),
  );
const audioEntry = (codec: string, config: Uint8Array) => box(codec, zeros(6), u16be(1), zeros(8), u16be(2), u16be(16), zeros(4), u32be(44100 * 65536), config);
const AAC = audioEntry("mp4a", esds(0x40));

function trak(handler: string, entry: Uint8Array, wrap: (type: string, ...b: Uint8Array[]) => Uint8Array = box) {
  const hdlr = full("hdlr", zeros(4), ascii(handler), zeros(12), ascii("Handler\0"));
  const stsd = full("stsd", u32be(1), entry);
  return wrap("trak", full("tkhd", zeros(80)), wrap("mdia", full("mdhd", zeros(20)), hdlr, wrap("minf", wrap("stbl", stsd, full("stts", u32be(0))))));
}
const moov = (...traks: Uint8Array[]) => box("moov", full("mvhd", zeros(96)), ...traks);
const mp4 = (...traks: Uint8Array[]) => cat(ftyp(), moov(...traks), box("mdat", zeros(64)));

/** readRange over a virtual file made of byte segments; gaps read as zeros. Records each request. */
function virtualFile(segments: { at: number; bytes: Uint8Array }[], size: number) {
  const requests: [number, number][] = [];
  const readRange: ReadRange = async (start, end) => {
    requests.push([start, end]);
    const last = Math.min(end, size - 1);
    const out = zeros(Math.max(0, last - start + 1));
    for (const s of segments) {
      const from = Math.max(start, s.at);
      const to = Math.min(last + 1, s.at + s.bytes.length);
      if (from < to) out.set(s.bytes.subarray(from - s.at, to - s.at), from - start);
    }
    return out;
  };
  return { readRange, requests, size };
}
const inMemory = (bytes: Uint8Array) => virtualFile([{ at: 0, bytes }], bytes.length);
const check = (bytes: Uint8Array) => checkMp4Codecs(inMemory(bytes).readRange, bytes.length);

// ---------- tests ----------

describe("FILE_KINDS / normalizeAccept", () => {
  it("describes the accepted kinds", () => {
    expect(Object.keys(FILE_KINDS)).toEqual(["jpg", "png", "gif", "pdf", "xls", "xlsx", "mp4", "cdr"]);
    expect(FILE_KINDS.jpg).toMatchObject({ ext: "jpg", contentType: "image/jpeg" });
    expect(FILE_KINDS.xlsx.contentType).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(FILE_KINDS.mp4.contentType).toBe("video/mp4");
  });

  it("lowercases, strips dots, folds jpeg, drops unknowns and duplicates", () => {
    expect(normalizeAccept([".JPEG", "jpg", "png", " .Pdf ", "exe", "svg", "", "xls", "XLSX", "mp4", "png"])).toEqual([
      "jpg",
      "png",
      "pdf",
      "xls",
      "xlsx",
      "mp4",
    ]);
    expect(normalizeAccept([])).toEqual([]);
  });
});

describe("sniffKind", () => {
  it.each([
    ["jpg", JPEG],
    ["png", PNG],
    ["gif", GIF],
    ["pdf", PDF],
    ["xlsx", XLSX],
    ["xls", cfb("Workbook")],
    ["xls", cfb("Book")],
    ["mp4", mp4(trak("vide", videoEntry("avc1")))],
  ] as const)("recognises %s from its bytes", async (kind, bytes) => {
    expect(await sniffKind(bytes)).toBe(kind);
  });

  it("says what the bytes are, whatever the file was called (a PDF named photo.jpg is a pdf)", async () => {
    expect(await sniffKind(PDF)).toBe("pdf");
    expect(normalizeAccept(["jpg"])).not.toContain(await sniffKind(PDF));
  });

  it.each([
    ["HTML", HTML],
    ["SVG with XML prolog", SVG_XML],
    ["bare SVG", SVG_BARE],
    ["CSV text", TEXT],
    ["Windows exe", EXE],
    ["docx", DOCX],
    ["zip that is not xlsx", PLAIN_ZIP],
    ["Word .doc (compound file without a Workbook stream)", cfb("WordDocument")],
    ["empty", zeros(0)],
  ])("refuses %s", async (_name, bytes) => {
    expect(await sniffKind(bytes)).toBeNull();
  });

  it("only sees the first 4100 bytes of a long xlsx and still recognises it", async () => {
    const big = zip({ "[Content_Types].xml": contentTypes("xl/workbook.xml"), "xl/workbook.xml": "<workbook/>", "xl/media/pad.bin": "x".repeat(100_000) });
    expect(await sniffKind(big.subarray(0, 4100))).toBe("xlsx");
  });

  it("does not take a UTF-16 'Workbook' in document text for a directory entry", async () => {
    const doc = cfb("WordDocument");
    doc.set(new Uint8Array(Buffer.from("xx Workbook", "utf16le")), 2000);
    expect(await sniffKind(doc)).toBeNull();
  });

  it("documented limitation: an .xls whose directory lies beyond the head is refused", async () => {
    const xls = cfb("Workbook", 12, 16); // directory at 13 * 512 = 6656
    expect(await sniffKind(xls)).toBe("xls");
    expect(await sniffKind(xls.subarray(0, 4100))).toBeNull();
  });

  it.each([
    ["isom", "mp4"],
    ["mp42", "mp4"],
    ["avc1", "mp4"],
    ["qt  ", null],
    ["M4V ", null],
    ["heic", null],
  ])("ISO BMFF with major brand %j → %s", async (brand, kind) => {
    expect(await sniffKind(cat(ftyp(brand), box("mdat", zeros(8))))).toBe(kind);
  });
});

describe("checkMp4Codecs", () => {
  it("accepts H.264 + AAC with moov before mdat", async () => {
    expect(await check(mp4(trak("vide", videoEntry("avc1")), trak("soun", AAC)))).toEqual({ ok: true });
  });

  it("accepts avc3, silent video, MPEG-2 AAC LC, and ignores other track kinds", async () => {
    const text = trak("text", box("tx3g", zeros(40)));
    expect(await check(mp4(trak("vide", videoEntry("avc3", "avcC"))))).toEqual({ ok: true });
    expect(await check(mp4(trak("vide", videoEntry("avc1")), trak("soun", audioEntry("mp4a", esds(0x67))), text))).toEqual({ ok: true });
  });

  it("accepts moov after a 3 GB mdat, reading only box headers and the moov", async () => {
    const head = ftyp();
    const mdatSize = 3 * 1024 ** 3;
    const movie = moov(trak("vide", videoEntry("avc1")), trak("soun", AAC));
    const file = virtualFile(
      [
        { at: 0, bytes: head },
        { at: head.length, bytes: cat(u32be(mdatSize), ascii("mdat")) },
        { at: head.length + mdatSize, bytes: movie },
      ],
      head.length + mdatSize + movie.length,
    );
    expect(await checkMp4Codecs(file.readRange, file.size)).toEqual({ ok: true });

    const requested = file.requests.reduce((n, [s, e]) => n + (e - s + 1), 0);
    expect(requested).toBeLessThanOrEqual(movie.length + 3 * 16); // moov + three top-level headers
    for (const [s, e] of file.requests) expect(e - s + 1).toBeLessThanOrEqual(movie.length);
    expect(file.requests.some(([s]) => s > head.length + 8 && s < head.length + mdatSize)).toBe(false); // mdat body untouched
  });

  it("handles 64-bit largesize headers, top level and nested", async () => {
    const head = ftyp();
    const mdatSize = 5 * 1024 ** 3; // needs 64 bits
    const movie = box64("moov", full("mvhd", zeros(96)), trak("vide", videoEntry("avc1"), box64), trak("soun", AAC));
    const file = virtualFile(
      [
        { at: 0, bytes: head },
        { at: head.length, bytes: cat(u32be(1), ascii("mdat"), u64be(mdatSize)) },
        { at: head.length + mdatSize, bytes: movie },
      ],
      head.length + mdatSize + movie.length,
    );
    expect(await checkMp4Codecs(file.readRange, file.size)).toEqual({ ok: true });
  });

  it("handles size 0 (box runs to the end of the file)", async () => {
    const movie = moov(trak("vide", videoEntry("avc1")), trak("soun", AAC));
    const lastMoov = cat(u32be(0), movie.subarray(4));
    expect(await check(cat(ftyp(), box("free", zeros(4)), lastMoov))).toEqual({ ok: true });
    expect(await check(cat(ftyp(), movie, u32be(0), ascii("mdat"), zeros(100)))).toEqual({ ok: true });
    expect(await check(cat(ftyp(), u32be(0), ascii("mdat"), zeros(100), movie))).toEqual({ ok: false, reason: "notMp4" }); // moov swallowed by mdat
  });

  it("refuses HEVC, AV1 and MPEG-4 Part 2 video", async () => {
    for (const codec of ["hvc1", "hev1", "av01", "vp09", "mp4v"]) {
      expect(await check(mp4(trak("vide", videoEntry(codec, "hvcC")), trak("soun", AAC)))).toEqual({ ok: false, reason: "videoCodec" });
    }
  });

  it("refuses AC-3, MP3-in-mp4a and mp4a without esds", async () => {
    const ac3 = audioEntry("ac-3", box("dac3", u8(0x10, 0x3d, 0xe0)));
    for (const audio of [ac3, audioEntry("mp4a", esds(0x6b)), audioEntry("mp4a", zeros(0))]) {
      expect(await check(mp4(trak("vide", videoEntry("avc1")), trak("soun", audio)))).toEqual({ ok: false, reason: "audioCodec" });
    }
  });

  it("refuses audio-only files", async () => {
    expect(await check(mp4(trak("soun", AAC)))).toEqual({ ok: false, reason: "noVideo" });
  });

  it("refuses what is not ISO BMFF or has no moov", async () => {
    const notMp4 = { ok: false, reason: "notMp4" };
    expect(await check(PDF)).toEqual(notMp4);
    expect(await check(JPEG)).toEqual(notMp4);
    expect(await check(cat(moov(trak("vide", videoEntry("avc1"))), ftyp()))).toEqual(notMp4); // ftyp not first
    expect(await check(cat(ftyp(), box("mdat", zeros(64))))).toEqual(notMp4); // no moov
    expect(await check(zeros(0))).toEqual(notMp4);
    const truncated = mp4(trak("vide", videoEntry("avc1")));
    expect(await check(truncated.subarray(0, truncated.length - 100))).toEqual(notMp4); // moov cut short
  });

  const ffmpeg = spawnSync("ffmpeg", ["-version"]).status === 0;
  it.skipIf(!ffmpeg)(`passes a real 1-second H.264/AAC file made by ffmpeg${ffmpeg ? "" : " (skipped: ffmpeg not installed)"}`, async (ctx) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sniff-"));
    try {
      const out = path.join(dir, "clip.mp4");
      const args = ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=64x64:rate=10", "-f", "lavfi", "-i", "sine=frequency=440"];
      const run = spawnSync("ffmpeg", [...args, "-t", "1", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", out]);
      if (run.status !== 0 && /Unknown encoder|Encoder not found/.test(String(run.stderr))) ctx.skip("this ffmpeg has no libx264");
      expect(run.status, String(run.stderr)).toBe(0);

      const fh = await fs.promises.open(out);
      try {
        const { size } = await fh.stat();
        const readRange: ReadRange = async (start, end) => {
          const buf = Buffer.alloc(Math.min(end, size - 1) - start + 1);
          await fh.read(buf, 0, buf.length, start);
          return buf;
        };
        expect(await sniffKind(await readRange(0, 4099))).toBe("mp4");
        expect(await checkMp4Codecs(readRange, size)).toEqual({ ok: true });
      } finally {
        await fh.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
