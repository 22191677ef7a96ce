import QRCode from "qrcode";
import { concatTransformationMatrix, fill, popGraphicsState, pushGraphicsState, rectangle, setFillingRgbColor, type PDFPage } from "pdf-lib";

/** A QR code on a PDF page (badges, vehicle passes): its dark modules as filled rectangles, one per run in a row, so it is sharp at any print size. */
export function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const count = qr.modules.size;
  const unit = size / count;
  const ops = [pushGraphicsState(), concatTransformationMatrix(unit, 0, 0, -unit, x, y + size), setFillingRgbColor(0, 0, 0)];
  for (let row = 0; row < count; row++) {
    let col = 0;
    while (col < count) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < count && qr.modules.get(row, col)) col++;
      ops.push(rectangle(start, row, col - start, 1));
    }
  }
  ops.push(fill(), popGraphicsState());
  page.pushOperators(...ops);
}
