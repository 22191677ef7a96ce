import type { LeadRating } from "~/contracts/leads/values";

/** The list's filters as they travel in the address: the GET form, the pager and the export link. */
export type LeadListFilters = { rating?: LeadRating; tagId?: number; member?: number; day?: string; page: number };

export const PAGE_PATH = "/leads/list";
/** The .xlsx of every lead the filters match (a resource route). */
export const EXPORT_PATH = "/leads/export";
export const FILTER_NAMES = ["rating", "tagId", "member", "day"] as const;
export type FilterName = (typeof FILTER_NAMES)[number];
/** A refused filter's messages (text keys), by its field. */
export type FilterErrors = Partial<Record<FilterName, string[]>>;

/** "?rating=hot&page=2": the filters that are set, and the page when past the first (and any extra, e.g. delete=<id>). */
export function leadSearch(filters: LeadListFilters, page = 1, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value) params.set(name, String(value));
  }
  if (page > 1) params.set("page", String(page));
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const search = params.toString();
  return search ? `?${search}` : "";
}

export const isFiltered = (filters: LeadListFilters) => FILTER_NAMES.some((name) => Boolean(filters[name]));
