/**
 * Values of the Taiwan exhibits filing (issue 18): a line is worth quantity × unit value, in cents of
 * its currency; the filing's total is kept per currency (never converted). BigInt products, so a
 * large quantity of an expensive exhibit cannot lose a cent.
 */
export const CURRENCIES = ["CNY", "TWD", "USD"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const lineValueCents = (line: { quantity: number; unitValueCents: number }) => Number(BigInt(line.quantity) * BigInt(line.unitValueCents));

export function totalsByCurrency(lines: { quantity: number; unitValueCents: number; currency: Currency }[]): { currency: Currency; cents: number }[] {
  const sums = new Map<Currency, bigint>();
  for (const line of lines) sums.set(line.currency, (sums.get(line.currency) ?? 0n) + BigInt(line.quantity) * BigInt(line.unitValueCents));
  return CURRENCIES.filter((c) => sums.has(c)).map((currency) => ({ currency, cents: Number(sums.get(currency)) }));
}
