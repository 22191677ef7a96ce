import type { Language } from "~/contracts/i18n/config";

/** Names and units in the page's language (English falls back to Chinese when missing). */
export const localName = (item: { name: string; nameEn: string }, language: Language) => (language === "en" ? item.nameEn || item.name : item.name);
export const localUnit = (item: { unit: string; unitEn: string }, language: Language) => (language === "en" ? item.unitEn || item.unit : item.unit);

const UTC8_MS = 8 * 60 * 60 * 1000;

/** Deadlines and order times are exhibition time (UTC+8), whatever the server's or browser's zone. */
export function exhibitionDate(iso: string | null | undefined) {
  if (!iso) return "";
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? new Date(ms + UTC8_MS).toISOString().slice(0, 10) : "";
}
export function exhibitionDateTime(iso: string | null | undefined) {
  if (!iso) return "";
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? new Date(ms + UTC8_MS).toISOString().slice(0, 16).replace("T", " ") : "";
}
