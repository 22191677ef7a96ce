import { historyQuerySchema } from "~/features/team/schema.server";
import { pageFrom } from "~/lib/address";
import { type FilterErrors, FILTER_NAMES, type FilterName, type HistoryFilters } from "./filters";

/**
 * The log's filters from the address, checked by the API's own schema. A refused value (a typed day
 * that is no day, 2026-13-45) is left out of the search and its message kept for the page, so the
 * page says what is wrong instead of failing; the page number is read leniently (1 when absent).
 */
export function historyFilters(params: URLSearchParams): { filters: HistoryFilters; errors: FilterErrors | null } {
  const input: Record<string, string> = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(name);
    if (value !== null) input[name] = value;
  }
  const errors: FilterErrors = {};
  let parsed = historyQuerySchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]) as FilterName;
      (errors[name] ??= []).push(issue.message);
      delete input[name];
    }
    parsed = historyQuerySchema.safeParse(input);
  }
  const { pageNum: _page, ...values } = parsed.success ? parsed.data : { pageNum: 1 };
  return { filters: { ...values, page: pageFrom(params) }, errors: Object.keys(errors).length ? errors : null };
}
