import { defineServerDomain, menu } from "../domain";
import { transportDeclarationRoutes } from "../api/routes/transport-declarations";
import { transportCarrierRoutes } from "../api/routes/transport-carrier";
import { liftingRoutes } from "../api/routes/transport-lifting";

/** What the transport domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "transport",
  routes: [transportDeclarationRoutes, transportCarrierRoutes, liftingRoutes],
  menus: [
    // Exhibit transport /exhibitTL (72 and 73 are the carrier's pages)
    menu(70, 0, 70, "/exhibitTL", "展品运输", "Exhibit transport", "truck", { grant: "exhibitor and carrier" }),
    menu(71, 70, 1, "/exhibitTL/carriage", "展品运输申报", "Exhibit carriage", "truck"),
    menu(72, 70, 2, "/exhibitTL/review", "承运商审核", "Carrier review", "check", { grant: "carrier" }),
    menu(73, 70, 3, "/exhibitTL/carriageOrder", "承运订单", "Carrier orders", "list", { grant: "carrier" }),
    menu(76, 70, 6, "/exhibitTL/exhibitsCostReservation", "吊装费用及预约", "Hoisting fee and appointment", "crane"),
  ],
  fileColumns: {
    transport_declarations: ["bill_file_id"],
  },
  notFileColumns: {
    lifting_sends: ["summary"],
  },
});
