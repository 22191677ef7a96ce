import { useEffect, useSyncExternalStore } from "react";
import type { Language } from "../contracts/i18n/config";
import { hasLanguage, registerLanguage } from "../contracts/i18n/text-registry";

/** One core chunk per language: a page downloads only the core texts of the language it is shown in. */
const loadCore: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  zh: () => import("../contracts/i18n/locales/zh-core"),
  en: () => import("../contracts/i18n/locales/en-core"),
};

export async function loadLanguage(language: Language) {
  if (hasLanguage(language)) return;
  const { default: core } = await loadCore[language]();
  registerLanguage(language, core as never);
}

// The browser's shown language: set before hydrating, then by the root loader's answer.
let shown: Language = "zh";
const listeners = new Set<() => void>();

export function setShownLanguage(language: Language) {
  shown = language;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The language the browser shows its texts in (entry.client's provider). */
export function useShownLanguage() {
  return useSyncExternalStore(
    subscribe,
    () => shown,
    () => shown,
  );
}

/**
 * Follows the language the server rendered (root loader), fetching that language's core texts
 * first when they are not loaded yet (a client-side navigation after the language switch).
 */
export function useServerLanguage(language: Language) {
  useEffect(() => {
    if (shown === language) return;
    let current = true;
    void loadLanguage(language).then(() => {
      if (current) setShownLanguage(language);
    });
    return () => {
      current = false;
    };
  }, [language]);
}
