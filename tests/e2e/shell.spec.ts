import type { Page } from "@playwright/test";
import { FAILED_RESOURCE, PASSWORD, expect, test } from "./fixtures";
import { JS_ON_ONLY } from "./js-on-only";

const NO_PERMISSION = "You don't have permission to access this page or use this feature";

/** The labels of the tab strip, in order. */
const tabLabels = (page: Page) => page.locator("nav.shell-tabs li.shell-tab > a");

async function setLanguage(page: Page, language: "zh" | "en") {
  await page.context().addCookies([{ name: "lng", value: language, url: test.info().project.use.baseURL! }]);
}

test("'/' signed in goes to the home page with the business name", { tag: JS_ON_ONLY }, async ({ app, page }) => {
  await app.signIn("std01");
  await app.goto("/");
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByTestId("business-name")).toHaveText("Shenzhen Galaxy Smart Technology Co., Ltd.");
  await expect(page.getByTestId("user-label")).toHaveText("std01");
});

const MENU_ACCOUNTS = [
  { username: "std01", password: PASSWORD, exhibitor: true },
  { username: "raw01", password: PASSWORD, exhibitor: true },
  { username: "admin", password: "Admin#2026", exhibitor: true },
  { username: "carrier01", password: PASSWORD, exhibitor: false },
];
// Areas the English menu must never show (docs/product.md § Languages), in either language's words.
const ENGLISH_HIDDEN = /Invoice area|Exhibit transport|Booth construction|Booking service|Invitation|发票|展品运输|展位搭建|预订服务|观众邀请/;

for (const account of MENU_ACCOUNTS) {
  test(`${account.username}: the top menu only offers pages this build has, in zh and en`, { tag: JS_ON_ONLY }, async ({ app, page, context }) => {
    for (const language of ["zh", "en"] as const) {
      await test.step(language, async () => {
        await context.clearCookies();
        await setLanguage(page, language);
        await app.signIn(account.username, account.password);
        // The menu is server-rendered; no need to wait for hydration to read it.
        await page.goto("/index");
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        // Both layouts (10 and 4 per group, picked by CSS) and the 'more' dropdowns: every link in the menu.
        const links = await page
          .locator("header nav a")
          .evaluateAll((anchors) => anchors.map((a) => ({ href: a.getAttribute("href") ?? "", label: (a.textContent ?? "").trim() })));
        const labels = [...new Set(links.map((l) => l.label))];
        if (account.exhibitor) expect(labels, "the home area is offered").toContain(language === "zh" ? "首页" : "Home");
        if (language === "en") for (const label of labels) expect(label).not.toMatch(ENGLISH_HIDDEN);
        for (const href of new Set(links.map((l) => l.href))) {
          // External links (url items) open elsewhere; every portal link must have a page here.
          if (/^https?:/.test(href)) continue;
          const response = await page.request.get(href, { maxRedirects: 0 });
          expect(response.status(), `${language}: menu link ${href}`).toBe(200);
        }
      });
    }
  });
}

test("a typed URL to a page outside the user's menu lands on /401", { tag: JS_ON_ONLY }, async ({ app, page, consoleErrors }) => {
  consoleErrors.allow(FAILED_RESOURCE(403));
  await app.signIn("std01");
  // Filtered out for a standard booth (docs/product.md § Sign-in and sessions), and a carrier's page (not in an exhibitor's menu).
  for (const path of ["/boothConstruction/insurancePurchase", "/exhibitTL/review"]) {
    await app.goto(path);
    await expect(page, path).toHaveURL(/\/401$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(NO_PERMISSION);
  }
  // A path that is no page of the product is still not found, signed in or not.
  consoleErrors.allow(FAILED_RESOURCE(404));
  await app.goto("/no/such/page");
  await expect(page).toHaveURL(/\/404$/);
  // So is an unknown path inside a known area: a 404 with its status, not a 401.
  for (const path of ["/exhibitorInfo/no-such-page", "/bookingService/nothing/here"]) {
    const response = await page.goto(path);
    await expect(page, path).toHaveURL(/\/404$/);
    expect(response?.status(), path).toBe(404);
  }
});

test("while an in-page navigation loads, the page says it is busy (aria-busy), and not after", { tag: JS_ON_ONLY }, async ({ app, page }) => {
  await app.signIn("std01");
  await app.goto("/index");
  await expect(page.locator("body")).not.toHaveAttribute("aria-busy");
  // Hold the next page's data until the busy state was seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/index\/schedule\?_data=/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("link", { name: "View the full schedule" }).click();
  await expect(page.locator("body")).toHaveAttribute("aria-busy", "true");
  release();
  await expect(page).toHaveURL(/\/index\/schedule$/);
  await expect(page.locator("body")).not.toHaveAttribute("aria-busy");
});

test("the tab strip: visited pages, close, close others, close all", async ({ app, page }) => {
  await app.signIn("std01");
  for (const path of ["/index", "/changePassword", "/feedback", "/skin"]) await app.goto(path);
  await expect(tabLabels(page)).toHaveText(["Home", "Change password", "Feedback", "Skin"]);
  await expect(page.locator("nav.shell-tabs li.shell-tab[data-active=true]")).toHaveText(/Skin/);

  // The × of one tab closes that tab; the page stays.
  await page.getByRole("button", { name: "Close Change password", exact: true }).click();
  await expect(tabLabels(page)).toHaveText(["Home", "Feedback", "Skin"]);
  await expect(page).toHaveURL(/\/skin$/);
  await app.waitForHydration();

  const actions = page.locator("details.shell-tab-actions");
  const openActions = async () => {
    if ((await actions.getAttribute("open")) === null) await actions.locator("summary").click();
    await expect(actions).toHaveAttribute("open", "");
  };

  // "Close" in the tab actions closes the page you are on and moves to the last remaining tab.
  await openActions();
  await actions.getByRole("button", { name: "Close", exact: true }).click();
  await expect(tabLabels(page)).toHaveText(["Home", "Feedback"]);
  await expect(page).toHaveURL(/\/feedback$/);
  await app.waitForHydration();

  await app.goto("/changePassword");
  await expect(tabLabels(page)).toHaveText(["Home", "Feedback", "Change password"]);

  if (app.jsEnabled) {
    // A right click on a tab opens the same actions for that tab.
    await page.locator("nav.shell-tabs li.shell-tab", { hasText: "Feedback" }).click({ button: "right" });
    await expect(actions).toHaveAttribute("open", "");
    await expect(actions.locator("input[name=path]")).toHaveValue("/feedback");
    await actions.getByRole("button", { name: "Close others", exact: true }).click();
    // Only Feedback is left, so the browser moves there.
    await expect(tabLabels(page)).toHaveText(["Feedback"]);
    await expect(page).toHaveURL(/\/feedback$/);
  } else {
    await openActions();
    await actions.getByRole("button", { name: "Close others", exact: true }).click();
    await expect(tabLabels(page)).toHaveText(["Change password"]);
    await expect(page).toHaveURL(/\/changePassword$/);
  }
  await app.waitForHydration();

  // "Close all" empties the strip and goes home (which is then the one tab).
  await openActions();
  await actions.getByRole("button", { name: "Close all", exact: true }).click();
  await expect(page).toHaveURL(/\/index$/);
  await expect(tabLabels(page)).toHaveText(["Home"]);
  await expect(page.getByTestId("business-name")).toBeVisible();
});

test("the sidebar's collapsed state survives reloads", { tag: JS_ON_ONLY }, async ({ app, page }) => {
  await app.signIn("std01");
  await app.goto("/changePassword");
  const shell = page.locator(".shell");
  await expect(shell).toHaveAttribute("data-collapsed", "false");
  // No page of this build has a sidebar yet (the home area hides it), so the collapse control's
  // own form post is sent directly: POST /ui intent=toggleSidebar, as its button does.
  await expect(page.locator("aside.shell-sidebar")).toHaveCount(0);
  const toggle = async () => {
    const response = await page.request.post("/ui", { form: { intent: "toggleSidebar", redirectTo: "/changePassword" }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/changePassword");
  };

  await toggle();
  await page.reload();
  await expect(shell).toHaveAttribute("data-collapsed", "true");
  await app.goto("/feedback");
  await expect(shell).toHaveAttribute("data-collapsed", "true");
  await page.reload();
  await expect(shell).toHaveAttribute("data-collapsed", "true");

  await toggle();
  await page.reload();
  await expect(shell).toHaveAttribute("data-collapsed", "false");
});

test("raw01 switches booth from the user dropdown", async ({ app, page }) => {
  await app.signIn("raw01");
  await app.goto("/index");
  const menu = await app.openUserMenu();
  const booth = menu.locator("select[name=boothId]");
  await expect(booth.locator("option:checked")).toHaveText("2B10");
  await booth.selectOption({ label: "2B12" });
  await app.submit(() => menu.getByRole("button", { name: "Switch", exact: true }).click());
  await expect(page).toHaveURL(/\/index$/);

  await page.reload();
  await app.waitForHydration();
  await expect(page.locator("header select[name=boothId] option:checked")).toHaveText("2B12");
});

test("switching the language while signed in logs out and lands on /login", async ({ app, page, context }) => {
  await app.signIn("std01");
  await app.goto("/changePassword");
  await page.locator("header").getByRole("button", { name: "中文", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "登录展商服务平台" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh");
  expect((await context.cookies()).find((c) => c.name === "ticket")).toBeUndefined();
  // Signed out for real: a signed-in page asks to sign in again.
  await app.goto("/changePassword");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2FchangePassword$/);
});
