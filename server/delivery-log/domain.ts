import { defineServerDomain, menu } from "../domain";
import { deliveryLogRoutes } from "../api/routes/delivery-log";

/** What the delivery-log domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "delivery-log",
  routes: [deliveryLogRoutes],
  menus: [
    // The organizer's delivery log of every e-mail and SMS (issue 52): roleId 1 only.
    menu(7, 1, 15, "/index/messages", "消息发送记录", "Delivery log", "mail", { grant: "organizer" }),
  ],
});
