/** The list's filters as they travel in the address (the GET form, the page links and the way back from a badge). */
export type ListFilters = { exhibitor?: number; status?: string; kind?: string; keyword?: string; page: number; pageSize: number };

export const NO_STORE = { "Cache-Control": "no-store" };
export const PAGE_PATH = "/exhibitorInfo/badgeReview";
/** The .xlsx of the filtered badges (a resource route). */
export const EXPORT_PATH = "/exhibitorInfo/badgeReview/export";
/** Printing goes through the badge page's download route: the API lets roleId 1 print any badge by id. */
export const PRINT_PATH = "/exhibitorInfo/exhibitorCertificateApply/print";
export const FILTER_NAMES = ["exhibitor", "status", "kind", "keyword", "page", "pageSize"] as const;

/** "?status=returned&page=2": the non-default filters, with `changes` applied (page 1 unless given). */
export function listSearch(filters: ListFilters, changes: Partial<ListFilters> = {}) {
  const merged: ListFilters = { ...filters, page: 1, ...changes };
  const params = new URLSearchParams();
  if (merged.exhibitor !== undefined) params.set("exhibitor", String(merged.exhibitor));
  if (merged.status) params.set("status", merged.status);
  if (merged.kind) params.set("kind", merged.kind);
  if (merged.keyword) params.set("keyword", merged.keyword);
  if (merged.page > 1) params.set("page", String(merged.page));
  if (merged.pageSize !== 10) params.set("pageSize", String(merged.pageSize));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** A badge's detail, the list's filters kept for the way back. */
export function detailSearch(filters: ListFilters, id: number) {
  const search = listSearch(filters, { page: filters.page });
  return `${search ? `${search}&` : "?"}id=${id}`;
}
