import { defineServerDomain, menu } from "../domain";
import { orderRoutes } from "../api/routes/orders";
import { catalogueSettingsRoutes } from "../api/routes/catalogue-settings";

/** What the orders domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "orders",
  routes: [orderRoutes, catalogueSettingsRoutes],
  menus: [
    // Booking service /bookingService
    menu(40, 0, 40, "/bookingService", "预订服务", "Booking service", "cart"),
    menu(41, 40, 1, "/bookingService/onlineBookingService", "线上预订服务", "Online booking service", "cart"),
    menu(43, 40, 3, "/bookingService/myOrder", "我的订单", "My orders", "list"),
    // The organizer's list of service orders, to confirm payments; only roleId 1 (who sees every menu) has it.
    menu(47, 40, 7, "/bookingService/orderReview", "服务订单审核", "Service order review", "audit", { grant: "organizer" }),
  ],
  fileColumns: {
    service_orders: ["contract_pdf_url", "contract_urls", "installation_drawing_url", "voucher_url"],
    service_order_events: ["details"],
    services: ["photo_url"],
  },
});
