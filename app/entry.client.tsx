import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { isLanguage, resources } from "~/i18n/config";

async function hydrate() {
  // The server already chose the language and wrote it to <html lang>.
  const lang = document.documentElement.lang;
  await i18next.use(initReactI18next).init({
    lng: isLanguage(lang) ? lang : "zh",
    resources,
    fallbackLng: "zh",
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
