import { defineServerDomain, menu, NEW } from "../domain";
import { truckRoutes } from "../api/routes/vehicles-trucks";
import { taiwanRoutes } from "../api/routes/vehicles-taiwan";
import { expressRoutes } from "../api/routes/vehicles-express";
import { overseasRoutes } from "../api/routes/vehicles-overseas";
import { blueCarRoutes } from "../api/routes/vehicles-blue-cars";

/** What the vehicles domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "vehicles",
  routes: [truckRoutes, taiwanRoutes, expressRoutes, overseasRoutes, blueCarRoutes],
  menus: [
    // Exhibit transport /exhibitTL (the area's row is transport's).
    menu(74, 70, 4, "/exhibitTL/truckInformationSubmit", "黄牌车信息提交", "Yellow-plate truck information", "truck"),
    menu(75, 70, 5, "/exhibitTL/twExhibitsDeclaration", "台湾展品报备", "Taiwan exhibits declaration", "file"),
    menu(77, 70, 7, "/exhibitTL/smallExhibitsExpress", "小件展品快递", "Small exhibits express", "box", NEW),
    menu(78, 70, 8, "/exhibitTL/overseasExhibitTrans", "境外展品运输", "Overseas exhibit transport", "globe"),
    // The organizer's side (issue 18): truck approval and the customs agent's review of Taiwan filings; roleId 1 only.
    menu(79, 70, 9, "/exhibitTL/truckReview", "黄牌车审核", "Truck approval", "audit", { grant: "organizer" }),
    menu(69, 70, 10, "/exhibitTL/twExhibitsReview", "台湾展品报备审核", "Taiwan filings review", "audit", { grant: "organizer" }),
    // Hotel and traffic /HT: blue-plate cars (the area's row is traffic-guides').
    menu(81, 80, 1, "/HT/blueCarGuide", "非深蓝牌车指引", "Blue-plate car guide", "car"),
    // The organizer's blue-plate car review (issue 41): roleId 1 only.
    menu(85, 80, 5, "/HT/blueCarReview", "蓝牌车审核", "Blue-plate car review", "audit", { grant: "organizer" }),
  ],
  fileColumns: {
    blue_cars: ["license_front_file_id", "license_back_file_id", "license_second_file_id", "license_four_pages_file_id", "vehicle_photo_file_id"],
    yellow_trucks: ["license_file_id"],
  },
});
