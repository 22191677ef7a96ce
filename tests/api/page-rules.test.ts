import { beforeAll, describe, expect, it } from "vitest";
import { menuRulesOf, myInfoPath, pageExistsIn, rulesFor, type PageRoute } from "../../app/contracts/permission/page-rules";
import { UNBUILT_PAGE_RULES } from "../../app/contracts/permission/spec-pages";
import { pageRoutesOf } from "../../server/app";
import { loadRemixBuild } from "../support/test-api";

/**
 * A page's rules live in its route's `handle` (or its area layout's); the server reads them from
 * the build. These read the real build, so a rule that moved or went missing shows here.
 */
let pages: PageRoute[];
beforeAll(async () => {
  pages = pageRoutesOf(await loadRemixBuild());
});

describe("page rules from the route handles", () => {
  it("knows the public pages of docs/product.md § Public pages, built or not, and nothing else", () => {
    for (const path of ["/login", "/contractor", "/401", "/404", "/wxBrowser", "/index/schedule", "/index/schedule/", "/index/promote", "/index/posterEn"]) {
      expect(rulesFor(pages, path).public, path).toBe(true);
    }
    // The invoice QR page and the promotional video page are built (their handles).
    expect(rulesFor(pages, "/invoiceArea/saveQrCode").public).toBe(true);
    expect(rulesFor(pages, "/exhibitorInfo/promotionalVideo").public).toBe(true);
    // Forgot password and the invitation's or reset's link (issue 39): public; the link's page is a token page.
    expect(rulesFor(pages, "/forgotPassword").public).toBe(true);
    expect(rulesFor(pages, `/setPassword/${"A".repeat(43)}`)).toMatchObject({ public: true, tokenInUrl: true });
    for (const path of ["/index", "/changePassword", "/bookingService/myOrder", "/exhibitorInfo/exhibitorData", "/no-such-page"]) {
      expect(rulesFor(pages, path).public, path).toBeUndefined();
    }
  });

  it("lets every account open its personal pages, and an entrusted contractor only some", () => {
    expect(rulesFor(pages, "/changePassword").personal).toBe("account");
    expect(rulesFor(pages, "/feedback").personal).toBe("account");
    expect(rulesFor(pages, "/skin").personal).toBe("account");
    expect(rulesFor(pages, "/booth").personal).toBe("account");
    for (const path of ["/index", "/contact", "/upload/signature", "/upload/complete"]) expect(rulesFor(pages, path).personal, path).toBe("everyone");
    expect(rulesFor(pages, "/bookingService/myOrder").personal).toBeUndefined();
  });

  it("gives pages opened from a menu page that page's permission", () => {
    expect(rulesFor(pages, "/bookingService/myOrder/SO20261123001").permissionOf).toBe("/bookingService/myOrder");
    expect(rulesFor(pages, "/bookingService/myOrder/SO20261123001/contract").permissionOf).toBe("/bookingService/myOrder");
    expect(rulesFor(pages, "/bookingService/electricboxImg/template").permissionOf).toBe("/bookingService/electricboxImg");
    expect(rulesFor(pages, "/exhibitorInfo/exhibitorData/letter").permissionOf).toBe("/exhibitorInfo/exhibitorData");
    expect(rulesFor(pages, "/bookingService/myOrder").permissionOf).toBeUndefined();
  });

  it("names the personal pages' tabs, points 'My info' at the exhibitor data, and keeps the floating buttons but on the carrier review", () => {
    expect(rulesFor(pages, "/index").title).toBe("home.title");
    expect(rulesFor(pages, "/changePassword").title).toBe("shell.pages.changePassword");
    expect(rulesFor(pages, "/contact").title).toBe("shell.pages.contact");
    expect(myInfoPath(pages)).toBe("/exhibitorInfo/exhibitorData");
    expect(rulesFor(pages, "/exhibitorInfo/exhibitorData").floatingButtons).toBeUndefined();
    expect(rulesFor(pages, "/exhibitTL/review").floatingButtons).toBe(false);
    // The messaging app's in-app browser gets /wxBrowser everywhere but on these.
    expect(rulesFor(pages, "/wxBrowser").inAppBrowser).toBe(true);
    expect(rulesFor(pages, "/invoiceArea/saveQrCode").inAppBrowser).toBe(true);
    expect(rulesFor(pages, "/index").inAppBrowser).toBeUndefined();
    // The promotional video: its share view only (the address with ?code=), not the exhibitor's page (issue 51).
    expect(rulesFor(pages, "/exhibitorInfo/promotionalVideo").inAppBrowser).toBe("withCode");
  });

  it("collects the menu filters of docs/product.md § Menus and page access from the area layouts and pages", () => {
    const rules = menuRulesOf(pages);
    expect([...rules.englishHiddenAreas].sort()).toEqual(["/bookingService", "/boothConstruction", "/exhibitTL", "/invitation", "/invoiceArea"]);
    expect(Object.fromEntries(rules.boothTypesOf)).toEqual({
      "/boothConstruction/standardConstruction": [1],
      "/boothConstruction/insurancePurchase": [2],
      "/boothConstruction/specialBoothCIProcess": [2],
    });
  });

  it("keeps no rule in spec-pages.ts for a route this build has: a built page carries its own", () => {
    const built = new Set(pages.map((route) => route.path));
    expect(Object.keys(UNBUILT_PAGE_RULES).filter((path) => built.has(path))).toEqual([]);
  });
});

describe("which paths have a page", () => {
  const synthetic: PageRoute[] = ["/index", "/index/schedule", "/index/:slug", "/changePassword", "/*"].map((path) => ({ path, hasPage: true, handle: {} }));
  synthetic.push({ path: "/booth", hasPage: false, handle: {} });

  it("matches dynamic segments, leaves out splats and resource routes", () => {
    const exists = pageExistsIn(synthetic);
    expect(exists("/index/promote")).toBe(true);
    expect(exists("/index")).toBe(true);
    expect(exists("/exhibitorInfo/exhibitorData")).toBe(false);
    expect(exists("/index/promote/extra")).toBe(false);
    expect(exists("/booth")).toBe(false);
  });

  it("prefers a static route's rules over a pattern's", () => {
    const routes: PageRoute[] = [
      { path: "/index/:slug", hasPage: true, handle: { breadcrumb: "home.pages.content" } },
      { path: "/index/schedule", hasPage: true, handle: { breadcrumb: "home.pages.schedule" } },
    ];
    expect(rulesFor(routes, "/index/schedule").breadcrumb).toBe("home.pages.schedule");
    expect(rulesFor(routes, "/index/promote").breadcrumb).toBe("home.pages.content");
  });
});
