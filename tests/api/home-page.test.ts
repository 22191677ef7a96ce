import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalClient } from "../support/portal-client";
import { loadRemixBuild, startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";

/** The home page and the home area's left menu as each role sees them (server-rendered HTML). */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi(DEFAULT_BACKEND, {}, { remixBuild: await loadRemixBuild() });
});
afterAll(() => api?.close());

async function page(username: string, password: string, path: string, language: "zh" | "en" = "en") {
  const client = portalClient(api.baseUrl);
  await client.signIn(username, password);
  const response = await client.request(path, { headers: { "accept-language": language, cookie: `${client.cookieHeader()}; lng=${language}` } });
  expect(response.status).toBe(200);
  return response.text();
}

describe("home page by role", () => {
  it("a carrier's home shows its transport work (in Chinese: the declarations waiting, today's deliveries), not an exhibitor's booths and deadlines", async () => {
    for (const [language, title, work] of [
      // The transport area is Chinese only (docs/product.md § Languages): in English the home says where the work is.
      ["en", "Your transport work", "Exhibit transport is available in Chinese only"],
      // The demo's std01 declaration waits for carrier01; its one order (raw01's) is not due today.
      ["zh", "我的运输业务", "1 份申报待您审核"],
    ] as const) {
      const html = await page("carrier01", "Expo#2026", "/index", language);
      expect(html).toContain('data-testid="carrier-home"');
      expect(html).toContain(title);
      expect(html).toContain(work);
      expect(html).not.toMatch(/Your booths|我的展位|No booth assigned|尚未分配展位|Upcoming deadlines|即将截止/);
    }
    const zh = await page("carrier01", "Expo#2026", "/index", "zh");
    expect(zh).toContain('href="/exhibitTL/review?status=submitted"');
    expect(zh).toContain("今日没有预计送达的订单");
    // The second carrier has nothing waiting: carrier01's declaration is not its work.
    expect(await page("carrier02", "Expo#2026", "/index", "zh")).toContain("0 份申报待您审核");
  });

  it("an exhibitor's home still shows its booths and the upcoming deadlines", async () => {
    const html = await page("std01", "Expo#2026", "/index");
    expect(html).toContain("Your booths");
    expect(html).toContain("Booth 1A01");
    expect(html).toContain("Upcoming deadlines");
    expect(html).not.toContain('data-testid="carrier-home"');
    // What is left, by name: the demo's overdue items (the profile and the safety commitment) link to their page,
    // but in English only where that page opens: the booth construction area is Chinese only (it would answer /401).
    expect(html).toMatch(/Your checklist: \d of 9 done/);
    const overdue = html.slice(html.indexOf('data-testid="overdue-items"'));
    expect(overdue).toContain('href="/exhibitorInfo/exhibitorData"');
    expect(overdue).toContain("Sign the move-in safety commitment");
    expect(overdue).not.toContain('href="/boothConstruction/entrySafetyCommitment"');
    const chinese = await page("std01", "Expo#2026", "/index", "zh");
    expect(chinese.slice(chinese.indexOf('data-testid="overdue-items"'))).toContain('href="/boothConstruction/entrySafetyCommitment"');
  });

  it("the organizer's home is the exhibition at a glance: every item's done / not done, who is behind, the review queues", async () => {
    const html = await page("admin", "Admin#2026", "/index");
    expect(html).toContain("The exhibition at a glance");
    expect(html).toMatch(/\d+ exhibitors with a booth/);
    expect(html).toContain('href="/index/checklist/');
    expect(html).not.toMatch(/Your booths|No booth assigned|Overdue items on your checklist/);
    const item = html.match(/href="(\/index\/checklist\/\d+)"/)![1]!;
    const drill = await page("admin", "Admin#2026", item);
    expect(drill).toMatch(/\d+ exhibitors have not done this yet/);
    expect(drill).toContain('data-testid="not-done-row"');
  });

  it("the home area's Chinese left menu links only pages that exist: the transport entry once the carriage page exists", async () => {
    const html = await page("std01", "Expo#2026", "/index/schedule", "zh");
    const menuOf = (page: string) => page.slice(page.indexOf('class="home-menu"'), page.indexOf("</nav>", page.indexOf('class="home-menu"')));
    expect(menuOf(html)).toContain('href="/index/premise"');
    expect(menuOf(html)).toContain('href="/exhibitTL/carriage"');
    // In English the menu leaves it out (the checklist beside it names it as a Chinese-only page, without a link).
    const english = await page("std01", "Expo#2026", "/index/schedule", "en");
    expect(menuOf(english)).toContain('href="/index/schedule"');
    expect(menuOf(english)).not.toContain("/exhibitTL/carriage");
    expect(english).not.toContain('href="/exhibitTL/carriage"');
  });
});
