import { defineServerDomain, menu, NEW } from "../domain";
import { showcaseRoutes } from "../api/routes/showcase";

/** What the showcase domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "showcase",
  routes: [showcaseRoutes],
  menus: [
    menu(13, 10, 3, "/exhibitorInfo/miniProgram", "定制小程序", "Custom mini-program", "mobile", NEW),
    // The organizer's list of the exhibitors' public showcase pages, with a hide switch (issue 40): roleId 1 only.
    menu(102, 10, 12, "/exhibitorInfo/showcases", "小程序展示页", "Showcase pages", "mobile", { grant: "organizer" }),
  ],
});
