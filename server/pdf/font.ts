import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { EventEmitter } from "node:events";
import type * as Fontkit from "fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";

/**
 * The CJK font of generated contracts and the fontkit that pdf-lib embeds it with.
 *
 * Font: Noto Sans SC (SIL OFL 1.1) as TrueType from @expo-google-fonts/noto-sans-sc, read
 * from node_modules at run time (the server bundle keeps packages external, so the package
 * is found from build/server/ as from server/). It covers Latin too, so one family serves
 * both languages and Chinese company names in English contracts.
 *
 * Fontkit: upstream fontkit 2, not @pdf-lib/fontkit 1.1.1 — that stale fork's subsetter
 * writes a broken short `loca` for TrueType (CJK glyphs come out blank or garbled) and an
 * invalid CFF header for OpenType/CFF; both were fixed upstream (docs/decisions/007).
 */
const requireFromHere = createRequire(import.meta.url);

/** fontkit, required on the first font parse: pdf-lib's registerFontkit() wants a synchronous create(). */
export const loadFontkit = (): typeof Fontkit => requireFromHere("fontkit");

const FONT_FILES = {
  regular: "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
  bold: "@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf",
} as const;

export type ContractFontWeight = keyof typeof FONT_FILES;

const fontBytesCache = new Map<ContractFontWeight, Promise<Uint8Array>>();

/** The font file's bytes, read once per process (about 10 MB each). */
export function loadContractFontBytes(weight: ContractFontWeight): Promise<Uint8Array> {
  let bytes = fontBytesCache.get(weight);
  if (!bytes) {
    bytes = Promise.resolve()
      .then(() => readFile(requireFromHere.resolve(FONT_FILES[weight])))
      .then((buffer) => new Uint8Array(buffer));
    // A failed read (package missing) should be retried on the next call, not cached.
    bytes.catch(() => fontBytesCache.delete(weight));
    fontBytesCache.set(weight, bytes);
  }
  return bytes;
}

/** What pdf-lib's registerFontkit() takes: fontkit 1's API. */
type PdfLibFontkit = Parameters<PDFDocument["registerFontkit"]>[0];
type PdfLibFont = ReturnType<PdfLibFontkit["create"]>;

// Parsing a 10 MB font takes time; the parsed font is immutable apart from its caches,
// so every document reuses it (each embed still makes its own subset).
const parsedFonts = new WeakMap<Uint8Array, PdfLibFont>();

/**
 * The object given to pdfDoc.registerFontkit(). pdf-lib reads the subset through the
 * stream API of fontkit 1 (`subset.encodeStream()`); fontkit 2 only has `encode()`, so the
 * adapter adds a one-chunk stream.
 */
export const contractFontkit: PdfLibFontkit = {
  create(bytes: Uint8Array): PdfLibFont {
    let font = parsedFonts.get(bytes);
    if (!font) {
      // A .ttf holds one font, never a collection.
      const parsed = loadFontkit().create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) as Fontkit.Font;
      const createSubset = parsed.createSubset.bind(parsed);
      Object.assign(parsed, {
        createSubset: () => {
          const subset = createSubset();
          return Object.assign(subset, { encodeStream: () => oneChunkStream(() => subset.encode()) });
        },
      });
      font = parsed as unknown as PdfLibFont;
      parsedFonts.set(bytes, font);
    }
    return font;
  },
};

function oneChunkStream(encode: () => Uint8Array) {
  const stream = new EventEmitter();
  // Emitted on the next tick: pdf-lib attaches its listeners after encodeStream() returns.
  process.nextTick(() => {
    try {
      stream.emit("data", encode());
      stream.emit("end");
    } catch (error) {
      stream.emit("error", error);
    }
  });
  return stream;
}

/**
 * Splits text into lines no wider than maxWidth. Chinese may break between any two
 * characters; Latin text breaks at spaces, and a word longer than a line is cut.
 */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    // Tokens: one CJK character, or a run of other characters with its trailing spaces.
    const tokens = paragraph.match(
      /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]+\s*|\s+/g,
    ) ?? [""];
    let line = "";
    for (const token of tokens) {
      if (font.widthOfTextAtSize(line + token.trimEnd(), size) <= maxWidth) {
        line += token;
        continue;
      }
      if (line.trim()) lines.push(line.trimEnd());
      line = "";
      let rest = token.trimStart();
      // Cuts a single token wider than the whole line, character by character.
      while (font.widthOfTextAtSize(rest.trimEnd(), size) > maxWidth) {
        let fit = 1;
        const chars = Array.from(rest);
        while (fit < chars.length && font.widthOfTextAtSize(chars.slice(0, fit + 1).join(""), size) <= maxWidth) fit++;
        lines.push(chars.slice(0, fit).join(""));
        rest = chars.slice(fit).join("");
      }
      line = rest;
    }
    lines.push(line.trimEnd());
  }
  return lines;
}
