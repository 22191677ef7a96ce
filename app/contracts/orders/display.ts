import type { Language } from "~/contracts/i18n/config";

/** Names and units in the page's language (English falls back to Chinese when missing). */
export const localName = (item: { name: string; nameEn: string }, language: Language) => (language === "en" ? item.nameEn || item.name : item.name);
export const localUnit = (item: { unit: string; unitEn: string }, language: Language) => (language === "en" ? item.unitEn || item.unit : item.unit);
