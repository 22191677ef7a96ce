/**
 * What an entrusted contractor's session may do: book services for the exhibitor and follow the
 * orders it placed. Everything else of the exhibitor (profile, password, other areas, booth
 * switch, the contract upload and the payment, which stay the exhibitor's) answers 403. The
 * check sits in requireSession, so a route added later is closed to contractors until listed.
 */
const CONTRACTOR_API_PATHS: ReadonlySet<string> = new Set([
  "/login/authTicket",
  "/smeb/permission/getInfo",
  "/smeb/permission/getButtonsByMenu",
  "/smeb/service/service/list",
  "/smeb/service/cart/list",
  "/smeb/service/cart/add",
  "/smeb/service/cart/update",
  "/smeb/service/cart/delete",
  "/smeb/service/order/commit",
  "/smeb/service/order/list",
  "/smeb/service/order/detail",
  "/smeb/service/order/delete",
  "/smeb/service/order/updateContractor",
  "/smeb/service/order/regenerateContract",
  "/smeb/service/order/downloadContract",
  // The installation drawing sent with an order.
  "/oss/signature/getSignature",
  "/oss/complete",
]);

/** Stored files are read through /files/<id> (the installation drawing, contract PDFs). */
export function contractorMayCall(path: string) {
  return CONTRACTOR_API_PATHS.has(path) || /^\/files\/[^/]+$/.test(path);
}

/** The menus a contractor's session is given (and so the only pages it can open). */
export const CONTRACTOR_MENU_ROUTES: ReadonlySet<string> = new Set(["/bookingService", "/bookingService/onlineBookingService", "/bookingService/myOrder"]);

/** Order actions a contractor may take; uploading the stamped contract and paying are the exhibitor's. */
export const CONTRACTOR_ORDER_ACTIONS = ["updateContractor", "regenerateContract", "delete"] as const;
