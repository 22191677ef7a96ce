import { defineServerDomain, menu } from "../domain";
import { homeRoutes } from "../api/routes/home";

/** What the home domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "home",
  routes: [homeRoutes],
  menus: [
    // Home /index
    menu(1, 0, 1, "/index", "首页", "Home", "home", { grant: "exhibitor and carrier" }),
    // The home page itself, first: docs/product.md § Menus and page access sends / and /index to the first non-top-level page.
    menu(20, 1, 0, "/index", "首页", "Home", "home", { grant: "exhibitor and carrier" }),
    menu(3, 1, 9, "/changePassword", "修改密码", "Change password", "lock", { is_menu: 2, hidden: true, grant: "exhibitor and carrier" }),
    menu(21, 1, 2, "/index/promote", "全面宣传", "Full promotion", "speaker"),
    menu(22, 1, 3, "/index/premise", "报到须知", "Check-in essentials", "flag"),
    menu(23, 1, 4, "/index/service", "现场服务预订", "On-site service booking", "service"),
    menu(24, 1, 5, "/index/hotel", "食宿行", "Food, lodging and travel", "hotel"),
    // An external link: the web app puts the organizer's drawing site setting in (and leaves the item out while it is empty).
    menu(25, 1, 6, "/index/drawingSubmission", "特装图纸提交", "Special-booth drawing submission", "upload"),
    menu(27, 1, 8, "/index/bannerDownload", "Logo及Banner下载", "Logo and banner download", "download"),
    // The organizer's editing of the home area's content pages (issue 41): roleId 1 only.
    menu(5, 1, 13, "/index/content", "页面内容", "Page content", "edit", { grant: "organizer" }),
  ],
});
