import { endpoint } from "../api/endpoint";
import type {
  CarrierHome,
  CarrierLiftingList,
  DeclarationDeleted,
  DeclarationDetail,
  DeclarationList,
  ImportResult,
  LiftingList,
  MessageView,
  OrderList,
  OrderView,
  ReviewList,
} from "./api-types";
import {
  carrierListQuerySchema,
  carrierPageQuerySchema,
  declarationSchema,
  declarationUpdateSchema,
  exhibitAddSchema,
  exhibitDeleteSchema,
  exhibitImportSchema,
  liftingIdSchema,
  liftingSchema,
  messageSchema,
  orderPaidSchema,
  orderStepSchema,
  recordIdSchema,
  reviewDecisionSchema,
} from "./schema";

/**
 * Exhibit transport (issue 17; docs/product.md § The exhibition API): the exhibitor's declarations, exhibits and messages
 * under /smeb/shipment/*, the carrier's view, review, orders and home under /shipment/*, and the
 * hoisting and forklift bookings ("lifting") under /smeb/shipment/forklift/* and /shipment/forklift/*.
 */
export const transportEndpoints = {
  // The exhibitor's declarations.
  list: endpoint.get("/smeb/shipment/declaration/list").answers<DeclarationList>(),
  detail: endpoint.get("/smeb/shipment/declaration/detail", recordIdSchema).answers<DeclarationDetail>(),
  /** The services arrive as repeated `services` keys ("services[]" from some forms is accepted too). */
  save: endpoint.post("/smeb/shipment/declaration/save", declarationSchema).answers<DeclarationDetail>(),
  update: endpoint.post("/smeb/shipment/declaration/update", declarationUpdateSchema).answers<DeclarationDetail>(),
  remove: endpoint.post("/smeb/shipment/declaration/delete", recordIdSchema).answers<DeclarationDeleted>(),
  submit: endpoint.post("/smeb/shipment/declaration/submit", recordIdSchema).answers<DeclarationDetail>(),
  addExhibit: endpoint.post("/smeb/shipment/exhibits/add", exhibitAddSchema).answers<DeclarationDetail>(),
  removeExhibit: endpoint.post("/smeb/shipment/exhibits/delete", exhibitDeleteSchema).answers<DeclarationDetail>(),
  /** Failure: 400 transport.excel.rowsFailed with ImportFailure as data. */
  importExhibits: endpoint.post("/smeb/shipment/exhibits/import", exhibitImportSchema).answers<ImportResult>(),
  exhibitTemplate: endpoint.get("/smeb/shipment/exhibits/template").file(),
  saveMessage: endpoint.post("/smeb/shipment/message/save", messageSchema).answers<MessageView[]>(),

  // The carrier's side (the organizer reads every carrier's, and writes nothing).
  carrierDetail: endpoint.get("/shipment/declaration/detail", recordIdSchema).answers<DeclarationDetail>(),
  carrierSaveMessage: endpoint.post("/shipment/message/save", messageSchema).answers<MessageView[]>(),
  reviewList: endpoint.get("/shipment/review/list", carrierListQuerySchema).answers<ReviewList>(),
  decide: endpoint.post("/shipment/review/decide", reviewDecisionSchema).answers<DeclarationDetail>(),
  orderList: endpoint.get("/shipment/order/list", carrierPageQuerySchema).answers<OrderList>(),
  moveOrder: endpoint.post("/shipment/order/step", orderStepSchema).answers<OrderView>(),
  markOrderPaid: endpoint.post("/shipment/order/paid", orderPaidSchema).answers<OrderView>(),
  ordersReport: endpoint.get("/shipment/order/report").file(),
  carrierHome: endpoint.get("/shipment/home").answers<CarrierHome>(),

  // Hoisting and forklift bookings: the exhibitor's (sending locks the list), then the carrier's.
  liftingList: endpoint.get("/smeb/shipment/forklift/list").answers<LiftingList>(),
  liftingSave: endpoint.post("/smeb/shipment/forklift/save", liftingSchema).answers<LiftingList>(),
  liftingRemove: endpoint.post("/smeb/shipment/forklift/delete", liftingIdSchema).answers<LiftingList>(),
  liftingSend: endpoint.post("/smeb/shipment/forklift/sendEmail").answers<LiftingList>(),
  liftingCarrierList: endpoint.get("/shipment/forklift/list").answers<CarrierLiftingList>(),
  liftingConfirm: endpoint.post("/shipment/forklift/confirm", liftingIdSchema).answers<CarrierLiftingList>(),
};
