import { spawnSync } from "node:child_process";
import { crawlLinkedPages } from "./crawl";
import { setLanguage } from "./exhibitor-helpers";
import { expect, test } from "./fixtures";

/**
 * A cheap phone is 360 px wide: no page may scroll sideways there, in either language. Every page
 * reachable by links from the home page is visited (JS off: what the server renders is what such a
 * phone shows first) as std01 (standard booth) and raw01 (raw space, two booths).
 */

const MAX_PAGES = 60;
/** Without a Chinese font the characters render as narrow boxes and a too-wide Chinese menu goes unnoticed. */
const chineseFont = (spawnSync("fc-list", [":lang=zh", "family"], { encoding: "utf8" }).stdout ?? "").trim().length > 0;

for (const username of ["std01", "raw01"]) {
  for (const language of ["zh", "en"] as const) {
    test(`${username} in ${language}: no page reachable by links scrolls sideways at 360 px`, async ({ app, page }, testInfo) => {
      test.skip(testInfo.project.name !== "js-off", "server-rendered layout: checked once, without JavaScript");
      test.skip(
        language === "zh" && !chineseFont,
        "no Chinese font on this machine (apt-get install -y fonts-wqy-microhei): Chinese text would not take its real width",
      );
      test.setTimeout(180_000);
      await page.setViewportSize({ width: 360, height: 740 });
      await setLanguage(page, language, testInfo);
      await app.signIn(username);
      const tooWide: string[] = [];
      const seen = await crawlLinkedPages(page, language, MAX_PAGES, async (path) => {
        const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
        if (width > 360) tooWide.push(`${path}: ${width} px`);
      });
      expect(seen.size, "pages visited").toBeGreaterThan(8);
      expect(tooWide).toEqual([]);
    });
  }
}
