import { describe, expect, it } from "vitest";
import { readJpegInfo } from "../../server/booth-construction/fascia-image";
import { sniffKind } from "../../server/uploads/sniff";
import { PNG } from "../support/sample-files";

// ---------- hand-built JPEG headers ----------

const bytes = (...parts: (number[] | Uint8Array)[]) => new Uint8Array(Buffer.concat(parts.map((p) => Buffer.from(p))));
const u16 = (n: number) => [n >> 8, n & 0xff];
const SOI = [0xff, 0xd8];
/** Entropy-coded data and the end: what follows the headers in a real file. */
const TAIL = bytes([0xff, 0xda], u16(8), [1, 1, 0, 0, 0x3f, 0], [0x12, 0x34, 0xff, 0x00, 0x56], [0xff, 0xd9]);

const segment = (marker: number, data: number[] | Uint8Array) => bytes([0xff, marker], u16(data.length + 2), data);
const jfif = (units: number, density: number) => segment(0xe0, bytes(Buffer.from("JFIF\0", "latin1"), [1, 2, units], u16(density), u16(density), [0, 0]));
/** A frame header: precision, height, width, three components. */
const sof = (width: number, height: number, marker = 0xc0) => segment(marker, [8, ...u16(height), ...u16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
/** A Huffman table segment (C4): a marker in the SOF range that is not a frame header. */
const dht = segment(0xc4, [0x00, ...new Array(16).fill(0)]);

/** APP1 Exif with IFD0 holding XResolution (a rational) and, if given, ResolutionUnit. */
function exif(order: "II" | "MM", resolution: [number, number], unit?: number) {
  const little = order === "II";
  const entries = unit === undefined ? 1 : 2;
  const rationalAt = 8 + 2 + entries * 12 + 4;
  const tiff = Buffer.alloc(rationalAt + 8);
  tiff.write(order, 0, "latin1");
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  view.setUint16(2, 42, little);
  view.setUint32(4, 8, little);
  view.setUint16(8, entries, little);
  // XResolution: tag 0x011A, RATIONAL (5), count 1, offset of the value.
  view.setUint16(10, 0x011a, little);
  view.setUint16(12, 5, little);
  view.setUint32(14, 1, little);
  view.setUint32(18, rationalAt, little);
  if (unit !== undefined) {
    // ResolutionUnit: tag 0x0128, SHORT (3), count 1, the value left-justified in the field.
    view.setUint16(22, 0x0128, little);
    view.setUint16(24, 3, little);
    view.setUint32(26, 1, little);
    view.setUint16(30, unit, little);
  }
  view.setUint32(rationalAt, resolution[0], little);
  view.setUint32(rationalAt + 4, resolution[1], little);
  return segment(0xe1, bytes(Buffer.from("Exif\0\0", "latin1"), tiff));
}

const jpeg = (...headers: Uint8Array[]) => bytes(SOI, ...headers, TAIL);

describe("reading a fascia JPG's header", () => {
  it("reads the size from the frame header and the dpi from JFIF (dots per inch)", () => {
    expect(readJpegInfo(jpeg(jfif(1, 72), dht, sof(2400, 950)))).toEqual({ widthPx: 2400, heightPx: 950, dpi: 72 });
  });

  it("converts JFIF dots per centimetre to dpi", () => {
    expect(readJpegInfo(jpeg(jfif(2, 118), sof(1000, 395)))).toEqual({ widthPx: 1000, heightPx: 395, dpi: 299.72 });
    expect(readJpegInfo(jpeg(jfif(2, 28), sof(1000, 395)))?.dpi).toBe(71.12);
  });

  it("reads EXIF's XResolution in both byte orders, inch by default, and centimetres", () => {
    expect(readJpegInfo(jpeg(exif("MM", [300, 1], 2), sof(2400, 950)))?.dpi).toBe(300);
    expect(readJpegInfo(jpeg(exif("II", [720_000, 10_000]), sof(2400, 950)))?.dpi).toBe(72);
    expect(readJpegInfo(jpeg(exif("II", [2835, 100], 3), sof(2400, 950)))?.dpi).toBe(72.01);
    expect(readJpegInfo(jpeg(exif("MM", [72, 1], 1), sof(2400, 950)))?.dpi).toBeNull();
  });

  it("prefers JFIF's density, and falls back to EXIF when JFIF gives a ratio only", () => {
    expect(readJpegInfo(jpeg(jfif(1, 96), exif("II", [300, 1], 2), sof(10, 4)))?.dpi).toBe(96);
    expect(readJpegInfo(jpeg(jfif(0, 1), exif("II", [300, 1], 2), sof(10, 4)))?.dpi).toBe(300);
  });

  it("gives no dpi when the file says none (only the 5-million-pixel rule can pass it)", () => {
    expect(readJpegInfo(jpeg(sof(3574, 1399)))).toEqual({ widthPx: 3574, heightPx: 1399, dpi: null });
    expect(readJpegInfo(jpeg(jfif(0, 1), sof(3574, 1399)))?.dpi).toBeNull();
    expect(readJpegInfo(jpeg(jfif(1, 0), sof(3574, 1399)))?.dpi).toBeNull();
  });

  it("reads progressive and other frame headers, after fill bytes and restart markers", () => {
    expect(readJpegInfo(jpeg(sof(800, 316, 0xc2)))?.widthPx).toBe(800);
    expect(readJpegInfo(jpeg(sof(800, 316, 0xcf)))?.heightPx).toBe(316);
    expect(readJpegInfo(bytes(SOI, [0xff, 0xff, 0xff], [0xff, 0xd0], sof(640, 253), TAIL))).toMatchObject({ widthPx: 640, heightPx: 253 });
  });

  it("skips large segments it does not need", () => {
    const comment = segment(0xfe, new Uint8Array(60_000).fill(0x41));
    expect(readJpegInfo(jpeg(jfif(1, 72), comment, sof(2400, 950)))).toEqual({ widthPx: 2400, heightPx: 950, dpi: 72 });
  });

  it("answers null for a truncated header, image data before any frame, and garbage", () => {
    const whole = jpeg(jfif(1, 72), sof(2400, 950));
    const sofAt = 2 + jfif(1, 72).length;
    expect(readJpegInfo(whole.subarray(0, sofAt + 6))).toBeNull();
    expect(readJpegInfo(whole.subarray(0, sofAt))).toBeNull();
    expect(readJpegInfo(bytes(SOI, jfif(1, 72), TAIL))).toBeNull();
    expect(readJpegInfo(jpeg(sof(0, 950)))).toBeNull();
    expect(readJpegInfo(new Uint8Array())).toBeNull();
    expect(readJpegInfo(bytes(SOI))).toBeNull();
    expect(readJpegInfo(PNG)).toBeNull();
    expect(readJpegInfo(bytes(SOI, [0x12, 0x34, 0x56, 0x78]))).toBeNull();
    // A segment claiming less than its own length field.
    expect(readJpegInfo(bytes(SOI, [0xff, 0xe0, 0, 1], sof(10, 4)))).toBeNull();
  });

  it("is not misled by EXIF offsets that point outside the segment", () => {
    const broken = exif("II", [300, 1], 2);
    // IFD0's offset (at APP1 data + 6 + 4) pointed far away.
    new DataView(broken.buffer, broken.byteOffset).setUint32(4 + 6 + 4, 0xfffffff0, true);
    expect(readJpegInfo(jpeg(broken, sof(10, 4)))).toEqual({ widthPx: 10, heightPx: 4, dpi: null });
  });

  it("never throws or hangs on random bytes behind a JPEG start", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 256;
    for (let i = 0; i < 2000; i++) {
      const length = 4 + (i % 300);
      const junk = bytes(
        SOI,
        Array.from({ length }, () => (random() < 40 ? 0xff : random())),
      );
      const info = readJpegInfo(junk);
      if (info) expect(info.widthPx * info.heightPx).toBeGreaterThan(0);
    }
  });
});

describe("sniffing fascia uploads by their bytes", () => {
  it("knows a CorelDRAW RIFF file (form type CDRA) as cdr", async () => {
    const head = bytes(
      Buffer.from("RIFF", "latin1"),
      [0x00, 0x10, 0x00, 0x00],
      Buffer.from("CDRAvrsn", "latin1"),
      [2, 0, 0, 0, 0x4c, 0x04],
      new Uint8Array(200),
    );
    expect(await sniffKind(head)).toBe("cdr");
  });

  it("knows a PNG as png whatever it is named (the upload is refused from a jpg/cdr folder)", async () => {
    expect(await sniffKind(PNG)).toBe("png");
    expect(await sniffKind(jpeg(jfif(1, 72), sof(2400, 950)))).toBe("jpg");
  });
});
