/**
 * Identity documents of a badge holder (issue 14, docs/product.md § Validation: 'IDCard format is incorrect'). Pure:
 * used by the badge form in the browser, the API and the Excel import alike.
 */
export const ID_TYPES = ["idCard", "passport", "hkMacaoPermit", "taiwanPermit"] as const;
export type IdType = (typeof ID_TYPES)[number];

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = "10X98765432";

/** The check character of the first 17 digits of an 18-digit mainland ID number (GB 11643, ISO 7064 MOD 11-2). */
export function idCardCheckChar(first17: string) {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

function isDate(year: number, month: number, day: number) {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A mainland resident ID number: 18 characters (17 digits, a birth date that exists, the check
 * character verified; a final x is read as X) or the old 15 digits (birth date 19YYMMDD).
 */
export function isMainlandIdCard(value: string) {
  const id = value.trim().toUpperCase();
  if (/^\d{17}[\dX]$/.test(id)) {
    const year = Number(id.slice(6, 10));
    return year >= 1900 && isDate(year, Number(id.slice(10, 12)), Number(id.slice(12, 14))) && idCardCheckChar(id) === id[17];
  }
  if (/^\d{15}$/.test(id)) return isDate(1900 + Number(id.slice(6, 8)), Number(id.slice(8, 10)), Number(id.slice(10, 12)));
  return false;
}

/** Format checks of the other documents: what the issuing authorities print. */
const FORMATS: Record<Exclude<IdType, "idCard">, RegExp> = {
  // Passports of any country: 5 to 17 letters and digits (Chinese ones are E/G + 8).
  passport: /^[A-Z0-9]{5,17}$/,
  // Mainland travel permit for Hong Kong and Macao residents: H or M, 8 digits (10 on older cards).
  hkMacaoPermit: /^[HM]\d{8}(\d{2})?$/,
  // Mainland travel permit for Taiwan residents: 8 digits (10 with the issue count on older cards).
  taiwanPermit: /^\d{8}(\d{2})?$/,
};

export function isValidIdNumber(type: IdType, value: string) {
  if (type === "idCard") return isMainlandIdCard(value);
  return FORMATS[type].test(value.trim().toUpperCase());
}

/** The form a number is stored and compared in (duplicates are found on this). */
export function normalizeIdNumber(value: string) {
  return value.trim().toUpperCase();
}
