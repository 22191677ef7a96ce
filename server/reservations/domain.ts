import { defineServerDomain, menu } from "../domain";
import { reservationRoutes } from "../api/routes/reservations";

/** What the reservations domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "reservations",
  routes: [reservationRoutes],
  menus: [
    // Hotel and traffic /HT (the area's row is traffic-guides').
    menu(84, 80, 4, "/HT/businessReservations", "商务预约", "Business reservations", "calendar"),
    // The organizer's reservation desk (issue 41): roleId 1 only.
    menu(87, 80, 7, "/HT/reservationDesk", "商务预约管理", "Reservation desk", "audit", { grant: "organizer" }),
  ],
  notFileColumns: {
    room_requests: ["guest_names"],
  },
});
