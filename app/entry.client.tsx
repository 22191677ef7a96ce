import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { loadTexts } from "~/i18n/client-texts";
import { isLanguage, type Language } from "~/i18n/config";

async function hydrate() {
  // The server already chose the language and wrote it to <html lang>.
  const lang: Language = isLanguage(document.documentElement.lang) ? (document.documentElement.lang as Language) : "zh";
  const { default: translation } = await loadTexts[lang]();
  await i18next.use(initReactI18next).init({
    lng: lang,
    resources: { [lang]: { translation } },
    // Both languages have every key (tests/unit/i18n.test.ts): nothing to fall back to.
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();
