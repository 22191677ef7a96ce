import { RemixI18Next } from "remix-i18next/server";
import { defaultLanguage, supportedLanguages } from "../contracts/i18n/config";
import { resources } from "../contracts/i18n/translate.server";
import { getLanguage } from "~/lib/cookies.server";

/** Language: the `lng` cookie, else zh when Accept-Language mentions zh, else en. */
export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage: defaultLanguage,
    order: ["custom"],
    findLocale: async (request) => getLanguage(request),
  },
  i18next: { resources, interpolation: { escapeValue: false } },
});
