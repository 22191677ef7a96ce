import { setLanguage } from "./exhibitor-helpers";
import { expect, FAILED_RESOURCE, test } from "./fixtures";
import { JS_ON_ONLY } from "./js-on-only";

/**
 * Page titles that the crawl of every linked page (page-crawl.spec.ts) cannot see: a page outside the
 * menu, after an in-app navigation, and the error pages.
 */

test(
  "a page outside the menu keeps its page title in the tab and the document, also after an in-app navigation",
  { tag: JS_ON_ONLY },
  async ({ app, page }, testInfo) => {
    // In English the promotional video page is no menu item (docs/product.md § Service orders): its tab named itself "promotionalVideo".
    await setLanguage(page, "en", testInfo);
    await app.signIn("std01");
    await app.goto("/index");
    await app.goto("/exhibitorInfo/promotionalVideo");
    await expect(page).toHaveTitle("Promotional video");
    const tabs = page.locator("nav.shell-tabs li.shell-tab > a");
    await expect(tabs).toHaveText(["Home", "Promotional video"]);
    // Back home through its tab: a client-side navigation with JS on, a new document without.
    await tabs.filter({ hasText: "Home" }).click();
    await expect(page).toHaveURL(/\/index$/);
    await expect(page).toHaveTitle("Home");
    await expect(tabs).toHaveText(["Home", "Promotional video"]);
  },
);

test("/401 and /404 have a Chinese title on their Chinese pages", { tag: JS_ON_ONLY }, async ({ app, page, consoleErrors }, testInfo) => {
  consoleErrors.allow(FAILED_RESOURCE(403));
  consoleErrors.allow(FAILED_RESOURCE(404));
  await setLanguage(page, "zh", testInfo);
  await app.goto("/401");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("您没有权限访问此页面或使用此功能");
  await expect(page).toHaveTitle("无权限");
  await app.goto("/404");
  await expect(page).toHaveTitle("页面不存在");
  await setLanguage(page, "en", testInfo);
  await app.goto("/404");
  await expect(page).toHaveTitle("Page not found");
});
