import type { Language } from "../../../app/contracts/i18n/config";
import { translate } from "../../../app/contracts/i18n/translate.server";
import type { InvitationLanguage } from "../../../app/contracts/promotion/values";
import { h, img, type Node, type Style, textBlock } from "./engine";

/**
 * What every promotion image shows (decision 031): the exhibition, the exhibitor's booth, and the
 * QR code of the tracking link; the words drawn on them in the image's language, or both.
 */
export type Exhibition = { nameZh: string; nameEn: string; startsOn: string; endsOn: string; venueZh: string; venueEn: string };
export type BoothPlace = { boothNo: string; hallZh: string | null; hallEn: string | null };
/** Every text already passed through safeText; pictures are data URLs. */
export type CommonImageInput = { exhibition: Exhibition; booth: BoothPlace; qr: string };

export type Theme = { from: string; to: string; accent: string };
export const THEMES: Record<InvitationLanguage | "micro", Theme> = {
  zh: { from: "#8e1b1b", to: "#d84315", accent: "#b71c1c" },
  en: { from: "#0b2a5b", to: "#1565c0", accent: "#0d47a1" },
  bilingual: { from: "#004d40", to: "#00897b", accent: "#00695c" },
  micro: { from: "#311b92", to: "#6a1b9a", accent: "#4a148c" },
};

export const gradient = (theme: Theme) => `linear-gradient(160deg, ${theme.from} 0%, ${theme.to} 100%)`;

/** A label of the image in one language, or "中文 / English" for both. */
export function label(language: InvitationLanguage, key: string, values: Record<string, unknown> = {}, joiner = " / ") {
  const one = (lang: Language) => translate(lang, `promotion.images.art.${key}`, values);
  return language === "bilingual" ? `${one("zh")}${joiner}${one("en")}` : one(language);
}

const parts = (day: string) => day.split("-").map(Number) as [number, number, number];
const EN_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The exhibition's days: "2026年12月8日 至 12月11日", "8 December – 11 December 2026" (the year once within one year). */
function dateRange(language: Language, from: string, to: string) {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  const sameYear = y1 === y2;
  const start = language === "zh" ? `${y1}年${m1}月${d1}日` : `${d1} ${EN_MONTHS[m1 - 1]}${sameYear ? "" : ` ${y1}`}`;
  const end = language === "zh" ? `${sameYear ? "" : `${y2}年`}${m2}月${d2}日` : `${d2} ${EN_MONTHS[m2 - 1]} ${y2}`;
  return translate(language, "promotion.images.art.dateRange", { from: start, to: end });
}

const exhibitionName = (e: Exhibition, language: Language) => (language === "zh" ? e.nameZh : e.nameEn || e.nameZh);
const venue = (e: Exhibition, language: Language) => (language === "zh" ? e.venueZh : e.venueEn || e.venueZh);

/** "1号馆 展位号 1A01" / "Hall 1 · Booth 1A01". */
export function place(booth: BoothPlace, language: Language) {
  const hall = language === "zh" ? booth.hallZh : booth.hallEn || booth.hallZh;
  const boothText = translate(language, "promotion.images.art.booth", { booth: booth.boothNo });
  return hall ? `${hall} · ${boothText}` : boothText;
}

/** The exhibition's name, days and venue, in white on the image's colour. */
export function exhibitionHeader(input: CommonImageInput, languages: Language[], style: Style = {}): Node {
  const [first, second] = languages;
  return h(
    "div",
    { flexDirection: "column", color: "#ffffff", gap: 10, ...style },
    textBlock(exhibitionName(input.exhibition, first ?? "zh"), { fontSize: second ? 38 : 42, fontWeight: 700, lineHeight: 1.2 }, 2),
    second ? textBlock(exhibitionName(input.exhibition, second), { fontSize: 24, lineHeight: 1.3, opacity: 0.92 }, 1) : null,
    textBlock(dateRange(first ?? "zh", input.exhibition.startsOn, input.exhibition.endsOn), { fontSize: 26, lineHeight: 1.3 }, 1),
    textBlock(venue(input.exhibition, first ?? "zh"), { fontSize: 24, lineHeight: 1.3, opacity: 0.92 }, second ? 1 : 2),
  );
}

/** The QR code on white with what scanning it does. */
export function qrPanel(input: CommonImageInput, language: InvitationLanguage, theme: Theme, size: number, style: Style = {}): Node {
  return h(
    "div",
    { alignItems: "center", gap: 28, backgroundColor: "#ffffff", padding: "24px 32px", ...style },
    img(input.qr, { width: size, height: size, objectFit: "contain" }),
    h(
      "div",
      { flexDirection: "column", flex: 1, gap: 12 },
      textBlock(label(language, "scan", {}, "\n"), { fontSize: 30, fontWeight: 700, color: theme.accent, lineHeight: 1.3, whiteSpace: "pre-line" }, 4),
      textBlock(label(language, "scanHint", {}, "\n"), { fontSize: 22, color: "#555555", lineHeight: 1.35, whiteSpace: "pre-line" }, 4),
    ),
  );
}
