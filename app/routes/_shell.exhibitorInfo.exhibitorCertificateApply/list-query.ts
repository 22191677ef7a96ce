export const BADGES_PATH = "/exhibitorInfo/exhibitorCertificateApply";

export type ListQuery = { keyword: string; page: number; pageSize: number };

/** The list's address with its search and paging (the defaults left out), changed as told. */
export function listPath(query: ListQuery, changes: Partial<ListQuery> = {}) {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.keyword) params.set("keyword", next.keyword);
  if (next.page > 1) params.set("page", String(next.page));
  if (next.pageSize !== 10) params.set("pageSize", String(next.pageSize));
  const text = params.toString();
  return `${BADGES_PATH}${text ? `?${text}` : ""}`;
}
