import type { AppLoadContext } from "@remix-run/node";
import { ORDER_NO, ORDER_STATUSES, type OrderStatus } from "~/contracts/orders/schema";
import { handleAuthErrors, requireOk, type ApiClient } from "../../lib/api.server";
import { ordersEndpoints } from "../../contracts/orders/endpoints.server";
import type { AdminOrderSummary, CartLine, CartView, Catalogue, OrderLine, OrderPage, OrderSummary, ServiceView } from "../../contracts/orders/api-types";

/**
 * What the service-ordering pages read from the API (/smeb/service/*, server/api/routes/orders.ts).
 * The shapes mirror the API's answers; money is integer cents throughout and only the page
 * formats it (formatCny).
 */

// The API's answers, written once for our API and these pages.
export type { AdminOrderSummary, CartLine, CartView, Catalogue, OrderLine, OrderPage, OrderSummary, ServiceView };

export { BOOKING_PAGE, MY_ORDERS_PAGE, ORDER_REVIEW_PAGE, orderPath } from "~/features/orders/paths";

export const noStore = { "Cache-Control": "no-store" };

export async function loadCatalogue(api: ApiClient, request: Request, context: AppLoadContext) {
  return requireOk(await api.call(ordersEndpoints.catalogue), request, context);
}

/**
 * The session booth's cart. An exhibitor without a booth has no cart (the API says so with a
 * refusal): the page then shows that instead of an error page.
 */
export async function loadCart(api: ApiClient, request: Request, context: AppLoadContext) {
  const result = await handleAuthErrors(await api.call(ordersEndpoints.cart, {}), request, context);
  return result.ok ? { cart: result.data, cartError: null } : { cart: null, cartError: result.message };
}

/** ?status= and ?page= of a list page; anything unknown falls back to all statuses, page 1. */
export function listQuery(url: URL) {
  const status = ORDER_STATUSES.find((s) => s === url.searchParams.get("status")) ?? null;
  const page = Math.min(100_000, Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1));
  return { status, page };
}

type ListQuery = { status: OrderStatus | null; page: number };
/** The caller's own orders (list) or the organizer's exhibition's (adminList; first, as its answer would also fit the list's). */
export async function loadOrders(
  api: ApiClient,
  endpoint: typeof ordersEndpoints.adminList,
  query: ListQuery,
  request: Request,
  context: AppLoadContext,
): Promise<OrderPage<AdminOrderSummary>>;
export async function loadOrders(
  api: ApiClient,
  endpoint: typeof ordersEndpoints.list,
  query: ListQuery,
  request: Request,
  context: AppLoadContext,
): Promise<OrderPage<OrderSummary>>;
export async function loadOrders(
  api: ApiClient,
  endpoint: typeof ordersEndpoints.list | typeof ordersEndpoints.adminList,
  query: ListQuery,
  request: Request,
  context: AppLoadContext,
) {
  return requireOk(await api.call(endpoint, { status: query.status ?? undefined, page: query.page }), request, context);
}

/** The order named in the URL: a malformed number is a 404 before the API is asked. */
export function orderNoOf(params: { orderNo?: string }) {
  const orderNo = params.orderNo ?? "";
  if (!ORDER_NO.test(orderNo)) throw new Response("Not found", { status: 404 });
  return orderNo;
}

export async function loadOrder(api: ApiClient, orderNo: string, request: Request, context: AppLoadContext) {
  return requireOk(await api.call(ordersEndpoints.detail, { orderNo }), request, context);
}
