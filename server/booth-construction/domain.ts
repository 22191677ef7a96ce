import { defineServerDomain, menu } from "../domain";
import { boothBuildRoutes } from "../api/routes/booth-build";
import { boothSafetyRoutes } from "../api/routes/booth-safety";
import { boothReviewRoutes } from "../api/routes/booth-review";

/** What the booth-construction domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "booth-construction",
  routes: [boothBuildRoutes, boothSafetyRoutes, boothReviewRoutes],
  menus: [
    // Booth construction /boothConstruction
    menu(30, 0, 30, "/boothConstruction", "展位搭建", "Booth construction", "tool"),
    menu(31, 30, 1, "/boothConstruction/standardConstruction", "标摊搭建", "Standard booth construction", "booth"),
    menu(32, 30, 2, "/boothConstruction/insurancePurchase", "保险购买", "Insurance purchase", "shield"),
    menu(33, 30, 3, "/boothConstruction/entrySafetyCommitment", "进馆安全承诺", "Entry safety commitment", "safety"),
    menu(34, 30, 4, "/boothConstruction/specialBoothCIProcess", "特装展位CI流程", "Special booth CI process", "process"),
    // The organizer's one review queue of fascia boards, insurance, commitments and drawings (issue 15): roleId 1 only.
    menu(35, 30, 5, "/boothConstruction/constructionReview", "搭建审核", "Construction review", "audit", { grant: "organizer" }),
  ],
  fileColumns: {
    booth_drawings: ["file_id"],
    booth_insurances: ["policy_file_id"],
    safety_commitments: ["generated_file_id", "signed_file_id"],
    standard_builds: ["fascia_file_id", "fascia_check"],
  },
  notFileColumns: {
    standard_builds: ["unneeded_equipment", "walls_removed"],
  },
});
