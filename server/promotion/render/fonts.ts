import type * as Fontkit from "fontkit";
import type { Font as SatoriFont } from "satori";
import { loadContractFontBytes, loadFontkit } from "../../pdf/font";

/**
 * The fonts of the promotion images (decision 031): Noto Sans SC regular and bold, the files the
 * contracts embed (server/pdf/font.ts), read and handed to satori once per process.
 * satori keeps what it parsed per font object, so the same array is passed to every render: only
 * the first render after a start pays the parse (about 2 s).
 */
export const FONT_FAMILY = "Noto Sans SC";

let fonts: Promise<{ satori: SatoriFont[]; covers: (codePoint: number) => boolean }> | null = null;

export function loadRenderFonts() {
  fonts ??= (async () => {
    const [regular, bold] = await Promise.all([loadContractFontBytes("regular"), loadContractFontBytes("bold")]);
    const data = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // Both weights cover the same characters; the regular one's character map answers for both.
    const parsed = loadFontkit().create(data(regular)) as Fontkit.Font;
    const known = new Map<number, boolean>();
    const covers = (codePoint: number) => {
      let has = known.get(codePoint);
      if (has === undefined) {
        has = parsed.hasGlyphForCodePoint(codePoint);
        known.set(codePoint, has);
      }
      return has;
    };
    return {
      satori: [
        { name: FONT_FAMILY, data: data(regular), weight: 400, style: "normal" },
        { name: FONT_FAMILY, data: data(bold), weight: 700, style: "normal" },
      ],
      covers,
    };
  })();
  // A failed read (package missing) is retried on the next render, not kept.
  fonts.catch(() => {
    fonts = null;
  });
  return fonts;
}

/** The mark CJK typesetting puts where a character is missing (〓, geta); the font has it. */
const MISSING = "\u3013";
/** An emoji with its modifiers, joiners, variation selectors, keycaps, flags and tags: decoration, dropped whole. */
const EMOJI_SEQUENCE =
  /(?:\p{Regional_Indicator}{2}|[#*0-9]\uFE0F?\u20E3|\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier}|[\u{E0020}-\u{E007F}])*(?:\u200D\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})*)*)/gu;
/** Marks that show nothing on their own, and control characters. */
const INVISIBLE = /\p{Cc}|\p{Cf}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\p{Variation_Selector}|\u20E3/gu;
/** The longest text laid out: a name never needs more, and satori's time grows with the text. */
const MAX_CHARS = 300;

/**
 * Text as the font can draw it: emoji dropped, characters the font lacks (CJK Extension B, scripts
 * it has no glyphs for) replaced by one 〓 per run, white space collapsed, at most 300 characters.
 * Nothing reaches satori that it would draw as a box, and an empty result stays empty.
 */
export function safeText(value: string, covers: (codePoint: number) => boolean): string {
  const cleaned = value.normalize("NFC").replace(EMOJI_SEQUENCE, " ").replace(INVISIBLE, "").replace(/\s+/gu, " ").trim();
  let out = "";
  let count = 0;
  for (const char of cleaned) {
    if (count >= MAX_CHARS) break;
    const codePoint = char.codePointAt(0) ?? 0;
    const drawn = char === " " || covers(codePoint) ? char : MISSING;
    if (drawn === MISSING && out.endsWith(MISSING)) continue;
    out += drawn;
    count++;
  }
  return out.replace(/ {2,}/g, " ").trim();
}
