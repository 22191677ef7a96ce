import zlib from "node:zlib";
import sharp from "sharp";

/** Pictures for the pixel limit and the clean copies (decision 042), made in memory, small. */

function chunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid PNG of width × height black pixels (1-bit grey): 10,000 × 10,000 is a decompression bomb
 * of about 12 KB that decodes to 100 million pixels.
 */
export function blackPng(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  // Each row: filter byte 0, then ceil(width / 8) bytes of zero bits.
  const pixels = zlib.deflateSync(Buffer.alloc(height * (1 + Math.ceil(width / 8))), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export const PAYLOAD = "PAYLOAD-FOR-THE-OLD-DECODER";

/** A real 64 × 48 red PNG (written by sharp) carrying a text chunk and bytes after its end. */
export async function pngWithPayload() {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#d01010" } })
    .png()
    .toBuffer();
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), chunk("tEXt", Buffer.from(`Comment\0${PAYLOAD}`, "latin1")), png.subarray(iend), Buffer.from(PAYLOAD)]);
}

/** A real picture of the given size (a JPEG photo's stand-in), for uploads that must pass. */
export function jpegOf(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: "#3060a0" } })
    .jpeg()
    .toBuffer();
}
