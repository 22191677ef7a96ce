import { rgb, type PDFDocument, type PDFFont, type PDFPage } from "pdf-lib";
import { contractFontkit, loadContractFontBytes, wrapText } from "./font";
import { exhibitionDate } from "../../app/contracts/common/exhibition-time";

/**
 * The page of the documents the server generates (service contracts, the entry safety
 * commitment): A4, the contract font, text that flows down and onto new pages, and the stamp
 * boxes at the end. One place, so the printed papers keep one look.
 */

// A4 in points.
export const PAGE_SIZE: [number, number] = [595.28, 841.89];
export const MARGIN = 48;
export const CONTENT_WIDTH = PAGE_SIZE[0] - 2 * MARGIN;
export const BODY_SIZE = 9.5;
const INK = rgb(0.1, 0.1, 0.1);
export const GREY = rgb(0.45, 0.45, 0.45);

export type DocumentFonts = { regular: PDFFont; bold: PDFFont };

/**
 * Registers the contract fontkit and embeds the regular and bold contract fonts. Subset: only the
 * glyphs used are embedded, so a document is tens of kB, not 10 MB. `subsetTag` (five capitals)
 * gives fixed names (`${tag}A+NotoSansSC-Regular`, `${tag}B+…-Bold`) instead of pdf-lib's
 * numbered ones, so the same input gives the same bytes.
 */
export async function embedContractFonts(doc: PDFDocument, subsetTag: string): Promise<DocumentFonts> {
  doc.registerFontkit(contractFontkit);
  const [regularBytes, boldBytes] = await Promise.all([loadContractFontBytes("regular"), loadContractFontBytes("bold")]);
  const regular = await doc.embedFont(regularBytes, { subset: true, customName: `${subsetTag}A+NotoSansSC-Regular` });
  const bold = await doc.embedFont(boldBytes, { subset: true, customName: `${subsetTag}B+NotoSansSC-Bold` });
  return { regular, bold };
}

type TextOptions = { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; alignRightAt?: number };

/** Page cursor: text flows down the current page and breaks to a new one when a block does not fit. */
export class PdfLayout {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;
  /** Drawn at the top of each new page (a table's header row while the table continues). */
  onNewPage: (() => void) | null = null;
  readonly regular: PDFFont;
  readonly bold: PDFFont;
  /** Room kept free above the bottom margin for the footer. */
  readonly footerSpace: number;
  /** Space between lines of body text. */
  readonly lineGap: number;

  constructor(
    readonly doc: PDFDocument,
    fonts: DocumentFonts,
    options: { footerSpace: number; lineGap: number },
  ) {
    this.regular = fonts.regular;
    this.bold = fonts.bold;
    this.footerSpace = options.footerSpace;
    this.lineGap = options.lineGap;
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage(PAGE_SIZE);
    this.pages.push(this.page);
    this.y = PAGE_SIZE[1] - MARGIN;
    this.onNewPage?.();
  }

  ensureSpace(height: number) {
    if (this.y - height < MARGIN + this.footerSpace) this.newPage();
  }

  text(text: string, x: number, y: number, options: TextOptions = {}) {
    const font = options.bold ? this.bold : this.regular;
    const size = options.size ?? BODY_SIZE;
    const left = options.alignRightAt === undefined ? x : options.alignRightAt - font.widthOfTextAtSize(text, size);
    this.page.drawText(text, { x: left, y, size, font, color: options.color ?? INK });
  }

  /** The document's title, bold and centred, with space under it. */
  title(text: string, size: number) {
    this.y -= size;
    this.text(text, MARGIN + Math.max(0, (CONTENT_WIDTH - this.bold.widthOfTextAtSize(text, size)) / 2), this.y, { size, bold: true });
    this.y -= 14;
  }

  /**
   * A wrapped paragraph at the cursor, indented by `indent`. A hanging label sits left of its
   * first line, in the indent; a bold lead (a clause's heading) starts the first line as its own
   * run of text, and the label is bold with it.
   */
  paragraph(text: string, options: { indent?: number; size?: number; bold?: boolean; label?: string; lead?: string } = {}) {
    const size = options.size ?? BODY_SIZE;
    const indent = options.indent ?? 0;
    const lead = options.lead ?? "";
    // Wrapped in the regular font, the bold lead is a little wider: every line gives up that much.
    const leadExtra = lead ? this.bold.widthOfTextAtSize(lead, size) - this.regular.widthOfTextAtSize(lead, size) : 0;
    const lines = wrapText(lead + text, options.bold ? this.bold : this.regular, size, CONTENT_WIDTH - indent - Math.max(0, leadExtra));
    lines.forEach((line, index) => {
      this.ensureSpace(size + this.lineGap);
      this.y -= size + this.lineGap;
      const x = MARGIN + indent;
      if (index > 0) {
        this.text(line, x, this.y, { size, bold: options.bold });
        return;
      }
      if (options.label) this.text(options.label, MARGIN, this.y, { size, bold: options.bold || Boolean(lead) });
      if (lead) this.text(lead.trimEnd(), x, this.y, { size, bold: true });
      this.text(line.slice(lead.length), x + (lead ? this.bold.widthOfTextAtSize(lead, size) : 0), this.y, { size, bold: options.bold });
    });
  }

  /** Footers last, when the page count is known: `left` at the left, the page label at the right. */
  footers(left: string, pageLabel: (n: number, of: number) => string, footerY: number) {
    this.pages.forEach((page, index) => {
      this.page = page;
      this.text(left, MARGIN, footerY, { size: 8, color: GREY });
      this.text(pageLabel(index + 1, this.pages.length), 0, footerY, { size: 8, color: GREY, alignRightAt: MARGIN + CONTENT_WIDTH });
    });
  }
}

export type StampBox = { title: string; company: string };

/**
 * Stamp boxes side by side, each with its title, the company's name, and a signature and a date
 * line. Room for two lines of company name; a longer name (up to its field's maximum) makes all
 * boxes taller rather than being cut. `height` is the box height with two lines of name,
 * `spaceAbove` the gap to the text above, `signatureAt` the signature line's height in the box.
 */
export function drawStampBoxes(
  layout: PdfLayout,
  boxes: StampBox[],
  labels: { signature: string; signDate: string },
  options: { height: number; spaceAbove: number; signatureAt: number },
) {
  const gap = 16;
  const lineHeight = BODY_SIZE + layout.lineGap;
  const boxWidth = (CONTENT_WIDTH - gap * (boxes.length - 1)) / boxes.length;
  const wrapped = boxes.map((box) => ({ ...box, lines: wrapText(box.company, layout.regular, BODY_SIZE, boxWidth - 16) }));
  const extraLines = Math.max(0, ...wrapped.map((box) => box.lines.length - 2));
  const boxHeight = options.height + extraLines * lineHeight;
  layout.ensureSpace(boxHeight + options.spaceAbove);
  layout.y -= options.spaceAbove;
  const top = layout.y;
  wrapped.forEach((box, index) => {
    const x = MARGIN + index * (boxWidth + gap);
    layout.page.drawRectangle({ x, y: top - boxHeight, width: boxWidth, height: boxHeight, borderColor: GREY, borderWidth: 0.8 });
    let y = top - 8 - BODY_SIZE;
    layout.text(box.title, x + 8, y, { bold: true });
    for (const line of box.lines) {
      y -= lineHeight;
      layout.text(line, x + 8, y);
    }
    layout.text(labels.signature, x + 8, top - boxHeight + options.signatureAt, { color: GREY });
    layout.text(labels.signDate, x + 8, top - boxHeight + 14, { color: GREY });
  });
  layout.y = top - boxHeight;
}

/** Sets the document information (dated from the input, never the clock) and saves. */
export function saveWithInfo(doc: PDFDocument, info: { title: string; author: string; language: "zh" | "en"; date: Date }) {
  doc.setTitle(info.title);
  doc.setAuthor(info.author);
  doc.setLanguage(info.language === "zh" ? "zh-CN" : "en");
  doc.setProducer("Exhibitor Portal");
  doc.setCreationDate(info.date);
  doc.setModificationDate(info.date);
  return doc.save();
}

/** A paper's date (contracts, the safety commitment): the calendar day in China time (UTC+8, no daylight saving), whatever the server's zone. */
export function contractDate(createdAt: string): string {
  const time = Date.parse(createdAt);
  if (Number.isNaN(time)) throw new Error(`contract: createdAt is not a valid ISO time: ${createdAt}`);
  return exhibitionDate(new Date(time));
}
