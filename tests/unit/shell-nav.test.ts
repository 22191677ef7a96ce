import { describe, expect, it } from "vitest";
import type { MenuItem } from "../../app/contracts/permission/api-types";
import type { PageRoute } from "../../app/contracts/permission/page-rules";
import { areaMenu, pageTitle, topNavigation } from "../../app/lib/shell-nav.server";

const item = (id: number, route: string, name: string, nameEn: string, list: MenuItem[] = []): MenuItem => ({
  id,
  pid: 0,
  route,
  name,
  nameEn,
  icon: null,
  isMenu: 1,
  hidden: false,
  remark: null,
  url: null,
  list,
});
const pages: PageRoute[] = [
  { path: "/changePassword", hasPage: true, handle: { title: "shell.pages.changePassword" } },
  { path: "/bookingService/myOrder/:orderNo", hasPage: true, handle: { title: "orders.detail.title", breadcrumb: "orders.list.title" } },
  { path: "/exhibitorInfo/exhibitorData/letter", hasPage: true, handle: { breadcrumb: "exhibitor.letter.title" } },
  { path: "/exhibitorInfo/promotionalVideo", hasPage: true, handle: { breadcrumb: "video.title" } },
  { path: "/index/checklist/:itemId", hasPage: true, handle: { title: "home.overview.notDoneTab" } },
];
const menus = [item(40, "/bookingService", "预订服务", "Booking", [item(43, "/bookingService/myOrder", "我的订单", "My orders")])];

describe("tab titles", () => {
  it("names a menu page by its menu label in the chosen language", () => {
    expect(pageTitle(menus, "/bookingService/myOrder", "zh", pages)).toBe("我的订单");
    expect(pageTitle(menus, "/bookingService/myOrder", "en", pages)).toBe("My orders");
  });

  it("names a page opened from a menu page by its own title, never by pieces of its path (issue 51)", () => {
    expect(pageTitle(menus, "/bookingService/myOrder/SO20261120-ABC234", "zh", pages)).toBe("订单 SO20261120-ABC234");
    expect(pageTitle(menus, "/exhibitorInfo/exhibitorData/letter", "zh", pages)).toBe("参展确认函");
    expect(pageTitle(menus, "/index/checklist/3", "en", pages)).toBe("Exhibitors not done");
    // Not in the English menu: named by its breadcrumb, not "promotionalVideo".
    expect(pageTitle(menus, "/exhibitorInfo/promotionalVideo", "en", pages)).toBe("Promotional video");
    // Without a name of its own: the menu page above it, else the portal's name.
    expect(pageTitle(menus, "/bookingService/somethingElse", "zh", pages)).toBe("预订服务");
    expect(pageTitle(menus, "/nowhere/at/all", "en", pages)).toBe("Exhibitor Portal");
  });

  it("names a personal page by its handle's title", () => {
    expect(pageTitle(menus, "/changePassword", "en", pages)).toBe("Change password");
    expect(pageTitle(menus, "/changePassword/", "zh", pages)).toBe("修改密码");
  });
});

describe("a page that leaves the site in a language", () => {
  const htMenus = [
    item(80, "/HT", "酒店交通", "Hotel and traffic", [item(81, "/HT/blueCarGuide", "蓝牌车", "Blue cars"), item(82, "/HT/busGuide", "班车", "Shuttle buses")]),
  ];
  const htPages: PageRoute[] = [
    { path: "/HT/blueCarGuide", hasPage: true, handle: { leavesTheSiteIn: ["en"] } },
    { path: "/HT/busGuide", hasPage: true, handle: {} },
  ];
  const groupHref = (language: "zh" | "en", pages: PageRoute[]) => topNavigation(htMenus, language, pages).items[0]!.href;

  it("is not the menu group's landing page in that language, and is in the others", () => {
    expect(groupHref("en", htPages)).toBe("/HT/busGuide");
    expect(groupHref("zh", htPages)).toBe("/HT/blueCarGuide");
    // Without the handle's rule the first page lands: the rule comes from the page, nowhere else.
    expect(groupHref("en", [])).toBe("/HT/blueCarGuide");
  });

  it("still stands in the area's sidebar", () => {
    expect(areaMenu(htMenus, "/HT", "en", htPages)!.items.map((i) => i.href)).toEqual(["/HT/blueCarGuide", "/HT/busGuide"]);
  });
});

describe("the top navigation", () => {
  const many = Array.from({ length: 12 }, (_, i) =>
    item(200 + i, `/area${i}`, `栏目${i}`, `Area ${i}`, [item(300 + i, `/area${i}/page`, `页面${i}`, `Page ${i}`)]),
  );

  it("sends each top item once, without its children, and where the wide and narrow first groups end", () => {
    const zh = topNavigation(many, "zh", []);
    expect(zh.items.map((i) => i.route)).toEqual(many.map((m) => m.route));
    expect(zh.items[0]).toEqual({ id: 200, route: "/area0", url: null, label: "栏目0", isNew: false, href: "/area0/page" });
    expect([zh.wideCount, zh.narrowCount]).toEqual([10, 4]);
    // English groups by 4 whatever the width.
    const en = topNavigation(many, "en", []);
    expect([en.wideCount, en.narrowCount]).toEqual([4, 4]);
    expect(en.items[3]!.label).toBe("Area 3");
  });
});
