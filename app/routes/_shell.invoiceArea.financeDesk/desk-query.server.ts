import { financeQuerySchema } from "~/contracts/invoices/schema";
import { filtersFromAddress } from "~/lib/address-filters.server";
import { TABS, type DeskQuery } from "./desk-filters";

/** The desk's view from the address: the tab, its filters (a refused value is dropped) and one record. */
export function deskQuery(params: URLSearchParams): DeskQuery {
  const tab = TABS.find((t) => t === params.get("tab")) ?? "invoices";
  const filters = filtersFromAddress(financeQuerySchema, params, ["status", "keyword", "page", "pageSize"], { page: 1, pageSize: 10 });
  const id = /^[1-9]\d{0,9}$/.test(params.get("id") ?? "") ? Number(params.get("id")) : null;
  return { tab, ...filters, id };
}
