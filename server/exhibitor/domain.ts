import { defineServerDomain, menu } from "../domain";
import { exhibitorContactRoutes } from "../api/routes/exhibitor-contact";
import { exhibitorInfoRoutes } from "../api/routes/exhibitor";

/** What the exhibitor domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "exhibitor",
  routes: [exhibitorContactRoutes, exhibitorInfoRoutes],
  menus: [
    // Exhibitor information /exhibitorInfo
    menu(10, 0, 10, "/exhibitorInfo", "展商信息", "Exhibitor information", "user"),
    menu(11, 10, 1, "/exhibitorInfo/exhibitorData", "展商资料", "Exhibitor data", "profile"),
    menu(12, 10, 2, "/exhibitorInfo/groupData", "集团资料", "Group company data", "group"),
    // The organizer's review of submitted profiles; only roleId 1 (who sees every menu) has it.
    menu(17, 10, 7, "/exhibitorInfo/exhibitorReview", "展商资料审核", "Exhibitor data review", "audit", { grant: "organizer" }),
  ],
  fileColumns: {
    exhibitor_profiles: ["approved", "draft", "submitted"],
    exhibitor_profile_events: ["details"],
    group_info: ["data"],
  },
});
