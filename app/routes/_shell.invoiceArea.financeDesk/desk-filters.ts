import { financeQuerySchema } from "~/features/invoices/schema";

export const PAGE_PATH = "/invoiceArea/financeDesk";
export const EXPORT_PATH = "/invoiceArea/financeDesk/export";
export const NO_STORE = { "Cache-Control": "no-store" };
export const TABS = ["invoices", "vouchers", "bills"] as const;
export type Tab = (typeof TABS)[number];

export type DeskQuery = { tab: Tab; status?: string; keyword?: string; page: number; pageSize: number; id: number | null };

/** The desk's view from the address: the tab, its filters (a refused value is dropped) and one record. */
export function deskQuery(params: URLSearchParams): DeskQuery {
  const tab = TABS.find((t) => t === params.get("tab")) ?? "invoices";
  const input: Record<string, string> = {};
  for (const name of ["status", "keyword", "page", "pageSize"]) {
    const value = params.get(name);
    if (value !== null) input[name] = value;
  }
  let result = financeQuerySchema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) delete input[String(issue.path[0])];
    result = financeQuerySchema.safeParse(input);
  }
  const filters = result.success ? result.data : { page: 1, pageSize: 10 };
  const id = /^[1-9]\d{0,9}$/.test(params.get("id") ?? "") ? Number(params.get("id")) : null;
  return { tab, ...filters, id };
}

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
