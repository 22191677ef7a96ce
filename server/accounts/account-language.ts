import type { Language } from "../../app/contracts/i18n/config";

const HAN = /\p{Script=Han}/u;

/**
 * The language the portal writes to an exhibitor in (invitations, reminders): accounts keep none, so
 * a company named in Chinese reads Chinese, one named in English only (an overseas exhibitor)
 * English, and one with neither Chinese.
 */
export function exhibitorLanguage(businessName: string | null, businessNameEn: string | null): Language {
  if (businessName && HAN.test(businessName)) return "zh";
  return businessNameEn?.trim() ? "en" : "zh";
}
