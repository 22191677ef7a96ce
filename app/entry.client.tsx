import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadLanguage, setShownLanguage, useShownLanguage } from "~/i18n/client-texts";
import { isLanguage, type Language } from "~/contracts/i18n/config";
import { TextsProvider } from "~/i18n/texts";

function Portal() {
  return (
    <TextsProvider language={useShownLanguage()}>
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    </TextsProvider>
  );
}

async function hydrate() {
  // The server already chose the language and wrote it to <html lang>; the route modules of the page registered their areas' texts.
  const lang: Language = isLanguage(document.documentElement.lang) ? (document.documentElement.lang as Language) : "zh";
  await loadLanguage(lang);
  setShownLanguage(lang);
  startTransition(() => {
    hydrateRoot(document, <Portal />);
  });
}

hydrate();
