export const PAGE_PATH = "/invoiceArea/financeDesk";
export const EXPORT_PATH = "/invoiceArea/financeDesk/export";
export const NO_STORE = { "Cache-Control": "no-store" };
export const TABS = ["invoices", "vouchers", "bills"] as const;
export type Tab = (typeof TABS)[number];

export type DeskQuery = { tab: Tab; status?: string; keyword?: string; page: number; pageSize: number; id: number | null };

/** "?tab=vouchers&status=submitted": the view's address with `changes` applied. */
export function deskSearch(query: DeskQuery, changes: Partial<DeskQuery> = {}) {
  const merged = { ...query, page: 1, id: null, ...changes };
  const params = new URLSearchParams({ tab: merged.tab });
  if (merged.status) params.set("status", merged.status);
  if (merged.keyword) params.set("keyword", merged.keyword);
  if (merged.page > 1) params.set("page", String(merged.page));
  if (merged.pageSize !== 10) params.set("pageSize", String(merged.pageSize));
  if (merged.id) params.set("id", String(merged.id));
  return `${PAGE_PATH}?${params}`;
}
