import { defineServerDomain, menu, NEW } from "../domain";
import { scheduleActionRoutes } from "../api/routes/home-schedule";
import { homeOverviewRoutes } from "../api/routes/home-overview";

/** What the schedule domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "schedule",
  routes: [scheduleActionRoutes, homeOverviewRoutes],
  menus: [menu(2, 1, 1, "/index/schedule", "重要日程", "Important schedule", "calendar", NEW)],
});
