import { financeQuerySchema } from "~/features/invoices/schema";
import { TABS, type DeskQuery } from "./desk-filters";

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
