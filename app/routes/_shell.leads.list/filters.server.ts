import { leadExportSchema } from "~/contracts/leads/schema";
import { pageFrom } from "~/lib/address";
import { type FilterErrors, FILTER_NAMES, type FilterName, type LeadListFilters } from "./filters";

/**
 * The list's filters from the address, checked by the API's own schema. A refused value (a day that
 * is no day) is left out of the search and its message kept for the page, which says what is wrong
 * instead of failing; the page number is read leniently (1 when absent).
 */
export function leadListFilters(params: URLSearchParams): { filters: LeadListFilters; errors: FilterErrors | null } {
  const input: Record<string, string> = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(name);
    if (value) input[name] = value;
  }
  const errors: FilterErrors = {};
  let parsed = leadExportSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]) as FilterName;
      (errors[name] ??= []).push(issue.message);
      delete input[name];
    }
    parsed = leadExportSchema.safeParse(input);
  }
  const values = parsed.success ? parsed.data : {};
  return { filters: { ...values, page: pageFrom(params) }, errors: Object.keys(errors).length ? errors : null };
}
