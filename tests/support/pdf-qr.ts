import { PDFArray, PDFDocument } from "pdf-lib";
import QRCode from "qrcode";
import { streamText } from "./pdf-text";

/**
 * A QR drawn on a PDF's first page (server/pdf/qr.ts drawQr), read back from its filled
 * rectangles (one per run of dark modules in a row), and the modules a text's QR should have: a pass
 * test compares the two, so the QR printed is exactly the code's.
 */
export async function drawnQrModules(pdf: Uint8Array) {
  const page = (await PDFDocument.load(pdf)).getPage(0);
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  const text = streams.map(streamText).join("\n");
  const block = /cm\s+0 0 0 rg\s+((?:[\d.]+ [\d.]+ [\d.]+ [\d.]+ re\s+)+)f/.exec(text);
  if (!block) throw new Error("no QR block on the page");
  const dark = new Set<string>();
  for (const m of block[1]!.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) 1 re/g)) {
    const [col, row, width] = [Number(m[1]), Number(m[2]), Number(m[3])];
    for (let c = col; c < col + width; c++) dark.add(`${row},${c}`);
  }
  return dark;
}

export function qrModulesOf(text: string) {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const dark = new Set<string>();
  for (let row = 0; row < qr.modules.size; row++) for (let col = 0; col < qr.modules.size; col++) if (qr.modules.get(row, col)) dark.add(`${row},${col}`);
  return dark;
}
