import { defineServerDomain, menu } from "../domain";
import { trafficGuideRoutes } from "../api/routes/traffic-guides";

/** What the traffic-guides domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "traffic-guides",
  routes: [trafficGuideRoutes],
  menus: [
    // Hotel and traffic /HT
    menu(80, 0, 80, "/HT", "酒店交通", "Hotel and traffic", "car"),
    menu(82, 80, 2, "/HT/busGuide", "接驳巴士指引", "Shuttle bus guide", "bus"),
    menu(83, 80, 3, "/HT/parkingGuide", "停车指引", "Parking guide", "parking"),
    // The organizer's bus and parking guides (issue 41): roleId 1 only.
    menu(86, 80, 6, "/HT/guides", "交通指引维护", "Traffic guides", "edit", { grant: "organizer" }),
  ],
  fileColumns: {
    car_parks: ["map_file_id"],
  },
});
