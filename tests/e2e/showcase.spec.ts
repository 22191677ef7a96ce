import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG as PngReader } from "pngjs";
import { PNG } from "../support/sample-files";
import { type App, expect, FAILED_RESOURCE, test } from "./fixtures";

/**
 * Issue 40's showcase in the browser, JS on and off: the exhibitor chooses 3 exhibits and their
 * order and saves; a 4th is refused with the message and the ticked boxes kept; the QR code, read
 * off the downloaded PNG, opens the public page, which a signed-out 360 px phone shows without
 * sideways scrolling. Each project uses its own account (js-on std01, js-off raw01), so the two never
 * overwrite each other's selection.
 */
const PAGE = "/exhibitorInfo/miniProgram";
const EXHIBITS = "/exhibitorInfo/invitation/custom/exhibits";

/** An exhibit with a picture, posted as the exhibits page's form does. */
async function addExhibit(page: Page, name: string) {
  const made = await page.request.post(EXHIBITS, {
    multipart: { intent: "save", nameZh: name, nameEn: name, imageUrls__file: { name: "exhibit.png", mimeType: "image/png", buffer: PNG } },
    maxRedirects: 0,
  });
  expect(made.status(), await made.text()).toBe(302);
}

/** Ticks the exhibit of this name and sets its position. */
async function choose(page: Page, name: string, position: string) {
  const row = page.getByTestId("showcase-candidate").filter({ hasText: name });
  await row.locator("input[type=checkbox]").check();
  await row.locator("select").selectOption(position);
}

test("an exhibitor chooses 3 exhibits, a 4th is refused, and the QR code opens the public page at 360 px", async ({
  app,
  page,
  browser,
  consoleErrors,
}, testInfo) => {
  consoleErrors.allow(FAILED_RESOURCE(400));
  const account = testInfo.project.name === "js-on" ? "std01" : "raw01";
  const tag = crypto.randomBytes(3).toString("hex");
  const names = ["A", "B", "C", "D"].map((letter) => `Showcase ${letter} ${tag}`);
  await app.signIn(account);
  for (const name of names) await addExhibit(page, name);

  await app.goto(PAGE);
  // std01 starts with the demo's selection: untick it, so only this test's exhibits are chosen.
  for (const box of await page.locator("input[name=exhibitIds]").all()) await box.uncheck();
  await choose(page, names[2]!, "1");
  await choose(page, names[0]!, "2");
  await choose(page, names[1]!, "3");
  await app.submit(() => page.getByTestId("showcase-save").click());
  await expect(page.getByTestId("showcase-error")).toHaveCount(0);
  await expect(page.getByTestId("preview-exhibit")).toHaveText([names[2]!, names[0]!, names[1]!]);

  // A 4th: refused with the message, the boxes as they were ticked.
  await choose(page, names[3]!, "");
  await app.submit(() => page.getByTestId("showcase-save").click());
  await expect(page.getByTestId("showcase-error")).toHaveText("Please choose 1 to 3 exhibits");
  await expect(page.getByTestId("showcase-candidate").filter({ hasText: names[3]! }).locator("input[type=checkbox]")).toBeChecked();
  await expect(page.getByTestId("preview-exhibit")).toHaveText([names[2]!, names[0]!, names[1]!]);

  // The QR code, as downloaded, carries the public link the page shows.
  const link = (await page.getByTestId("public-link").getAttribute("href"))!;
  expect(link).toMatch(/\/ex\/[A-Za-z0-9_-]{12}$/);
  const download = await page.request.get(`${PAGE}/qr?download=1`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("image/png");
  const png = PngReader.sync.read(Buffer.from(await download.body()));
  expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(link);

  await openOnPhone(app, browser, new URL(link).pathname, [names[2]!, names[0]!, names[1]!]);
});

/** A signed-out phone opens the page: company, booth, the exhibits in order with pictures, the button to pre-register; nothing wider than the screen. */
async function openOnPhone(app: App, browser: import("@playwright/test").Browser, path: string, order: string[]) {
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled: app.jsEnabled, locale: "en-US" });
  const page = await phone.newPage();
  const response = await page.goto(new URL(path, app.page.url()).toString());
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId("showcase-company")).not.toBeEmpty();
  await expect(
    page
      .getByTestId("showcase-exhibit")
      .locator("p")
      .filter({ hasText: /^Showcase / }),
  ).toHaveText(order);
  for (const img of await page.getByTestId("showcase-exhibit").locator("img").all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: 0 }).toBeGreaterThan(0);
  }
  await expect(page.getByTestId("showcase-register")).toHaveAttribute("href", /^\/visit\/[A-Z2-9]{10}$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await page.locator("script[src]").count()).toBe(0);
  // An unknown code: the translated notice, 404.
  const missing = await page.goto(new URL("/ex/doesNotExist0", app.page.url()).toString());
  expect(missing?.status()).toBe(404);
  await expect(page.getByTestId("showcase-not-found")).toContainText("This showcase page does not exist or is not available");
  await phone.close();
}
