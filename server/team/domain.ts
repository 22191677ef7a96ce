import { defineServerDomain, menu } from "../domain";
import { teamRoutes } from "../api/routes/team";
import { staffRoutes } from "../api/routes/staff";

/** What the team domain brings to the server, read through server/domains.ts (docs/decisions/063, 069). */
export default defineServerDomain({
  folder: "team",
  routes: [teamRoutes, staffRoutes],
  menus: [
    // The owner's team page; members never see it (app/contracts/team/areas.ts: owner only).
    menu(121, 10, 90, "/exhibitorInfo/team", "团队成员", "Team", "team"),
    menu(9, 1, 9, "/index/staff", "工作人员与角色", "Staff and roles", "team", { grant: "organizer" }),
    menu(120, 1, 10, "/index/history", "历史记录", "History", "history", { grant: "organizer" }),
  ],
  // Files are named in the history by name and size; the history keeps none of them alive.
  notFileColumns: { history: ["changes"] },
});
