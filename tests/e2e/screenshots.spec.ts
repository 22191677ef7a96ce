import { expect, test } from "./fixtures";

// Kept as artifacts (test-results/…, and attached to the report): std01's home and password pages
// on a phone-sized and a desktop-sized window.
test("std01 at 360 px and 1400 px: /index and /changePassword", async ({ app, page }) => {
  await app.signIn("std01");
  for (const width of [360, 1400]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [path, name, ready] of [
      ["/index", "index", page.getByTestId("business-name")],
      ["/changePassword", "changePassword", page.getByRole("heading", { name: "Change password" })],
    ] as const) {
      await app.goto(path);
      await expect(ready).toBeVisible();
      // Nothing sticks out sideways, not even on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width} px`).toBeLessThanOrEqual(width);
      const file = test.info().outputPath(`${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await test.info().attach(`${name}-${width}`, { path: file, contentType: "image/png" });
    }
  }
});
