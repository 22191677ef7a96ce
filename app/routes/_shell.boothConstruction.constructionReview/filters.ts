import type { ReviewQuery } from "~/contracts/booth-construction/schema";

/** The queue's filters as they travel in the address (the GET form, the page links and the way back). */
export type ListFilters = ReviewQuery;

export const NO_STORE = { "Cache-Control": "no-store" };
export const PAGE_PATH = "/boothConstruction/constructionReview";
export const EXPORT_PATH = "/boothConstruction/constructionReview/export";
export const FILTER_NAMES = ["subject", "status", "keyword", "page", "pageSize"] as const;

/** "?status=returned&page=2": the non-default filters, with `changes` applied (page 1 unless given). */
export function listSearch(filters: ListFilters, changes: Partial<ListFilters> = {}) {
  const merged: ListFilters = { ...filters, page: 1, ...changes };
  const params = new URLSearchParams();
  if (merged.subject) params.set("subject", merged.subject);
  if (merged.status) params.set("status", merged.status);
  if (merged.keyword) params.set("keyword", merged.keyword);
  if (merged.page > 1) params.set("page", String(merged.page));
  if (merged.pageSize !== 10) params.set("pageSize", String(merged.pageSize));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** One record's review, the list's filters kept for the way back. */
export function detailSearch(filters: ListFilters, item: { subject: string; id: number }) {
  const search = listSearch(filters, { page: filters.page });
  return `${search ? `${search}&` : "?"}item=${item.subject}-${item.id}`;
}

/** "drawing-12" → { subject: "drawing", id: 12 }; anything else is no item. */
export function itemOf(value: string | null) {
  const match = /^(fascia|insurance|commitment|drawing)-(\d{1,9})$/.exec(value ?? "");
  return match ? { subject: match[1]!, id: Number(match[2]) } : null;
}
