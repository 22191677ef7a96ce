import { describe, expect, it } from "vitest";
import type { MenuItem } from "../../app/contracts/permission/api-types";
import {
  PROMO_VIDEO_EXCLUDED_EXHIBITION,
  allowedRoutes,
  filterMenus,
  findMenu,
  firstAllowedRoute,
  homeLeftMenu,
  isNewFeature,
  isWideScreen,
  menuLabel,
  pruneMissingPages,
  sideMenu,
  topMenuGroups,
  withDrawingSite,
} from "../../app/contracts/permission/menus";
import type { MenuRules } from "../../app/contracts/permission/page-rules";
import { buildMenuTree } from "../../server/api/routes/permission";
import { demoMenus, demoRoleMenus } from "../../server/seed/menus";
import { CARRIER_ROLE_ID, EXHIBITOR_ROLE_ID, ORGANIZER_ROLE_ID } from "../../app/contracts/permission/roles";

/** An organizer's drawing site setting, for the helpers that follow external links. */
const DRAWING_SITE = "https://drawings.portal.test/submit";

/** The tree the permission API returns for a role (same grants, order and builder). */
function treeFor(roleId: number): MenuItem[] {
  const granted = new Set(demoRoleMenus.filter((g) => g.role_id === roleId).map((g) => g.menu_id));
  const rows = demoMenus.filter((m) => roleId === ORGANIZER_ROLE_ID || granted.has(m.id)).sort((a, b) => a.sort - b.sort || a.id - b.id);
  return buildMenuTree(rows);
}

const routes = (items: MenuItem[]): string[] => items.flatMap((m) => [m.route, ...routes(m.list)]);
const top = (items: MenuItem[], route: string) => items.find((m) => m.route === route);

const accounts = {
  admin: { roleId: ORGANIZER_ROLE_ID, boothType: null },
  std01: { roleId: EXHIBITOR_ROLE_ID, boothType: 1 },
  raw01: { roleId: EXHIBITOR_ROLE_ID, boothType: 2 },
  carrier01: { roleId: CARRIER_ROLE_ID, boothType: null },
} as const;

/** The filters of docs/product.md § Menus and page access, as the area layouts and pages declare them (tests/api/page-rules.test.ts checks the build's). */
const ENGLISH_HIDDEN_AREAS = ["/invoiceArea", "/exhibitTL", "/invitation", "/boothConstruction", "/bookingService"];
const rules: MenuRules = {
  englishHiddenAreas: new Set(ENGLISH_HIDDEN_AREAS),
  boothTypesOf: new Map([
    ["/boothConstruction/standardConstruction", [1]],
    ["/boothConstruction/insurancePurchase", [2]],
    ["/boothConstruction/specialBoothCIProcess", [2]],
  ]),
};

const filtered = (account: keyof typeof accounts, language: "zh" | "en", exhibitionCode: string | null = "PITF2026") =>
  filterMenus(treeFor(accounts[account].roleId), { language, boothType: accounts[account].boothType, exhibitionCode, rules });

const AREAS = ["/index", "/exhibitorInfo", "/invitation", "/leads", "/boothConstruction", "/bookingService", "/invoiceArea", "/exhibitTL", "/HT", "/dataArea"];
const SPEC_PAGES = [
  "/index/schedule",
  "/index/promote",
  "/index/premise",
  "/index/service",
  "/index/hotel",
  "/index/poster",
  "/index/bannerDownload",
  "/index/posterCn",
  "/index/posterEn",
  "/index/drawingSubmission",
  "/changePassword",
  "/exhibitorInfo/exhibitorData",
  "/exhibitorInfo/exhibitorReview",
  "/exhibitorInfo/groupData",
  "/exhibitorInfo/miniProgram",
  "/exhibitorInfo/exhibitorCertificateApply",
  "/exhibitorInfo/invitation/custom",
  "/exhibitorInfo/invitation/exhibitorTopRanking",
  "/exhibitorInfo/invitation/exhibitorRanking",
  "/exhibitorInfo/invitation/inviteAudienceData",
  "/exhibitorInfo/promotionalVideo",
  "/exhibitorInfo/epidemicDeclaration",
  "/boothConstruction/standardConstruction",
  "/boothConstruction/insurancePurchase",
  "/boothConstruction/entrySafetyCommitment",
  "/boothConstruction/specialBoothCIProcess",
  "/bookingService/onlineBookingService",
  "/bookingService/offlineBookingService/airCompressorService",
  "/bookingService/myOrder",
  "/bookingService/electricboxImg",
  "/bookingService/ECReservation",
  "/bookingService/LeakageElectric",
  "/bookingService/orderReview",
  "/invoiceArea/billingApplication",
  "/invoiceArea/paymentVoucher",
  "/exhibitTL/carriage",
  "/exhibitTL/review",
  "/exhibitTL/carriageOrder",
  "/exhibitTL/truckInformationSubmit",
  "/exhibitTL/twExhibitsDeclaration",
  "/exhibitTL/exhibitsCostReservation",
  "/exhibitTL/smallExhibitsExpress",
  "/exhibitTL/overseasExhibitTrans",
  "/HT/blueCarGuide",
  "/HT/busGuide",
  "/HT/parkingGuide",
  "/HT/businessReservations",
  "/dataArea/index",
  // The owner's team page (issue 55).
  "/exhibitorInfo/team",
  // Leads at the show (issue 56).
  "/leads/list",
  "/leads/scan",
  "/leads/tags",
];
/** The organizer's own pages beside the spec's (roleId 1 only): the badge review and the check-in desk. */
const ORGANIZER_PAGES = [
  "/index/calendar",
  "/index/content",
  "/index/feedbackInbox",
  "/index/messages",
  "/index/settings",
  "/dataArea/files",
  "/HT/blueCarReview",
  "/HT/guides",
  "/HT/reservationDesk",
  "/exhibitorInfo/epidemicReview",
  "/exhibitorInfo/badgeReview",
  "/exhibitorInfo/badgeCheckIn",
  "/exhibitorInfo/exhibitorImport",
  "/exhibitorInfo/exhibitorInvite",
  "/exhibitorInfo/showcases",
  "/exhibitorInfo/videos",
  "/boothConstruction/constructionReview",
  "/invoiceArea/financeDesk",
  "/exhibitTL/truckReview",
  "/exhibitTL/twExhibitsReview",
  "/exhibitorInfo/invitation/templates",
  "/exhibitorInfo/invitation/visitors",
  "/index/staff",
  "/index/history",
  "/leads/overview",
];

describe("seeded menu tree", () => {
  it("has unique ids and routes, keeps the ids the API tests rely on, and covers every page of docs/product.md § Public pages", () => {
    expect(new Set(demoMenus.map((m) => m.id)).size).toBe(demoMenus.length);
    // Routes are unique but for the home page, which is both the area and its first page (id 20).
    expect(new Set(demoMenus.map((m) => m.route)).size).toBe(demoMenus.length - 1);
    expect(demoMenus.find((m) => m.id === 20)).toMatchObject({ route: "/index", pid: 1, sort: 0 });
    const byId = new Map(demoMenus.map((m) => [m.id, m]));
    expect(byId.get(1)).toMatchObject({ route: "/index", pid: 0 });
    expect(byId.get(2)).toMatchObject({ route: "/index/schedule", pid: 1, name: "重要日程", name_en: "Important schedule", remark: "new feature" });
    expect(byId.get(3)).toMatchObject({ route: "/changePassword", pid: 1, is_menu: 2, hidden: true });
    expect(byId.get(70)).toMatchObject({ route: "/exhibitTL", pid: 0 });
    expect(byId.get(72)).toMatchObject({ route: "/exhibitTL/review", pid: 70 });
    expect(byId.get(73)).toMatchObject({ route: "/exhibitTL/carriageOrder", pid: 70 });
    for (const m of demoMenus) if (m.pid !== 0) expect(byId.has(m.pid)).toBe(true);
    expect([...new Set(routes(treeFor(ORGANIZER_ROLE_ID)))].sort()).toEqual([...AREAS, ...SPEC_PAGES, ...ORGANIZER_PAGES].sort());
    // The drawing site's link is the organizer's setting (withDrawingSite), never the row's.
    expect(demoMenus.find((m) => m.route === "/index/drawingSubmission")?.url).toBeNull();
    expect(demoMenus.filter((m) => m.remark?.includes("new feature")).length).toBeGreaterThanOrEqual(2);
  });

  it("grants the exhibitor everything but the carrier pages and the organizer's pages (4, 5, 6, 7, 8, 9, 17, 18, 19, 35, 47, 53, 69, 79, 85, 86, 87, 92, 100, 101, 102, 103, 104, 115, 116, 120, 134), and the carrier exactly its home, 3, 70, 72, 73", () => {
    const exhibitor = demoRoleMenus.filter((g) => g.role_id === EXHIBITOR_ROLE_ID).map((g) => g.menu_id);
    expect(exhibitor.sort((a, b) => a - b)).toEqual(
      demoMenus
        .map((m) => m.id)
        .filter((id) => ![72, 73, 4, 5, 6, 7, 8, 9, 17, 18, 19, 35, 47, 53, 69, 79, 85, 86, 87, 92, 100, 101, 102, 103, 104, 115, 116, 120, 134].includes(id))
        .sort((a, b) => a - b),
    );
    expect(demoRoleMenus.filter((g) => g.role_id === CARRIER_ROLE_ID).map((g) => g.menu_id)).toEqual([1, 3, 20, 70, 72, 73]);
  });
});

describe("filterMenus on the seeded tree", () => {
  it("std01 (standard booth) has no insurance purchase or special-booth process, in zh and en", () => {
    const zh = routes(filtered("std01", "zh"));
    expect(zh).toContain("/boothConstruction/standardConstruction");
    expect(zh).toContain("/boothConstruction/entrySafetyCommitment");
    expect(zh).not.toContain("/boothConstruction/insurancePurchase");
    expect(zh).not.toContain("/boothConstruction/specialBoothCIProcess");
    expect(zh).not.toContain("/exhibitTL/review");
    expect(zh).not.toContain("/exhibitTL/carriageOrder");
    expect(zh).toContain("/exhibitTL/carriage");
    expect(zh).toContain("/exhibitorInfo/promotionalVideo");
    expect(zh).toEqual(expect.arrayContaining(["/index/premise", "/index/service", "/index/hotel", "/index/drawingSubmission"]));
    const en = routes(filtered("std01", "en"));
    expect(en).not.toContain("/boothConstruction/insurancePurchase");
    expect(en).not.toContain("/boothConstruction/specialBoothCIProcess");
  });

  it("raw01 (raw space) has no standard construction but keeps insurance and the CI process", () => {
    const zh = routes(filtered("raw01", "zh"));
    expect(zh).not.toContain("/boothConstruction/standardConstruction");
    expect(zh).toEqual(expect.arrayContaining(["/boothConstruction/insurancePurchase", "/boothConstruction/specialBoothCIProcess"]));
  });

  it.each(["std01", "raw01", "admin"] as const)("English hides the five areas (present, hidden, empty) for %s and drops zh-only pages", (account) => {
    const tree = filtered(account, "en");
    for (const area of ENGLISH_HIDDEN_AREAS) {
      expect(top(tree, area)).toMatchObject({ hidden: true, list: [] });
    }
    const all = routes(tree);
    expect(all).not.toContain("/exhibitorInfo/promotionalVideo");
    for (const route of ["/index/premise", "/index/service", "/index/hotel", "/index/drawingSubmission"]) expect(all).not.toContain(route);
    expect(all).toEqual(expect.arrayContaining(["/exhibitorInfo/exhibitorData", "/HT/blueCarGuide", "/dataArea/index", "/index/schedule", "/index/posterEn"]));
    expect(sideMenu(tree).map((m) => m.route)).toEqual(["/index", "/exhibitorInfo", "/leads", "/HT", "/dataArea"]);
  });

  it("zh keeps the five areas visible with their pages", () => {
    const tree = filtered("std01", "zh");
    for (const area of ENGLISH_HIDDEN_AREAS) {
      const item = top(tree, area)!;
      expect(item.hidden).toBe(false);
      expect(item.list.length).toBeGreaterThan(0);
    }
  });

  it("removes the promotional video for the excluded exhibition only", () => {
    expect(PROMO_VIDEO_EXCLUDED_EXHIBITION).toBe("CIFTIS2020");
    expect(routes(filtered("std01", "zh", PROMO_VIDEO_EXCLUDED_EXHIBITION))).not.toContain("/exhibitorInfo/promotionalVideo");
    expect(routes(filtered("std01", "zh", null))).toContain("/exhibitorInfo/promotionalVideo");
  });

  it("carrier sees its home, review and carrier orders in zh, and only its home in en (transport is hidden in English)", () => {
    const zh = filtered("carrier01", "zh");
    expect(routes(sideMenu(zh))).toEqual(["/index", "/index", "/exhibitTL", "/exhibitTL/review", "/exhibitTL/carriageOrder"]);
    expect([...allowedRoutes(zh)].sort()).toEqual(["/changePassword", "/exhibitTL", "/exhibitTL/carriageOrder", "/exhibitTL/review", "/index"]);
    // The home (its pending reviews and today's deliveries) is where / and /index land.
    expect(firstAllowedRoute(zh, () => true)).toBe("/index");

    const en = filtered("carrier01", "en");
    expect(top(en, "/exhibitTL")).toMatchObject({ hidden: true, list: [] });
    expect(routes(sideMenu(en))).toEqual(["/index", "/index"]);
    expect([...allowedRoutes(en)].sort()).toEqual(["/changePassword", "/index"]);
    expect(firstAllowedRoute(en, () => true)).toBe("/index");
  });

  it("admin sees every page in zh", () => {
    const all = [...new Set(routes(filtered("admin", "zh")))];
    expect(all.sort()).toEqual([...AREAS, ...SPEC_PAGES, ...ORGANIZER_PAGES].sort());
  });

  it("never mutates its input", () => {
    const tree = treeFor(ORGANIZER_ROLE_ID);
    const before = JSON.stringify(tree);
    const out = filterMenus(tree, { language: "en", boothType: 1, exhibitionCode: PROMO_VIDEO_EXCLUDED_EXHIBITION, rules });
    expect(JSON.stringify(tree)).toBe(before);
    expect(out[0]).not.toBe(tree[0]);
  });
});

describe("menu helpers", () => {
  const leaf = (id: number, route: string, extra: Partial<MenuItem> = {}): MenuItem => ({
    id,
    pid: 0,
    route,
    name: route,
    nameEn: "",
    icon: null,
    isMenu: 1,
    hidden: false,
    remark: null,
    url: null,
    list: [],
    ...extra,
  });

  it("sideMenu drops hidden and isMenu-2 items recursively", () => {
    const tree = filtered("std01", "zh");
    const side = routes(sideMenu(tree));
    expect(side).not.toContain("/changePassword");
    expect(side).toContain("/index/schedule");
    // The epidemic declaration is a side-menu page (its exhibition's switch removes it, server-side).
    expect(side).toContain("/exhibitorInfo/epidemicDeclaration");
    expect(allowedRoutes(tree).has("/changePassword")).toBe(true);
    const notShown = leaf(7, "/area", { list: [leaf(8, "/area/shown"), leaf(9, "/area/notShown", { isMenu: 2 })] });
    expect(routes(sideMenu([notShown]))).toEqual(["/area", "/area/shown"]);
    expect(allowedRoutes([notShown]).has("/area/notShown")).toBe(true);
  });

  it("allowedRoutes leaves out areas emptied by the English filter and their pages", () => {
    const allowed = allowedRoutes(filtered("std01", "en"));
    expect(allowed.has("/invoiceArea")).toBe(false);
    expect(allowed.has("/invoiceArea/billingApplication")).toBe(false);
    expect(allowed.has("/exhibitTL/carriage")).toBe(false);
    expect(allowed.has("/exhibitorInfo/exhibitorData")).toBe(true);
    expect(allowed.has("/changePassword")).toBe(true);
  });

  it("withDrawingSite links the drawing submission item to the organizer's drawing site, and drops it while there is none", () => {
    const tree = filtered("std01", "zh");
    const linked = withDrawingSite(tree, DRAWING_SITE);
    expect(top(linked, "/index")!.list.find((m) => m.route === "/index/drawingSubmission")?.url).toBe(DRAWING_SITE);
    expect(allowedRoutes(withDrawingSite(tree, null)).has("/index/drawingSubmission")).toBe(false);
    expect(top(tree, "/index")!.list.some((m) => m.route === "/index/drawingSubmission")).toBe(true);
  });

  it("firstAllowedRoute returns the first non-top-level page that exists, skipping external links", () => {
    const tree = withDrawingSite(filtered("std01", "zh"), DRAWING_SITE);
    // The home page is the first page of the home area, so / and /index land on it.
    expect(firstAllowedRoute(tree, () => true)).toBe("/index");
    const pages = new Set(["/exhibitorInfo/groupData", "/HT/busGuide"]);
    expect(firstAllowedRoute(tree, (r) => pages.has(r))).toBe("/exhibitorInfo/groupData");
    expect(firstAllowedRoute(tree, (r) => r === "/index/drawingSubmission")).toBeNull();
    expect(firstAllowedRoute(filtered("carrier01", "zh"), (r) => r !== "/index")).toBe("/exhibitTL/review");
    // a hidden page is used only when nothing shown qualifies
    expect(firstAllowedRoute(tree, (r) => r === "/changePassword" || r === "/dataArea/index")).toBe("/dataArea/index");
    expect(firstAllowedRoute(tree, (r) => r === "/changePassword")).toBe("/changePassword");
  });

  it("pruneMissingPages drops pages without a route module and emptied areas without a page", () => {
    const tree = withDrawingSite(filtered("std01", "zh"), DRAWING_SITE);
    const pages = new Set(["/index", "/index/schedule", "/exhibitorInfo/exhibitorData", "/dataArea"]);
    const pruned = pruneMissingPages(tree, (r) => pages.has(r));
    expect(pruned.map((m) => m.route)).toEqual(["/index", "/exhibitorInfo", "/dataArea"]);
    expect(top(pruned, "/index")!.list.map((m) => m.route)).toEqual(["/index", "/index/schedule", "/index/drawingSubmission"]);
    expect(top(pruned, "/exhibitorInfo")!.list.map((m) => m.route)).toEqual(["/exhibitorInfo/exhibitorData"]);
    expect(top(pruned, "/dataArea")!.list).toEqual([]);
    expect(pruneMissingPages([leaf(1, "/x", { list: [leaf(2, "/x/y")] })], () => false)).toEqual([]);
    expect(top(tree, "/exhibitorInfo")!.list.length).toBeGreaterThan(1);
  });

  it("isNewFeature reads the remark", () => {
    const tree = filtered("std01", "zh");
    expect(isNewFeature(findMenu(tree, "/index/schedule")!)).toBe(true);
    expect(isNewFeature(findMenu(tree, "/index/promote")!)).toBe(false);
    expect(isNewFeature({ remark: "New Feature, 2026" })).toBe(true);
    expect(isNewFeature({ remark: null })).toBe(false);
  });

  it("topMenuGroups splits 10 per group on wide screens, otherwise 4, English always 4", () => {
    const items = Array.from({ length: 12 }, (_, i) => leaf(i + 1, `/a${i + 1}`));
    const wideZh = topMenuGroups(items, { language: "zh", wide: true });
    expect(wideZh.visible).toHaveLength(10);
    expect(wideZh.more.map((m) => m.id)).toEqual([11, 12]);
    expect(topMenuGroups(items, { language: "zh", wide: false }).visible).toHaveLength(4);
    const wideEn = topMenuGroups(items, { language: "en", wide: true });
    expect(wideEn.visible.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(wideEn.more).toHaveLength(8);
    const withHidden = topMenuGroups([leaf(1, "/a", { hidden: true }), leaf(2, "/b", { isMenu: 2 }), leaf(3, "/c")], { language: "zh", wide: false });
    expect(withHidden).toEqual({ visible: [expect.objectContaining({ id: 3 })], more: [] });
    const seeded = topMenuGroups(sideMenu(filtered("std01", "zh")), { language: "zh", wide: false });
    expect(seeded.visible.map((m) => m.route)).toEqual(["/index", "/exhibitorInfo", "/invitation", "/leads"]);
    expect(seeded.more.map((m) => m.route)).toEqual(["/boothConstruction", "/bookingService", "/invoiceArea", "/exhibitTL", "/HT", "/dataArea"]);
    expect(isWideScreen(1281)).toBe(true);
    expect(isWideScreen(1280)).toBe(false);
  });

  it("menuLabel picks the language, English falling back to Chinese", () => {
    const home = findMenu(filtered("std01", "zh"), "/index")!;
    expect(menuLabel(home, "zh")).toBe("首页");
    expect(menuLabel(home, "en")).toBe("Home");
    expect(menuLabel({ name: "资料", nameEn: "" }, "en")).toBe("资料");
  });

  it("homeLeftMenu shows schedule and promotion, plus the Chinese-only entries in zh", () => {
    expect(homeLeftMenu(filtered("std01", "zh"), "zh").map((m) => m.route)).toEqual([
      "/index/schedule",
      "/index/promote",
      "/index/premise",
      "/exhibitTL/carriage",
      "/index/service",
      "/index/hotel",
    ]);
    expect(homeLeftMenu(filtered("std01", "en"), "en").map((m) => m.route)).toEqual(["/index/schedule", "/index/promote"]);
  });
});
