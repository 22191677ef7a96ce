import { setLanguage } from "./exhibitor-helpers";
import { expect, FAILED_RESOURCE, PASSWORD, test } from "./fixtures";
import { JS_ON_ONLY } from "./js-on-only";

/**
 * Issue 51, the home's checklist on the exhibitor's walk: in English the items of Chinese-only pages
 * say so and offer the switch to Chinese (which signs out, then opens the item's page in Chinese once
 * signed in again), with and without JavaScript; the home's next deadlines are links to their pages;
 * and the /invitation area's own path opens its first page, as every other area's does.
 */

/** The demo checklist's pages that exist in Chinese only (server/seed/home-content.ts). */
const CHINESE_ONLY_PAGES = [
  "/boothConstruction/standardConstruction",
  "/boothConstruction/entrySafetyCommitment",
  "/bookingService/onlineBookingService",
  "/exhibitTL/carriage",
  "/invoiceArea/billingApplication",
  "/exhibitorInfo/invitation/custom",
];

test("in English, the checklist items of Chinese-only pages say so and offer the switch, which signs out and leads to the page in Chinese", async ({
  app,
  page,
  context,
}, testInfo) => {
  await setLanguage(page, "en", testInfo);
  await app.signIn("std01");
  await app.goto("/index/schedule");
  const items = page.getByTestId("schedule-list").locator("li");
  await expect(items).toHaveCount(9);
  const chineseOnly = items.filter({ has: page.getByTestId("chinese-only") });
  await expect(chineseOnly).toHaveCount(CHINESE_ONLY_PAGES.length);
  for (const item of await chineseOnly.all()) {
    await expect(item.getByTestId("chinese-only")).toContainText("This page is in Chinese only");
    await expect(item.getByRole("button", { name: "Switch to 中文 (signs you out)" })).toBeVisible();
    // Not a link that would answer "no permission".
    await expect(item.getByRole("link")).toHaveCount(0);
  }
  // The others open their pages.
  await expect(items.filter({ hasNot: page.getByTestId("chinese-only") }).getByRole("link")).toHaveCount(9 - CHINESE_ONLY_PAGES.length);

  // The home's deadlines and overdue items of such pages say the same.
  await app.goto("/index");
  const upcoming = page.locator("section[aria-labelledby=home-upcoming]");
  await expect(upcoming.getByTestId("chinese-only").first()).toContainText("This page is in Chinese only");

  // The switch: signed out, on the Chinese sign-in page, which then opens the item's page.
  await app.goto("/index/schedule");
  const first = chineseOnly.first();
  await app.submit(() => first.getByRole("button", { name: "Switch to 中文 (signs you out)" }).click());
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh");
  await expect(page.getByRole("heading", { name: "登录展商服务平台" })).toBeVisible();
  expect((await context.cookies()).find((cookie) => cookie.name === "ticket")).toBeUndefined();
  const target = decodeURIComponent(new URL(page.url()).searchParams.get("redirectTo") ?? "");
  expect(CHINESE_ONLY_PAGES).toContain(target);
  await app.login("std01", PASSWORD);
  await expect(page).toHaveURL(new RegExp(`${target.replace(/\//g, "\\/")}$`));
  await expect(page.locator("html")).toHaveAttribute("lang", "zh");
  await expect(page.getByTestId("error-page")).toHaveCount(0);
});

test("the home's next deadlines are links to their pages", { tag: JS_ON_ONLY }, async ({ app, page }, testInfo) => {
  await setLanguage(page, "zh", testInfo);
  await app.signIn("std01");
  await app.goto("/index");
  // The next deadlines (at most three: other tests may have done some), each a card; the overdue items above them are a plain list.
  const cards = page.locator("section[aria-labelledby=home-upcoming] li .mantine-Card-root");
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeLessThanOrEqual(3);
  const hrefs = await cards.evaluateAll((elements) => elements.map((card) => (card.closest("a") ?? card.querySelector("a"))?.getAttribute("href") ?? null));
  for (const href of hrefs) expect(href).toMatch(/^\/[A-Za-z]+\/\w+/);
  const href = hrefs[0]!;
  const links = page.locator("section[aria-labelledby=home-upcoming]").locator(`a[href="${href}"]`);
  await links.first().click();
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/\//g, "\\/")}$`));
  await expect(page.getByTestId("error-page")).toHaveCount(0);
});

test(
  "/invitation opens the area's first page in Chinese and says 'no permission' in English",
  { tag: JS_ON_ONLY },
  async ({ app, page, consoleErrors }, testInfo) => {
    consoleErrors.allow(FAILED_RESOURCE(403));
    await setLanguage(page, "zh", testInfo);
    await app.signIn("std01");
    await app.goto("/invitation");
    await expect(page).toHaveURL(/\/exhibitorInfo\/invitation\/\w+$/);
    await expect(page.getByTestId("error-page")).toHaveCount(0);
    // The /invitation area's sidebar beside it.
    await expect(page.locator(".area-layout a.shell-side-link").first()).toBeAttached();

    await setLanguage(page, "en", testInfo);
    await app.signIn("std01");
    await app.goto("/invitation");
    await expect(page).toHaveURL(/\/401$/);
  },
);
