import type { VehiclePageKind } from "~/contracts/vehicles/kinds";
import { addressWith, pageFrom, pageValue } from "~/lib/address";

/**
 * A review list's filters from its address: a status, a page, a day for a kind narrowed by days, and
 * the vehicle whose History is open (anything else is dropped).
 */
export function reviewFilters(request: Request, kind: VehiclePageKind) {
  const params = new URL(request.url).searchParams;
  const status = kind.statuses.find((s) => s === params.get("status")) ?? null;
  const day = kind.dayFilter && /^\d{4}-\d{2}-\d{2}$/.test(params.get("day") ?? "") ? params.get("day")! : null;
  const history = Number(params.get("history"));
  return { status, day, page: pageFrom(params), history: Number.isInteger(history) && history > 0 ? history : null };
}
export type ReviewFilters = ReturnType<typeof reviewFilters>;

/**
 * The review list's address with these filters (the first page and no filter leave the address bare).
 * Not in a `.server` module: the page's links are built with it in the browser too.
 */
export function reviewAddress(kind: VehiclePageKind, filters: ReviewFilters) {
  return addressWith(kind.reviewPath, { status: filters.status, day: filters.day, page: pageValue(filters.page), history: filters.history });
}
