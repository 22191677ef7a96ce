import { PDFDocument, type RGB } from "pdf-lib";
import { CONTENT_WIDTH, embedContractFonts, GREY, MARGIN, PAGE_SIZE, PdfLayout, saveWithInfo } from "../pdf/layout";
import { drawQr } from "../pdf/qr";
import { groupedCode } from "./signed-code";

/**
 * A vehicle's pass (a yellow-plate truck's, a blue-plate car's): one A4 page in Chinese with English
 * labels, printed by the exhibitor and shown at the gate. The exhibition, the heading, the plate
 * large on a band of the plate's own colour, the facts of the kind, and the QR with its signed code
 * printed under it in groups for typing. What differs between the kinds is data.
 */
export type PlatePass = {
  exhibition: { nameZh: string; nameEn: string };
  heading: string;
  plate: string;
  band: { colour: RGB; plateColour?: RGB };
  facts: [label: string, value: string][];
  code: string;
  note: string;
  /** The PDF's title, and the moment it says it was made (the decision, so a reprint is the same file). */
  title: string;
  madeAt: Date;
  /** The font subset's tag (six capitals), one per kind. */
  fontTag: string;
};

const QR_SIZE = 170;
const BAND_HEIGHT = 74;
const PLATE_SIZE = 44;

export async function renderPlatePass(pass: PlatePass): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedContractFonts(doc, pass.fontTag);
  const layout = new PdfLayout(doc, fonts, { footerSpace: 0, lineGap: 6 });
  layout.title(pass.exhibition.nameZh, 15);
  layout.paragraph(pass.exhibition.nameEn, { size: 9 });
  layout.y -= 10;
  layout.title(pass.heading, 20);

  layout.page.drawRectangle({ x: MARGIN, y: layout.y - BAND_HEIGHT, width: CONTENT_WIDTH, height: BAND_HEIGHT, color: pass.band.colour });
  const plateWidth = fonts.bold.widthOfTextAtSize(pass.plate, PLATE_SIZE);
  layout.text(pass.plate, MARGIN + (CONTENT_WIDTH - plateWidth) / 2, layout.y - BAND_HEIGHT + 18, {
    size: PLATE_SIZE,
    bold: true,
    ...(pass.band.plateColour ? { color: pass.band.plateColour } : {}),
  });
  layout.y -= BAND_HEIGHT + 18;

  for (const [label, value] of pass.facts) {
    layout.paragraph(value, { indent: 150, size: 12, label });
    layout.y -= 4;
  }

  const qrTop = layout.y - 16;
  drawQr(layout.page, pass.code, (PAGE_SIZE[0] - QR_SIZE) / 2, qrTop - QR_SIZE, QR_SIZE);
  const grouped = groupedCode(pass.code);
  layout.text(grouped, (PAGE_SIZE[0] - fonts.regular.widthOfTextAtSize(grouped, 9)) / 2, qrTop - QR_SIZE - 16, { size: 9 });
  layout.text(pass.note, (PAGE_SIZE[0] - fonts.regular.widthOfTextAtSize(pass.note, 9)) / 2, qrTop - QR_SIZE - 36, { size: 9, color: GREY });
  return saveWithInfo(doc, { title: pass.title, author: pass.exhibition.nameZh, language: "zh", date: pass.madeAt });
}
