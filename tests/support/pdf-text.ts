import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream, type PDFPage } from "pdf-lib";

/**
 * Text extraction the way a viewer's copy/search does it: the glyph ids shown by each Tj in
 * the page content, mapped back to Unicode through the font's ToUnicode CMap. So a match
 * proves the text was drawn with the embedded font and maps back to the right characters.
 * Written for the PDFs the server generates with pdf-lib (hex strings of two-byte glyph ids).
 */
export interface PageFont {
  /** The BaseFont, e.g. `PCCTRA+NotoSansSC-Regular`. */
  name: string;
  dict: PDFDict;
  toUnicode: Map<number, string>;
}

export interface ShownGlyph {
  font: PageFont;
  glyphId: number;
  /** The glyph's text per the ToUnicode map; U+FFFD where the map has none. */
  char: string;
}

/** A decoded stream as latin1 text (PDF operators are ASCII). */
export function streamText(stream: unknown): string {
  if (!(stream instanceof PDFRawStream)) throw new Error("expected a raw stream");
  return Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1");
}

function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const match of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
    const units = match[2]!.match(/.{4}/g)!.map((hex) => parseInt(hex, 16));
    map.set(parseInt(match[1]!, 16), String.fromCharCode(...units));
  }
  return map;
}

function pageFonts(page: PDFPage): Map<string, PageFont> {
  const fonts = new Map<string, PageFont>();
  const fontDict = page.node.Resources()!.lookup(PDFName.of("Font"), PDFDict);
  for (const [key, ref] of fontDict.entries()) {
    const dict = page.doc.context.lookup(ref, PDFDict);
    const toUnicode = parseToUnicode(streamText(dict.lookup(PDFName.of("ToUnicode"))));
    fonts.set(key.decodeText(), { name: dict.lookup(PDFName.of("BaseFont"), PDFName).decodeText(), dict, toUnicode });
  }
  return fonts;
}

/** The glyphs of each Tj on the page, in content order, one array per Tj. */
function shownRuns(page: PDFPage): ShownGlyph[][] {
  const fonts = pageFonts(page);
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  const runs: ShownGlyph[][] = [];
  let font: PageFont | undefined;
  for (const stream of streams) {
    for (const match of streamText(stream).matchAll(/\/(\S+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (match[1]) {
        font = fonts.get(match[1]);
        continue;
      }
      // Text shown without a font the page declares is a broken PDF, not text to skip.
      if (!font) throw new Error("Tj without a known font (Tf)");
      const ids = (match[2]!.match(/.{4}/g) ?? []).map((hex) => parseInt(hex, 16));
      runs.push(ids.map((glyphId) => ({ font: font!, glyphId, char: font!.toUnicode.get(glyphId) ?? "\uFFFD" })));
    }
  }
  return runs;
}

/** Every glyph the page shows, with its font: for checks on the embedded subsets. */
export function pageGlyphs(page: PDFPage): ShownGlyph[] {
  return shownRuns(page).flat();
}

/** The page's text, one line per Tj (a wrapped paragraph reads across "\n"). */
export function pageText(page: PDFPage): string {
  return shownRuns(page)
    .map((run) => run.map((glyph) => glyph.char).join(""))
    .join("\n");
}

/** The text of all pages of a PDF, pages joined by "\n". */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map(pageText).join("\n");
}
