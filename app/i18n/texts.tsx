import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { Language } from "../contracts/i18n/config";
import { translateText, type TranslateOptions } from "../contracts/i18n/text-registry";

/** The shown language in React: the provider and the hook over the text registry (./text-registry). */
const LanguageContext = createContext<Language>("zh");

export function TextsProvider({ language, children }: { language: Language; children: ReactNode }) {
  return <LanguageContext.Provider value={language}>{children}</LanguageContext.Provider>;
}

type Translate = {
  (key: string, options?: TranslateOptions & { returnObjects?: false }): string;
  <T>(key: string, options: TranslateOptions & { returnObjects: true }): T;
};

/** The shown language and its translator; the name and shape follow react-i18next's hook. */
export function useTranslation() {
  const language = useContext(LanguageContext);
  return useMemo(() => ({ language, t: ((key: string, options?: TranslateOptions) => translateText(language, key, options)) as Translate }), [language]);
}
