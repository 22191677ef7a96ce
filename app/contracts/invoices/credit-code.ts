/**
 * The unified social credit code (统一社会信用代码, GB 32100-2015) on Chinese VAT invoices: 18
 * characters from digits and capital letters without I, O, S, V and Z; the last is a check character
 * over the first 17, weighted by powers of 3 modulo 31.
 */
const CHARSET = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const CREDIT_CODE_PATTERN = /^[0-9A-HJ-NP-RTUWXY]{2}\d{6}[0-9A-HJ-NP-RTUWXY]{10}$/;

/** The check character of the first 17 characters, or null when one is not in the code's alphabet. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CHARSET.indexOf(first17[i]!);
    if (value < 0) return null;
    sum += value * WEIGHTS[i]!;
  }
  return CHARSET[(31 - (sum % 31)) % 31]!;
}

/** Spaces and lower case are forgiven (people type them); everything else must be exact. */
export function normalizeCreditCode(value: string) {
  return value.replace(/\s+/g, "").toUpperCase();
}

export function isValidCreditCode(value: string) {
  const code = normalizeCreditCode(value);
  return CREDIT_CODE_PATTERN.test(code) && creditCodeCheckChar(code.slice(0, 17)) === code[17];
}
