/**
 * The languages and how one is chosen. Safe for the browser: the texts themselves are in
 * ./locales (loaded per language by entry.client.tsx) and ./translate.server.ts (server side).
 */
export const supportedLanguages = ["zh", "en"] as const;
export type Language = (typeof supportedLanguages)[number];
export const defaultLanguage: Language = "zh";

export function isLanguage(value: unknown): value is Language {
  return value === "zh" || value === "en";
}

/** docs/product.md § Languages: zh when the browser's languages mention 'zh', otherwise en. */
export function languageFromAcceptLanguage(header: string | null | undefined): Language {
  if (!header) return defaultLanguage;
  return header.toLowerCase().includes("zh") ? "zh" : "en";
}
