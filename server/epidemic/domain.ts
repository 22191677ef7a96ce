import { defineServerDomain, menu } from "../domain";
import { epidemicRoutes } from "../api/routes/epidemic";

/** What the epidemic domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "epidemic",
  routes: [epidemicRoutes],
  menus: [
    // Shown while the exhibition's epidemic declaration is switched on (issue 41); server/api/routes/permission.ts drops it otherwise.
    menu(16, 10, 6, "/exhibitorInfo/epidemicDeclaration", "防疫申报", "Epidemic declaration", "health"),
    // The organizer's view and export of the epidemic declarations (issue 41): roleId 1 only.
    menu(104, 10, 14, "/exhibitorInfo/epidemicReview", "防疫申报汇总", "Epidemic declarations", "health", { grant: "organizer" }),
  ],
  fileColumns: {
    epidemic_staff: ["health_code_file_id", "travel_code_file_id"],
  },
});
