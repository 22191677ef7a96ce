/**
 * The fascia board (docs/product.md § Uploads): 2400 mm wide by 950 mm high. Custom artwork is a CDR file with
 * its text converted to curves (checked by hand), or a JPG at 1:1 scale and 72 dpi or more, or,
 * if its dpi is lower, 5 million pixels or more. The JPG's proportion must be the board's.
 */
export const FASCIA_WIDTH_MM = 2400;
export const FASCIA_HEIGHT_MM = 950;
/** How far width/height may be from 2400/950 (about 2.53), as a fraction of it: 2 %. */
const FASCIA_RATIO_TOLERANCE = 0.02;
const FASCIA_MIN_DPI = 72;
export const FASCIA_MIN_PIXELS = 5_000_000;
/** CDR artwork runs large; nothing else needs more. */
export const FASCIA_MAX_BYTES = 50 * 1024 * 1024;

/** What the server found in a custom fascia file; `manual` when a person must check it (CDR). */
export type FasciaCheck = { kind: "jpg"; widthPx: number; heightPx: number; dpi: number | null; manual: false } | { kind: "cdr"; manual: true };

export type FasciaProblem = { key: "ratio"; ratio: string } | { key: "resolution"; dpi: number | null; pixels: number };

/**
 * Whether a JPG of this size and dpi can be printed on the board: the proportion within the
 * tolerance, and 72 dpi or more, or else 5 million pixels or more. Null when it can.
 */
export function fasciaImageProblem(image: { widthPx: number; heightPx: number; dpi: number | null }): FasciaProblem | null {
  const expected = FASCIA_WIDTH_MM / FASCIA_HEIGHT_MM;
  const ratio = image.widthPx / image.heightPx;
  if (!(Math.abs(ratio - expected) <= expected * FASCIA_RATIO_TOLERANCE)) return { key: "ratio", ratio: ratio.toFixed(2) };
  const pixels = image.widthPx * image.heightPx;
  if ((image.dpi ?? 0) >= FASCIA_MIN_DPI || pixels >= FASCIA_MIN_PIXELS) return null;
  return { key: "resolution", dpi: image.dpi, pixels };
}

/** Font size for the standard fascia's preview: the text fills the board's width without overflowing. */
export function fasciaTextScale(text: string, boardWidth: number, maxSize: number) {
  // A CJK glyph is about one em wide, Latin about 0.55 em.
  const ems = [...text].reduce((sum, ch) => sum + (/[\u2e80-\uffff]/.test(ch) ? 1 : 0.55), 0);
  return ems ? Math.min(maxSize, (boardWidth * 0.9) / ems) : maxSize;
}
