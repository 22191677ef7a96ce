import { defineServerDomain, menu } from "../domain";
import { calendarRoutes } from "../api/routes/calendar";

/** What the calendar domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "calendar",
  routes: [calendarRoutes],
  menus: [
    // The organizer's exhibition calendar (issue 39): roleId 1 only.
    menu(4, 1, 12, "/index/calendar", "展会日历", "Exhibition calendar", "calendar", { grant: "organizer" }),
  ],
});
