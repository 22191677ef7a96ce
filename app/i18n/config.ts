import en from "./locales/en";
import zh from "./locales/zh";

export const supportedLanguages = ["zh", "en"] as const;
export type Language = (typeof supportedLanguages)[number];
export const defaultLanguage: Language = "zh";
export const resources = { zh: { translation: zh }, en: { translation: en } } as const;

export function isLanguage(value: unknown): value is Language {
  return value === "zh" || value === "en";
}

/** Spec point 1: zh when the browser's languages mention 'zh', otherwise en. */
export function languageFromAcceptLanguage(header: string | null | undefined): Language {
  if (!header) return defaultLanguage;
  return header.toLowerCase().includes("zh") ? "zh" : "en";
}

/** Minimal interpolation used outside React (the API's messages). */
export function translate(language: Language, key: string, values: Record<string, unknown> = {}) {
  const text = key
    .split(".")
    .reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), resources[language].translation);
  if (typeof text !== "string") return key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}

/**
 * A validation message as schemas write it: an i18n key, or "<key>|<label key>" for spec point 5's
 * generic messages ('{prop} is required'), where the label fills {prop}.
 */
export function translateMessage(language: Language, message: string, values: Record<string, unknown> = {}) {
  const [key, propKey] = message.split("|");
  return translate(language, key!, propKey ? { ...values, prop: translate(language, propKey) } : values);
}
