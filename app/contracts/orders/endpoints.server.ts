import { endpoint } from "../api/endpoint";
import type { AdminOrderSummary, CartView, Catalogue, OrderPage, OrderSummary, OrderView } from "./api-types";
import {
  cartAddSchema,
  cartDeleteSchema,
  cartListQuery,
  cartUpdateSchema,
  claimPaymentSchema,
  commitSchema,
  downloadContractQuery,
  orderListQuery,
  orderNoSchema,
  updateContractorSchema,
  uploadContractSchema,
} from "./schema";

/** What deleting an order answers. */
export type OrderDeleted = { orderNo: string; deleted: true };

/** Service ordering (/smeb/service/*): the catalogue, the cart, the order and its steps, and the organizer's side. */
export const ordersEndpoints = {
  catalogue: endpoint.get("/smeb/service/service/list").answers<Catalogue>(),
  cart: endpoint.get("/smeb/service/cart/list", cartListQuery).answers<CartView>(),
  cartAdd: endpoint.post("/smeb/service/cart/add", cartAddSchema).answers<CartView>(),
  cartUpdate: endpoint.post("/smeb/service/cart/update", cartUpdateSchema).answers<CartView>(),
  cartRemove: endpoint.post("/smeb/service/cart/delete", cartDeleteSchema).answers<CartView>(),
  commit: endpoint.post("/smeb/service/order/commit", commitSchema).answers<OrderView>(),
  list: endpoint.get("/smeb/service/order/list", orderListQuery).answers<OrderPage<OrderSummary>>(),
  detail: endpoint.get("/smeb/service/order/detail", orderNoSchema).answers<OrderView>(),
  remove: endpoint.post("/smeb/service/order/delete", orderNoSchema).answers<OrderDeleted>(),
  updateContractor: endpoint.post("/smeb/service/order/updateContractor", updateContractorSchema).answers<OrderView>(),
  regenerateContract: endpoint.post("/smeb/service/order/regenerateContract", orderNoSchema).answers<OrderView>(),
  /** The contract's URLs may come as "contractUrls" or "contractUrls[]" (the server reads both). */
  uploadContract: endpoint.post("/smeb/service/order/uploadContract", uploadContractSchema).answers<OrderView>(),
  /** The owner's contract PDF, or any of the organizer's exhibition. */
  downloadContract: endpoint.get("/smeb/service/order/downloadContract", downloadContractQuery).file(),
  claimPayment: endpoint.post("/smeb/service/order/claimPayment", claimPaymentSchema).answers<OrderView>(),
  /** The organizer's (roleId 1) list and completion, limited to the organizer's exhibition. */
  adminList: endpoint.get("/smeb/service/order/adminList", orderListQuery).answers<OrderPage<AdminOrderSummary>>(),
  complete: endpoint.post("/smeb/service/order/complete", orderNoSchema).answers<OrderView>(),
};
