import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalClient } from "../support/portal-client";
import { loadRemixBuild, startTestApi, type TestApi } from "../support/test-api";

/** The home page and the home area's left menu as each role sees them (server-rendered HTML). */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi("pglite", {}, { remixBuild: await loadRemixBuild() });
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
  it("a carrier's home shows its transport work (empty for now), not an exhibitor's booths and deadlines", async () => {
    for (const [language, title, empty] of [
      ["en", "Your transport work", "will be listed here once exhibit transport opens"],
      ["zh", "我的运输业务", "将在门户开放展品运输功能后显示在这里"],
    ] as const) {
      const html = await page("carrier01", "Expo#2026", "/index", language);
      expect(html).toContain('data-testid="carrier-home"');
      expect(html).toContain(title);
      expect(html).toContain(empty);
      expect(html).not.toMatch(/Your booths|我的展位|No booth assigned|尚未分配展位|Upcoming deadlines|即将截止/);
    }
  });

  it("an exhibitor's home still shows its booths and the upcoming deadlines", async () => {
    const html = await page("std01", "Expo#2026", "/index");
    expect(html).toContain("Your booths");
    expect(html).toContain("Booth 1A01");
    expect(html).toContain("Upcoming deadlines");
    expect(html).not.toContain('data-testid="carrier-home"');
  });

  it("the home area's Chinese left menu links only pages that exist", async () => {
    const html = await page("std01", "Expo#2026", "/index/schedule", "zh");
    const menu = html.slice(html.indexOf('class="home-menu"'), html.indexOf("</nav>", html.indexOf('class="home-menu"')));
    expect(menu).toContain('href="/index/premise"');
    expect(menu).not.toContain("/exhibitTL/carriage");
  });
});
