import type { VehiclePageKind } from "~/contracts/vehicles/kinds";

const MAX_PAGE = 10_000;

/** A review list's filters from its address: a status, a page, and a day for a kind narrowed by days (anything else is dropped). */
export function reviewFilters(request: Request, kind: VehiclePageKind) {
  const params = new URL(request.url).searchParams;
  const status = kind.statuses.find((s) => s === params.get("status")) ?? null;
  const day = kind.dayFilter && /^\d{4}-\d{2}-\d{2}$/.test(params.get("day") ?? "") ? params.get("day")! : null;
  const page = Math.max(1, Math.min(MAX_PAGE, Number(params.get("page")) || 1));
  return { status, day, page };
}
export type ReviewFilters = ReturnType<typeof reviewFilters>;

/**
 * The review list's address with these filters (the first page and no filter leave the address bare).
 * Not in a `.server` module: the page's links are built with it in the browser too.
 */
export function reviewAddress(kind: VehiclePageKind, filters: ReviewFilters) {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.day) params.set("day", filters.day);
  if (filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return query ? `${kind.reviewPath}?${query}` : kind.reviewPath;
}
