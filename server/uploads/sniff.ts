import { fileTypeFromBuffer } from "file-type";

/**
 * Upload kinds the portal accepts, keyed by the name used in accept lists. The real kind always
 * comes from the bytes (sniffKind); a browser's file name or Content-Type is never trusted.
 */
export const FILE_KINDS = {
  jpg: { ext: "jpg", contentType: "image/jpeg", aliases: ["jpeg"] },
  png: { ext: "png", contentType: "image/png", aliases: [] },
  gif: { ext: "gif", contentType: "image/gif", aliases: [] },
  pdf: { ext: "pdf", contentType: "application/pdf", aliases: [] },
  xls: { ext: "xls", contentType: "application/vnd.ms-excel", aliases: [] },
  xlsx: { ext: "xlsx", contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", aliases: [] },
  mp4: { ext: "mp4", contentType: "video/mp4", aliases: [] },
  cdr: { ext: "cdr", contentType: "application/vnd.corel-draw", aliases: [] },
} as const satisfies Record<string, { ext: string; contentType: string; aliases: readonly string[] }>;

export type FileKindName = keyof typeof FILE_KINDS;

const KIND_NAMES = Object.keys(FILE_KINDS) as FileKindName[];

/** ".JPEG", "png", "jpg" → ["jpg", "png"]: lowercase, no dots, aliases folded, unknown names dropped. */
export function normalizeAccept(list: string[]): FileKindName[] {
  const out = new Set<FileKindName>();
  for (const raw of list) {
    const name = raw.trim().toLowerCase().replace(/\./g, "");
    const kind = KIND_NAMES.find((k) => k === name || (FILE_KINDS[k].aliases as readonly string[]).includes(name));
    if (kind) out.add(kind);
  }
  return [...out];
}

/** file-type's ext → our kind. apng is still a PNG file (image/png), so any PNG decoder shows it. */
const FROM_FILE_TYPE: Record<string, FileKindName> = { jpg: "jpg", png: "png", apng: "png", gif: "gif", pdf: "pdf", xlsx: "xlsx", mp4: "mp4" };

/**
 * The real kind of an upload from its first bytes (at least 4100, or the whole file), or null.
 *
 * Notes on what file-type reports:
 * - ISO BMFF: "mp4" for brands isom/mp41/mp42/avc1/iso2..., but "mov" for QuickTime ("qt  ") and
 *   "m4v" for Apple M4V brands; only "mp4" is accepted, and checkMp4Codecs must still vet codecs.
 * - xlsx is recognised from the zip's [Content_Types].xml. Excel writes that entry first, but some
 *   writers (openpyxl) put it last, so with only 4100 bytes such a workbook reads as a plain zip and
 *   is refused. Callers wanting those accepted can pass a longer head (e.g. 64 KB).
 * - cfb: see looksLikeXls.
 */
export async function sniffKind(head: Uint8Array): Promise<FileKindName | null> {
  let ext: string | undefined;
  try {
    ext = (await fileTypeFromBuffer(head))?.ext;
  } catch {
    return null; // malformed containers (e.g. a broken zip) are simply not an accepted kind
  }
  if (ext === "cfb") return looksLikeXls(head) ? "xls" : null;
  if (looksLikeCdr(head, ext)) return "cdr";
  return (ext && FROM_FILE_TYPE[ext]) || null;
}

/**
 * CorelDRAW: up to version 13 a RIFF file whose form type is "CDR" plus a version character
 * ("CDR9", "CDRA", "cdrE"…); from X4 a zip whose first entry is under "content/" (riffData.cdr or
 * root.dat). file-type knows neither: it says nothing, or "zip".
 */
function looksLikeCdr(head: Uint8Array, ext: string | undefined): boolean {
  const text = (from: number, to: number) => Buffer.from(head.subarray(from, to)).toString("latin1");
  if (text(0, 4) === "RIFF" && /^cdr.$/i.test(text(8, 12))) return true;
  // A zip's first local header: "PK\x03\x04", the name's length at 26, the name at 30.
  if (ext === "zip" && text(0, 4) === "PK\x03\x04" && head.length > 30) {
    const nameLength = head[26]! | (head[27]! << 8);
    return /^(content\/|META-INF\/)/.test(text(30, 30 + nameLength)) && text(30, Math.min(head.length, 4100)).includes("content/");
  }
  return false;
}

/**
 * file-type says "cfb" for any OLE compound file (.xls, .doc, .ppt, .msi). A workbook has a stream
 * named "Workbook" (BIFF8) or "Book" (BIFF5). Directory entries are 128 bytes, aligned to 128 bytes
 * in sectors after the 512-byte header: UTF-16LE name (64 bytes), name length in bytes incl. the
 * terminator (uint16 at +64), object type (+66, 2 = stream).
 *
 * LIMITATION: the directory sector can be anywhere in the file (the header's first-directory-sector
 * field); writers often put it after the streams, i.e. beyond the first 4100 bytes, and 4096-byte
 * sector (v4) files always do. We only see the head, so an .xls whose directory is not in it is
 * refused (false negative, never a false positive). Fix, if needed: read the directory sector
 * ((header[0x30] + 1) * sectorSize) with a range read and pass it here as part of `head`.
 */
function looksLikeXls(head: Uint8Array): boolean {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  for (let at = 512; at + 128 <= head.length; at += 128) {
    const nameBytes = view.getUint16(at + 64, true);
    if (view.getUint8(at + 66) !== 2 || (nameBytes !== 18 && nameBytes !== 10)) continue;
    const name = new TextDecoder("utf-16le").decode(head.subarray(at, at + nameBytes - 2));
    if (name === "Workbook" || name === "Book") return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// MP4 codec check: browsers play H.264 video with AAC audio everywhere; HEVC/AV1/VP9/AC-3 not.

export type Mp4Check = { ok: true } | { ok: false; reason: "notMp4" | "videoCodec" | "audioCodec" | "noVideo" };

/** Reads bytes start..end, END INCLUSIVE (same convention as ObjectStore.readRange). */
export type ReadRange = (start: number, end: number) => Promise<Uint8Array>;

/** A moov this big means hours of video or a hostile file; we refuse rather than buffer it. */
const MAX_MOOV_BYTES = 20 * 1024 * 1024;
/** moov normally follows ftyp (or ftyp, free, mdat); many tiny top-level boxes mean a crafted file. */
const MAX_TOP_LEVEL_BOXES = 64;
const VIDEO_CODECS = new Set(["avc1", "avc3"]);
/** esds objectTypeIndication: 0x40 MPEG-4 AAC; 0x66-0x68 MPEG-2 AAC Main/LC/SSR. */
const AAC_OBJECT_TYPES = new Set([0x40, 0x66, 0x67, 0x68]);

type Box = { type: string; start: number; bodyStart: number; end: number };

const fourcc = (b: Uint8Array, at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);

/** Parses the box header at `at` in `b` (of which `limit` is the end of the parent). */
function parseBox(b: Uint8Array, at: number, limit: number, offset = 0): Box | null {
  if (at + 8 > b.length) return null;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let size = view.getUint32(at);
  let headerSize = 8;
  if (size === 1) {
    if (at + 16 > b.length) return null;
    const large = view.getBigUint64(at + 8);
    if (large > BigInt(Number.MAX_SAFE_INTEGER)) return null;
    size = Number(large);
    headerSize = 16;
  } else if (size === 0) {
    size = limit - (offset + at); // "extends to the end of the file" (or parent)
  }
  const start = offset + at;
  if (size < headerSize || start + size > limit) return null;
  return { type: fourcc(b, at + 4), start, bodyStart: start + headerSize, end: start + size };
}

/** Child boxes of a box held in memory (`b` starts at file offset 0 of the moov buffer). */
function children(b: Uint8Array, from: number, to: number): Box[] {
  const out: Box[] = [];
  for (let at = from; at + 8 <= to; ) {
    const box = parseBox(b.subarray(0, to), at, to);
    if (!box) break; // malformed: stop, what is missing is judged by the caller
    out.push(box);
    at = box.end;
  }
  return out;
}

const child = (b: Uint8Array, parent: Box | undefined, type: string) => parent && children(b, parent.bodyStart, parent.end).find((c) => c.type === type);

/**
 * Checks an MP4 has H.264 video and, if it has audio, AAC audio — reading only box headers and the
 * moov box through readRange, so a multi-GB file costs a few small reads wherever moov sits.
 */
export async function checkMp4Codecs(readRange: ReadRange, size: number): Promise<Mp4Check> {
  const notMp4 = { ok: false, reason: "notMp4" } as const;
  let moov: Uint8Array | null = null;
  for (let pos = 0, n = 0; pos + 8 <= size && n < MAX_TOP_LEVEL_BOXES; n++) {
    const head = await readRange(pos, Math.min(pos + 16, size) - 1);
    const box = parseBox(head, 0, size, pos);
    if (!box || (n === 0 && box.type !== "ftyp")) return notMp4;
    if (box.type === "moov") {
      if (box.end - box.start > MAX_MOOV_BYTES) return notMp4;
      moov = await readRange(box.start, box.end - 1);
      if (moov.length !== box.end - box.start) return notMp4; // truncated object
      break;
    }
    pos = box.end; // skip mdat and everything else without reading it
  }
  if (!moov) return notMp4;

  let hasVideo = false;
  let badAudio = false;
  const root = parseBox(moov, 0, moov.length)!;
  for (const trak of children(moov, root.bodyStart, root.end).filter((c) => c.type === "trak")) {
    const mdia = child(moov, trak, "mdia");
    const hdlr = child(moov, mdia, "hdlr");
    const stsd = child(moov, child(moov, child(moov, mdia, "minf"), "stbl"), "stsd");
    if (!hdlr || hdlr.bodyStart + 12 > hdlr.end) continue;
    const handler = fourcc(moov, hdlr.bodyStart + 8); // version/flags(4) pre_defined(4) handler_type
    // stsd: version/flags(4) entry_count(4), then sample entries as boxes; the first one decides.
    const entry = stsd && parseBox(moov.subarray(0, stsd.end), stsd.bodyStart + 8, stsd.end);
    if (handler === "vide") {
      if (!entry || !VIDEO_CODECS.has(entry.type)) return { ok: false, reason: "videoCodec" };
      hasVideo = true;
    } else if (handler === "soun") {
      if (entry?.type !== "mp4a" || !AAC_OBJECT_TYPES.has(aacObjectType(moov, entry) ?? -1)) badAudio = true;
    }
  }
  if (!hasVideo) return { ok: false, reason: "noVideo" };
  if (badAudio) return { ok: false, reason: "audioCodec" };
  return { ok: true };
}

/** objectTypeIndication from an mp4a sample entry's esds (directly or in QuickTime's wave box). */
function aacObjectType(b: Uint8Array, mp4a: Box): number | null {
  // SampleEntry(8) + AudioSampleEntry(20); QuickTime sound description v1 adds 16 bytes, v2 36.
  const version = mp4a.bodyStart + 10 <= mp4a.end ? (b[mp4a.bodyStart + 8]! << 8) | b[mp4a.bodyStart + 9]! : 0;
  const first = mp4a.bodyStart + 28 + (version === 1 ? 16 : version === 2 ? 36 : 0);
  const kids = children(b, first, mp4a.end);
  const wave = kids.find((c) => c.type === "wave");
  const esds = kids.find((c) => c.type === "esds") ?? (wave && child(b, wave, "esds"));
  if (!esds) return null;

  // Descriptors: tag(1), length in 1-4 bytes (7 bits each, high bit = more), body.
  let at = esds.bodyStart + 4; // version/flags
  const readDescriptor = (tag: number) => {
    if (at >= esds.end || b[at] !== tag) return false;
    at++;
    let more = true;
    for (let i = 0; i < 4 && more && at < esds.end; i++) more = (b[at++]! & 0x80) !== 0;
    return true;
  };
  if (!readDescriptor(0x03)) return null; // ES_Descriptor
  const flags = b[at + 2] ?? 0; // after ES_ID(2)
  at += 3;
  if (flags & 0x80) at += 2; // dependsOn_ES_ID
  if (flags & 0x40) at += 1 + (b[at] ?? 0); // URL
  if (flags & 0x20) at += 2; // OCR_ES_Id
  if (!readDescriptor(0x04)) return null; // DecoderConfigDescriptor
  return at < esds.end ? b[at]! : null;
}
