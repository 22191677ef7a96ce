import { spawnSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { crawlLinkedPages } from "./crawl";
import { setLanguage } from "./exhibitor-helpers";
import { expect, FAILED_RESOURCE, test } from "./fixtures";
import { JS_OFF_ONLY } from "./js-on-only";

/**
 * One crawl of every page reachable by links from /index, per account and language, that checks what
 * the server renders on each page (JS off: what a cheap phone shows first; the pages are visited once
 * for all checks, issue 54):
 * - a cheap phone is 360 px wide: no exhibitor's page may scroll sideways there (std01, standard
 *   booth; raw01, raw space with two booths);
 * - issue 51: every tab of the strip and every document <title> names its page in the user's
 *   language, never a piece of its path ("首页 · checklist/1", "展商资料 · letter", "promotionalVideo",
 *   an English "Exhibitor Portal" on a Chinese page), for the exhibitors and the organizer (admin,
 *   whose home links each checklist item's not-done list).
 */

const MAX_PAGES = 70;
const CJK = /[\u3400-\u9fff]/;
/** camelCase words are route pieces (promotionalVideo), not words of a title; a bare number after "·" is one too (checklist/1). */
const ROUTE_WORD = /^[a-z]+[A-Z][A-Za-z]*$/;
/** Without a Chinese font the characters render as narrow boxes and a too-wide Chinese menu goes unnoticed. */
const chineseFont = (spawnSync("fc-list", [":lang=zh", "family"], { encoding: "utf8" }).stdout ?? "").trim().length > 0;

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

/** The organizer's desk pages are not made for a phone: its crawl checks the titles only. */
const ACCOUNTS = [
  { username: "std01", password: "Expo#2026", phoneWidth: true },
  { username: "raw01", password: "Expo#2026", phoneWidth: true },
  { username: "admin", password: "Admin#2026", phoneWidth: false },
];

for (const { username, password, phoneWidth } of ACCOUNTS) {
  for (const language of ["zh", "en"] as const) {
    test(
      `${username} in ${language}: every page reachable from /index has page titles${phoneWidth ? " and fits 360 px" : ""}`,
      { tag: JS_OFF_ONLY },
      async ({ app, page, consoleErrors }, testInfo) => {
        // Chinese text needs a Chinese font to take its real width; the titles alone need none.
        const checkWidth = phoneWidth && (language === "en" || chineseFont);
        if (phoneWidth && !checkWidth)
          testInfo.annotations.push({ type: "width not checked", description: "no Chinese font on this machine (apt-get install -y fonts-wqy-microhei)" });
        test.setTimeout(240_000);
        // Links to pages of the product outside the menu answer /401 (403), unknown ones /404.
        consoleErrors.allow(FAILED_RESOURCE(403));
        consoleErrors.allow(FAILED_RESOURCE(404));
        await page.setViewportSize({ width: 360, height: 740 });
        await setLanguage(page, language, testInfo);
        await app.signIn(username, password);
        const pieces = new Set<string>();
        const wrongTitles: string[] = [];
        const tooWide: string[] = [];
        const seen = await crawlLinkedPages(page, language, MAX_PAGES, async (path) => {
          const here = new URL(page.url());
          for (const piece of here.pathname.split("/")) if (piece) pieces.add(piece);
          const documentTitle = await page.title();
          const problem = titleProblem(documentTitle, language, pieces);
          if (problem) wrongTitles.push(`${here.pathname}: document title "${documentTitle}" ${problem}`);
          for (const tab of await tabTitles(page)) {
            const tabProblem = titleProblem(tab, language, pieces);
            if (tabProblem) wrongTitles.push(`${here.pathname}: tab "${tab}" ${tabProblem}`);
          }
          if (checkWidth) {
            const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
            if (width > 360) tooWide.push(`${path}: ${width} px`);
          }
        });
        expect(seen.size, "pages visited").toBeGreaterThan(8);
        expect([...new Set(wrongTitles)], "titles that are no page title").toEqual([]);
        expect(tooWide, "pages wider than 360 px").toEqual([]);
      },
    );
  }
}
