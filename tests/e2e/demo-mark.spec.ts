import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The e2e server runs the demo (tests/e2e/start-server.mjs seeds it): the demo mark shows beside the
 * portal's name on /login and in the header, in both languages, in the flow at 360 px (docs/decisions/054).
 */
async function setLanguage(page: Page, language: "zh" | "en") {
  await page.context().addCookies([{ name: "lng", value: language, url: test.info().project.use.baseURL! }]);
}

/** The mark is inside the viewport and overlaps neither the heading nor any field below it. */
async function expectInFlow(page: Page, below: string) {
  const mark = await page.getByTestId("demo-mark").boundingBox();
  const content = await page.locator(below).first().boundingBox();
  expect(mark && content).toBeTruthy();
  expect(mark!.x + mark!.width).toBeLessThanOrEqual(360);
  expect(mark!.y + mark!.height).toBeLessThanOrEqual(content!.y);
}

test("the demo mark on /login and in the header, zh and en, at 360 px", async ({ app, page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const [language, label] of [
    ["zh", "演示"],
    ["en", "Demo"],
  ] as const) {
    await setLanguage(page, language);
    await app.goto("/login");
    const mark = page.getByTestId("demo-mark");
    await expect(mark).toBeVisible();
    await expect(mark).toContainText(label);
    await expectInFlow(page, "h1");

    await app.signIn("std01");
    await app.goto("/index");
    await expect(page.locator("header.shell-header").getByTestId("demo-mark")).toContainText(label);
    await expectInFlow(page, "main, .shell-body");
    // Signed out for the next language's sign-in page (the log-out button's name is the language's own).
    await page.context().clearCookies();
  }
});
