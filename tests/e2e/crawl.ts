import type { Page } from "@playwright/test";
import { contractDomains } from "../../app/contracts/domains";

/** Links that are not pages to look at: downloads, pictures, sign-out, language switch, the form-posting UI endpoints. */
const NOT_PAGES =
  /^\/(logout|language|ui|booth)(\/|\?|$)|\/(export|template|contract|print|qr|check|pass|report|image|pdf)(\?|$)|-export(\?|$)|[?&]download=1|^\/index\/poster-image\/|^\/files\/|^\/build\/|^\/v\//;
/** The domains' own file links (`fileLinks` in app/contracts/<domain>/domain.ts). */
const FILE_LINKS = contractDomains.flatMap((domain) => domain.fileLinks ?? []);
const isPage = (path: string) => !NOT_PAGES.test(path) && !FILE_LINKS.some((prefix) => path.startsWith(prefix));

/**
 * Visits every page reachable by links from /index (breadth first, at most `maxPages`), calling `visit`
 * on each one that opened (status under 400). Answers the paths tried. Shared by the crawls of the
 * 360 px layout and of the page titles.
 */
export async function crawlLinkedPages(page: Page, language: "zh" | "en", maxPages: number, visit: (path: string) => Promise<void>) {
  const seen = new Set<string>();
  const queue = ["/index"];
  while (queue.length && seen.size < maxPages) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const response = await page.goto(path);
    if (!response || response.status() >= 400) continue;
    await visit(path);
    const links = await page.locator("a[href^='/']").evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")!));
    for (const href of links) {
      const target = href.split("#")[0]!;
      // In English the blue-plate car guide opens the exhibition's own traffic site, not a portal page.
      const leavesSite = language === "en" && target.startsWith("/HT/blueCarGuide");
      if (target && isPage(target) && !leavesSite && !seen.has(target)) queue.push(target);
    }
  }
  return seen;
}
