import type { Area } from "~/contracts/team/areas";
import type { HistoryKind } from "~/contracts/team/schema";

/** The log's filters as they travel in the address: the GET form, the pager and the export link. */
export type HistoryFilters = { company?: string; person?: string; area?: Area; kind?: HistoryKind; from?: string; to?: string; page: number };

export const PAGE_PATH = "/index/history";
/** The .xlsx of every entry the filters match (a resource route). */
export const EXPORT_PATH = "/index/history/export";
export const FILTER_NAMES = ["company", "person", "area", "kind", "from", "to"] as const;
export type FilterName = (typeof FILTER_NAMES)[number];
/** A refused filter's messages (text keys, "key|label" as the schemas write them), by its field. */
export type FilterErrors = Partial<Record<FilterName, string[]>>;

/** "?person=std01&page=2": the filters that are set, and the page when past the first. */
export function historySearch(filters: HistoryFilters, page = 1) {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value) params.set(name, value);
  }
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

export const isFiltered = (filters: HistoryFilters) => FILTER_NAMES.some((name) => Boolean(filters[name]));
