import type { ExpressionBuilder, ReferenceExpression } from "kysely";

/**
 * The keyword filters of the lists (badges, bills, vouchers, invoices, the review queues) and the
 * unreferenced-file sweep's search for file ids: a keyword as an ILIKE pattern that matches it
 * anywhere, with %, _ and \ matching themselves, so a typed "50%" or "a_b" finds exactly that text
 * and cannot widen the search.
 */
export function containsPattern(keyword: string) {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The filter "any of these columns contains the keyword" (ILIKE, as `containsPattern` escapes it). */
export function anyContains<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, columns: readonly ReferenceExpression<DB, TB>[], keyword: string) {
  const like = containsPattern(keyword);
  return eb.or(columns.map((column) => eb(column, "ilike", like)));
}
