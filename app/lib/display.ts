import type { Language } from "~/contracts/i18n/config";

/**
 * docs/product.md § Languages: the business name in the chosen language, English falling back to
 * Chinese, and Chinese to English (an overseas exhibitor may have only that, decision 056).
 */
export function businessNameFor(info: { businessName: string | null; businessNameEn: string | null; username?: string }, language: Language) {
  const name = language === "en" ? info.businessNameEn || info.businessName : info.businessName || info.businessNameEn;
  return name || info.username || "";
}
