import { buffer } from "node:stream/consumers";
import zlib from "node:zlib";
import { PDFDocument, degrees } from "pdf-lib";
import type { ObjectStore } from "./object-store";

/**
 * Scans an exhibitor uploads (a stamped contract, a signed safety commitment) combined into one
 * PDF: the same limits, the same guard against PNGs that would hang the decoder, the same library
 * (decision 007). The callers refuse with their own field's messages.
 */

/** A4 in PDF points, portrait. */
const A4: [number, number] = [595.28, 841.89];
const MB = 1024 * 1024;

export type CombinableFile = { bytes: Uint8Array; kind: "jpg" | "png" | "pdf" };

export const COMBINE_MAX_FILES = 20;
export const COMBINE_MAX_TOTAL_BYTES = 50 * 1024 * 1024;
const IMAGE_MARGIN = 28;

/**
 * Phones store photos as the sensor saw them plus an EXIF orientation tag; without it a photo
 * of the stamped contract lands sideways. Mirrored orientations (2, 4, 5, 7; no camera writes
 * them) get their turn only.
 */
const CLOCKWISE_TURN_OF_EXIF_ORIENTATION: Record<number, 0 | 90 | 180 | 270> = { 1: 0, 2: 0, 3: 180, 4: 180, 5: 270, 6: 90, 7: 90, 8: 270 };

/** The EXIF orientation (1–8) of a JPEG; 1 when it has none or the EXIF block is unreadable. */
export function jpegExifOrientation(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (view.getUint16(0) !== 0xffd8) return 1;
    // Walks the marker segments up to the image data (start of scan, 0xffda).
    for (let offset = 2; offset + 4 <= bytes.byteLength; offset += 2 + view.getUint16(offset + 2)) {
      const marker = view.getUint16(offset);
      if ((marker & 0xff00) !== 0xff00 || marker === 0xffda) return 1;
      if (marker !== 0xffe1 || view.getUint32(offset + 4) !== 0x45786966) continue; // APP1 "Exif"
      const tiff = offset + 10;
      const littleEndian = view.getUint16(tiff) === 0x4949;
      const ifd = tiff + view.getUint32(tiff + 4, littleEndian);
      for (let entry = ifd + 2; entry < ifd + 2 + view.getUint16(ifd, littleEndian) * 12; entry += 12) {
        if (view.getUint16(entry, littleEndian) === 0x0112) return view.getUint16(entry + 8, littleEndian);
      }
      return 1;
    }
  } catch {
    // A RangeError from a truncated segment: treat as no orientation.
  }
  return 1;
}

/**
 * Scans as one PDF: one A4 page per image (portrait or landscape as the image
 * is shown, upright per its EXIF orientation, scaled to fit inside the margins, aspect ratio
 * kept) and the pages of each PDF input, in the order given.
 */
export async function imagesToPdf(files: CombinableFile[]): Promise<Uint8Array> {
  if (files.length === 0) throw new Error("imagesToPdf: no files given");
  if (files.length > COMBINE_MAX_FILES) throw new Error(`imagesToPdf: at most ${COMBINE_MAX_FILES} files can be combined, got ${files.length}`);
  const totalBytes = files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
  if (totalBytes > COMBINE_MAX_TOTAL_BYTES)
    throw new Error(`imagesToPdf: the files total ${totalBytes} bytes, more than the ${COMBINE_MAX_TOTAL_BYTES} (50 MB) allowed`);

  const doc = await PDFDocument.create({ updateMetadata: false });
  for (const [index, file] of files.entries()) {
    try {
      if (file.kind === "pdf") {
        const source = await PDFDocument.load(file.bytes);
        const pages = await doc.copyPages(source, source.getPageIndices());
        pages.forEach((page) => {
          doc.addPage(page);
        });
        continue;
      }
      const image = file.kind === "jpg" ? await doc.embedJpg(file.bytes) : await doc.embedPng(file.bytes);
      const turn = file.kind === "jpg" ? (CLOCKWISE_TURN_OF_EXIF_ORIENTATION[jpegExifOrientation(file.bytes)] ?? 0) : 0;
      const sideways = turn === 90 || turn === 270;
      const [shownWidth, shownHeight] = sideways ? [image.height, image.width] : [image.width, image.height];
      const [pageWidth, pageHeight] = shownWidth > shownHeight ? [A4[1], A4[0]] : A4;
      const scale = Math.min((pageWidth - 2 * IMAGE_MARGIN) / shownWidth, (pageHeight - 2 * IMAGE_MARGIN) / shownHeight);
      const [width, height] = [image.width * scale, image.height * scale];
      const left = (pageWidth - shownWidth * scale) / 2;
      const bottom = (pageHeight - shownHeight * scale) / 2;
      // pdf-lib turns an image counter-clockwise about the corner it is placed at, so each turn
      // moves that corner to keep the turned image inside the centred box.
      const placement = {
        0: { x: left, y: bottom },
        90: { x: left, y: bottom + width },
        180: { x: left + width, y: bottom + height },
        270: { x: left + height, y: bottom },
      }[turn];
      const page = doc.addPage([pageWidth, pageHeight]);
      page.drawImage(image, { ...placement, width, height, rotate: degrees(-turn) });
    } catch (error) {
      throw new Error(`imagesToPdf: file ${index + 1} is not a readable ${file.kind.toUpperCase()}`, { cause: error });
    }
  }
  return doc.save();
}

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** An A4 scan at 600 dpi in 16-bit RGBA is about 280 MB decoded; nothing real needs more. */
const PNG_MAX_DECODED_BYTES = 300 * MB;

/**
 * Whether pdf-lib can decode this PNG. Its decoder (UPNG) loops forever on pixel data that does
 * not inflate and allocates the whole decoded image up front, so a crafted "PNG" that passed the
 * upload's type check could hang the server: the chunks, the size and the pixel data are checked
 * here with zlib first.
 */
function pngDecodes(bytes: Buffer): boolean {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let header: { width: number; height: number; bitDepth: number; colorType: number; interlaced: boolean } | null = null;
  const pixelData: Buffer[] = [];
  for (let offset = 8; offset + 12 <= bytes.length; ) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (data.length !== length) return false;
    if (type === "IHDR" && length >= 13)
      header = { width: data.readUInt32BE(0), height: data.readUInt32BE(4), bitDepth: data[8]!, colorType: data[9]!, interlaced: data[12] === 1 };
    else if (type === "IDAT") pixelData.push(data);
    else if (type === "IEND") break;
    offset += 12 + length;
  }
  const channels = header ? PNG_CHANNELS[header.colorType] : undefined;
  if (!header || !channels || !pixelData.length || !header.width || !header.height) return false;
  // Each row: a filter byte and the row's pixels (an interlaced image has a few more filter bytes).
  const decodedBytes = header.height * (1 + Math.ceil((header.width * channels * header.bitDepth) / 8));
  if (decodedBytes > PNG_MAX_DECODED_BYTES) return false;
  try {
    // Raw inflate after the 2-byte zlib header, as UPNG does: it ignores the checksum, and so do viewers.
    const pixels = zlib.inflateRawSync(Buffer.concat(pixelData).subarray(2), { maxOutputLength: decodedBytes * 2 + 1024 });
    return header.interlaced ? pixels.length > 0 : pixels.length >= decodedBytes;
  } catch {
    return false;
  }
}

const KIND_OF_CONTENT_TYPE: Record<string, CombinableFile["kind"]> = { "image/jpeg": "jpg", "image/png": "png", "application/pdf": "pdf" };

/** Whether a stored file's type can be combined (JPEG, PNG or PDF). */
export const isCombinable = (contentType: string) => contentType in KIND_OF_CONTENT_TYPE;

export type ScanFile = { storageKey: string; contentType: string; sizeBytes: number; name: string };
export type ScanRefusal = { reason: "tooLarge" } | { reason: "unreadable"; file: ScanFile };

/**
 * Reads the stored scans and combines them in the order given; `refuse` turns a refusal into the
 * caller's error (all together over COMBINE_MAX_TOTAL_BYTES, or one that cannot be read or decoded).
 */
export async function combineStoredScans(store: ObjectStore, files: ScanFile[], refuse: (refusal: ScanRefusal) => Error): Promise<Uint8Array> {
  const tooLarge = () => refuse({ reason: "tooLarge" });
  if (files.reduce((sum, f) => sum + f.sizeBytes, 0) > COMBINE_MAX_TOTAL_BYTES) throw tooLarge();
  const inputs: CombinableFile[] = [];
  for (const file of files) {
    const kind = KIND_OF_CONTENT_TYPE[file.contentType];
    const bytes = await store
      .openRead(file.storageKey)
      .then((stream) => buffer(stream))
      .catch(() => null);
    if (!kind || !bytes?.length || (kind === "png" && !pngDecodes(bytes))) throw refuse({ reason: "unreadable", file });
    // A copy: pdf-lib reads JPEGs through their whole ArrayBuffer, ignoring a Buffer's pool offset.
    inputs.push({ bytes: new Uint8Array(bytes), kind });
  }
  if (inputs.reduce((sum, f) => sum + f.bytes.byteLength, 0) > COMBINE_MAX_TOTAL_BYTES) throw tooLarge();
  try {
    return await imagesToPdf(inputs);
  } catch (error) {
    // imagesToPdf names the file by its 1-based position ("file 2 is not a readable PNG").
    const position = Number(/file (\d+)/.exec((error as Error).message)?.[1] ?? 0);
    throw refuse({ reason: "unreadable", file: files[position - 1] ?? files[0]! });
  }
}
