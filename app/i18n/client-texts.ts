import type { i18n as I18n } from "i18next";
import { useEffect } from "react";
import type { Language } from "./config";

/** One chunk per language: a page downloads only the texts of the language it is shown in. */
export const loadTexts: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  zh: () => import("./locales/zh"),
  en: () => import("./locales/en"),
};

/**
 * Follows the language the server rendered (root loader), fetching that language's texts first
 * when they are not loaded yet (a client-side navigation after the language switch).
 */
export function useServerLanguage(i18n: I18n, language: Language) {
  useEffect(() => {
    if (i18n.language === language) return;
    let current = true;
    const ready: Promise<unknown> = i18n.hasResourceBundle(language, "translation")
      ? Promise.resolve()
      : loadTexts[language]().then((texts) => i18n.addResourceBundle(language, "translation", texts.default));
    void ready.then(() => {
      if (current) void i18n.changeLanguage(language);
    });
    return () => {
      current = false;
    };
  }, [i18n, language]);
}
