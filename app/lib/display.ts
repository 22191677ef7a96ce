import type { Language } from "~/contracts/i18n/config";

/** docs/product.md § Languages: the business name in the chosen language, English falling back to Chinese. */
export function businessNameFor(info: { businessName: string | null; businessNameEn: string | null; username?: string }, language: Language) {
  const name = language === "en" ? info.businessNameEn || info.businessName : info.businessName;
  return name || info.username || "";
}
