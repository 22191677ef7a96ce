/**
 * What can still be invoiced, in cents (docs/product.md § Money and prices: money in cents, CNY). Each billable item
 * (a service order, a paid badge, an organizer's bill) has what was paid for it (confirmed payment
 * vouchers) and what is already on invoice applications that are not returned; an application may
 * take at most the difference, item by item, and its amount is the sum of what it takes.
 */
export type InvoiceableItem = { key: string; paidCents: number; invoicedCents: number };
export type PickedItem = { key: string; cents: number };
export type PickProblem = { key: string; reason: "unknown" | "notCents" | "overOpen" | "twice" };

/** Paid and not yet invoiced; never below zero (an invoice for more than was paid is the organizer's to fix). */
export function openCents(item: InvoiceableItem) {
  return Math.max(0, item.paidCents - item.invoicedCents);
}

/** The application's amount, or the first item it may not take (unknown, not whole cents, over what is open, picked twice). */
export function applicationAmount(picked: PickedItem[], items: InvoiceableItem[]): { ok: true; totalCents: number } | { ok: false; problem: PickProblem } {
  const byKey = new Map(items.map((item) => [item.key, item]));
  const seen = new Set<string>();
  let totalCents = 0;
  for (const pick of picked) {
    const item = byKey.get(pick.key);
    if (!item) return { ok: false, problem: { key: pick.key, reason: "unknown" } };
    if (seen.has(pick.key)) return { ok: false, problem: { key: pick.key, reason: "twice" } };
    seen.add(pick.key);
    if (!Number.isSafeInteger(pick.cents) || pick.cents <= 0) return { ok: false, problem: { key: pick.key, reason: "notCents" } };
    if (pick.cents > openCents(item)) return { ok: false, problem: { key: pick.key, reason: "overOpen" } };
    totalCents += pick.cents;
  }
  return { ok: true, totalCents };
}
