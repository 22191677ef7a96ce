/**
 * Reads a custom fascia JPG's pixel size and dpi from its header, without decoding the image
 * (docs/product.md § Uploads: 1:1 scale, 72 dpi or more, or 5 million pixels or more). The file comes from a
 * user, so the reader never throws and never loops: anything it cannot follow is "unreadable" (null).
 */
export type JpegInfo = { widthPx: number; heightPx: number; dpi: number | null };

/** Headers (EXIF with its thumbnail, ICC profiles) sit before the frame header; they rarely pass 1 MB. */
export const JPEG_HEAD_BYTES = 4 * 1024 * 1024;

const CM_PER_INCH = 2.54;

/** Start-of-frame markers: baseline, progressive, lossless, arithmetic… (not C4 DHT, C8 JPG, CC DAC). */
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
/** Markers without a length: TEM, RST0-7 (and SOI, handled first). */
const STANDALONE = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

const latin1 = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1", from, to);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Width, height and dpi from a JPEG's first bytes; null when they are not a readable JPEG header. */
export function readJpegInfo(bytes: Uint8Array): JpegInfo | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let jfifDpi: number | null = null;
  let exifDpi: number | null = null;
  let offset = 2;
  // Every turn moves on by two bytes or more, so the loop ends with the bytes.
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    // Fill bytes: any number of 0xFF before a marker.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (STANDALONE(marker)) {
      offset += 2;
      continue;
    }
    // Image data or the end before any frame header: there is no size to read.
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda) return null;
    const length = view.getUint16(offset + 2);
    if (length < 2) return null;
    const start = offset + 4;
    const end = Math.min(offset + 2 + length, bytes.length);
    if (SOF_MARKERS.has(marker)) {
      // precision(1) height(2) width(2)
      if (start + 5 > end) return null;
      const heightPx = view.getUint16(start + 1);
      const widthPx = view.getUint16(start + 3);
      if (!heightPx || !widthPx) return null;
      return { widthPx, heightPx, dpi: jfifDpi ?? exifDpi };
    }
    if (marker === 0xe0) jfifDpi ??= jfifDensity(bytes, view, start, end);
    if (marker === 0xe1) exifDpi ??= exifDensity(bytes, start, end);
    offset += 2 + length;
  }
  return null;
}

/** APP0 "JFIF\0": version(2) units(1) Xdensity(2) Ydensity(2); units 1 dots per inch, 2 per cm, 0 a ratio only. */
function jfifDensity(bytes: Uint8Array, view: DataView, start: number, end: number): number | null {
  if (start + 12 > end || latin1(bytes, start, start + 5) !== "JFIF\0") return null;
  const units = bytes[start + 7];
  const density = view.getUint16(start + 8);
  if (!density) return null;
  if (units === 1) return density;
  if (units === 2) return round2(density * CM_PER_INCH);
  return null;
}

/**
 * APP1 "Exif\0\0": a TIFF header ("II" little-endian or "MM" big-endian, 42, IFD0's offset) and
 * IFD0 with XResolution (0x011A, a RATIONAL) and ResolutionUnit (0x0128: 1 none, 2 inch, the
 * default, 3 cm). Offsets count from the TIFF header and are checked against the segment.
 */
function exifDensity(bytes: Uint8Array, start: number, end: number): number | null {
  if (start + 14 > end || latin1(bytes, start, start + 6) !== "Exif\0\0") return null;
  const tiff = start + 6;
  const order = latin1(bytes, tiff, tiff + 2);
  if (order !== "II" && order !== "MM") return null;
  const little = order === "II";
  const view = new DataView(bytes.buffer, bytes.byteOffset + tiff, end - tiff);
  const u16 = (at: number) => (at + 2 <= view.byteLength ? view.getUint16(at, little) : null);
  const u32 = (at: number) => (at + 4 <= view.byteLength ? view.getUint32(at, little) : null);
  if (u16(2) !== 42) return null;
  const ifd = u32(4);
  const count = ifd === null ? null : u16(ifd);
  if (ifd === null || count === null) return null;
  let resolution: number | null = null;
  let unit = 2;
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    const tag = u16(entry);
    const type = u16(entry + 2);
    if (tag === null || type === null) break;
    if (tag === 0x011a && type === 5) {
      const at = u32(entry + 8);
      const numerator = at === null ? null : u32(at);
      const denominator = at === null ? null : u32(at + 4);
      if (numerator && denominator) resolution = numerator / denominator;
    } else if (tag === 0x0128 && type === 3) {
      unit = u16(entry + 8) ?? unit;
    }
  }
  if (!resolution) return null;
  if (unit === 2) return round2(resolution);
  if (unit === 3) return round2(resolution * CM_PER_INCH);
  return null;
}
