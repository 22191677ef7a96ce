import type { Page } from "@playwright/test";
import { crawlLinkedPages } from "./crawl";
import { setLanguage } from "./exhibitor-helpers";
import { expect, FAILED_RESOURCE, test } from "./fixtures";

/**
 * Issue 51: every tab of the strip and every document <title> names its page in the user's language,
 * never a piece of its path ("首页 · checklist/1", "展商资料 · letter", "promotionalVideo", an English
 * "Exhibitor Portal" on a Chinese page). Every page reachable by links from /index is visited, as an
 * exhibitor (std01) and as the organizer (admin, whose home links each checklist item's not-done list).
 */

const MAX_PAGES = 70;
const CJK = /[\u3400-\u9fff]/;
/** camelCase words are route pieces (promotionalVideo), not words of a title; a bare number after "·" is one too (checklist/1). */
const ROUTE_WORD = /^[a-z]+[A-Z][A-Za-z]*$/;

/** Why `title` is not a page title in `language`, or null when it is one. `pieces`: the path pieces of every page seen. */
function titleProblem(title: string, language: "zh" | "en", pieces: ReadonlySet<string>): string | null {
  const text = title.trim();
  if (!text) return "empty";
  if (text.includes("/")) return "has a slash";
  const parts = text.split(/\s*·\s*/);
  const words = text.split(/[\s·:：,，()（）]+/).filter(Boolean);
  const raw = words.find((word) => ROUTE_WORD.test(word)) ?? parts.find((part) => pieces.has(part));
  if (raw) return `has the route piece "${raw}"`;
  // In Chinese no Latin word of the title may be a path piece ("展商资料 · letter"); a number may be the page's own ("申报 1").
  if (language === "zh") {
    const latin = words.find((word) => /^[A-Za-z]/.test(word) && pieces.has(word));
    if (latin) return `has the route piece "${latin}"`;
    if (!CJK.test(text)) return "is not in Chinese";
  } else if (CJK.test(text)) return "is not in English";
  return null;
}

const tabTitles = (page: Page) => page.locator("nav.shell-tabs li.shell-tab > a").allTextContents();

const ACCOUNTS = [
  { username: "std01", password: "Expo#2026" },
  { username: "admin", password: "Admin#2026" },
];

for (const { username, password } of ACCOUNTS) {
  for (const language of ["zh", "en"] as const) {
    test(`${username} in ${language}: every tab and document title reachable from /index is a page title`, async ({ app, page, consoleErrors }, testInfo) => {
      test.skip(
        testInfo.project.name !== "js-off",
        "server-rendered titles and tabs: crawled once, without JavaScript (the JS-on test below follows a navigation)",
      );
      test.setTimeout(240_000);
      // Links to pages of the product outside the menu answer /401 (403), unknown ones /404.
      consoleErrors.allow(FAILED_RESOURCE(403));
      consoleErrors.allow(FAILED_RESOURCE(404));
      await setLanguage(page, language, testInfo);
      await app.signIn(username, password);
      const pieces = new Set<string>();
      const wrong: string[] = [];
      const seen = await crawlLinkedPages(page, language, MAX_PAGES, async () => {
        const here = new URL(page.url());
        for (const piece of here.pathname.split("/")) if (piece) pieces.add(piece);
        const documentTitle = await page.title();
        const problem = titleProblem(documentTitle, language, pieces);
        if (problem) wrong.push(`${here.pathname}: document title "${documentTitle}" ${problem}`);
        for (const tab of await tabTitles(page)) {
          const tabProblem = titleProblem(tab, language, pieces);
          if (tabProblem) wrong.push(`${here.pathname}: tab "${tab}" ${tabProblem}`);
        }
      });
      expect(seen.size, "pages visited").toBeGreaterThan(8);
      expect([...new Set(wrong)]).toEqual([]);
    });
  }
}

test("a page outside the menu keeps its page title in the tab and the document, also after an in-app navigation", async ({ app, page }, testInfo) => {
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
});

test("/401 and /404 have a Chinese title on their Chinese pages", async ({ app, page, consoleErrors }, testInfo) => {
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
