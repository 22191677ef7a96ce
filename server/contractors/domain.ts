import { defineServerDomain, menu } from "../domain";
import { contractorRoutes } from "../api/routes/contractors";

/** What the contractors domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "contractors",
  routes: [contractorRoutes],
  menus: [menu(45, 40, 5, "/bookingService/ECReservation", "委托搭建商预订", "Reservation via contractor", "handshake")],
});
