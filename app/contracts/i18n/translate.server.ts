import type { Language } from "./config";
import en from "./locales/en";
import zh from "./locales/zh";
import { messageParts } from "../common/message-parts";
import { registerLanguage, translateText } from "./text-registry";

/**
 * Both languages' texts, for the server (API messages, page titles in loaders, SSR). Kept out of
 * config.ts so no browser bundle reaches them through a shared import: a page downloads only its
 * language's texts (app/entry.client.tsx).
 */
export const resources = { zh: { translation: zh }, en: { translation: en } } as const;

// Server-rendered pages translate with every group at hand (app/i18n/texts.tsx).
registerLanguage("zh", zh);
registerLanguage("en", en);

/** A text outside React (the API's messages, titles in loaders): the same lookup as the pages'. */
export function translate(language: Language, key: string, values: Record<string, unknown> = {}) {
  return translateText(language, key, values);
}

/**
 * A validation message as schemas write it: an i18n key, or "<key>|<label key>" for the generic messages of docs/product.md § Validation
 * generic messages ('{prop} is required'), where the label fills {prop}.
 */
export function translateMessage(language: Language, message: string, values: Record<string, unknown> = {}) {
  const { key, propKey, max } = messageParts(message);
  return translate(language, key, { ...values, ...(propKey ? { prop: translate(language, propKey) } : {}), ...(max ? { max } : {}) });
}
