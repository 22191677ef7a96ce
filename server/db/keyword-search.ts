/**
 * The keyword filters of the lists (badges, bills, vouchers, invoices, the review queues) and the
 * unreferenced-file sweep's search for file ids: a keyword as an ILIKE pattern that matches it
 * anywhere, with %, _ and \ matching themselves, so a typed "50%" or "a_b" finds exactly that text
 * and cannot widen the search.
 */
export function containsPattern(keyword: string) {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
