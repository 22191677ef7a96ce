import { FAILED_RESOURCE, expect, test } from "./fixtures";

/** docs/product.md § Public pages: public routes that render a page of their own, signed out, with their English headings. */
const PUBLIC_PAGES: { path: string; heading: string | RegExp }[] = [
  { path: "/login", heading: "Sign in to the Exhibitor Portal" },
  { path: "/wxBrowser", heading: "Please open the portal in your browser" },
  { path: "/index/schedule", heading: "Important schedule" },
  { path: "/index/promote", heading: /\S/ },
  { path: "/index/premise", heading: /\S/ },
  { path: "/index/service", heading: /\S/ },
  { path: "/index/hotel", heading: /\S/ },
  { path: "/index/poster", heading: /\S/ },
  { path: "/index/bannerDownload", heading: /\S/ },
  { path: "/index/posterCn", heading: /\S/ },
  { path: "/index/posterEn", heading: /\S/ },
];

const NOT_FOUND = "The page can't be found";
const NO_PERMISSION = "You don't have permission to access this page or use this feature";

test("each public page answers 200 signed out and renders", async ({ app, page }) => {
  for (const { path, heading } of PUBLIC_PAGES) {
    await test.step(path, async () => {
      const response = await page.goto(path);
      await app.waitForHydration();
      expect(response?.status(), `status of ${path}`).toBe(200);
      // Served where asked, not sent to /login or /404.
      expect(new URL(page.url()).pathname).toBe(path);
      await expect(page.locator("h1").first()).toHaveText(heading);
      await expect(page.getByText(NOT_FOUND)).toHaveCount(0);
    });
  }
});

test("the error pages /401 and /404 render signed out", async ({ app, page, consoleErrors }) => {
  // Their own statuses (403 and 404) are logged by Chromium.
  consoleErrors.allow(FAILED_RESOURCE(403));
  consoleErrors.allow(FAILED_RESOURCE(404));

  let response = await page.goto("/401");
  await app.waitForHydration();
  // The no-permission page answers 403 (the status of what it reports), and renders.
  expect(response?.status()).toBe(403);
  await expect(page).toHaveURL(/\/401$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NO_PERMISSION);
  await expect(page.getByText("Insufficient permissions", { exact: true })).toBeVisible();

  response = await page.goto("/404");
  await app.waitForHydration();
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND);
  // Both offer the way home.
  await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/index");
});

test("'/' signed out goes to login with the return path", async ({ app, page }) => {
  await app.goto("/");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Findex$/);
  await expect(page.getByRole("heading", { name: "Sign in to the Exhibitor Portal" })).toBeVisible();
});

test("an unknown path goes to /404, which answers 404", async ({ app, page, consoleErrors }) => {
  consoleErrors.allow(FAILED_RESOURCE(404));
  const response = await page.goto("/no/such/page");
  await app.waitForHydration();
  await expect(page).toHaveURL(/\/404$/);
  // The redirect is followed: the reply that rendered the page is /404's own.
  expect(response?.url()).toMatch(/\/404$/);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND);
});

test.describe("inside the messaging app", () => {
  test.use({ userAgent: "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 MicroMessenger/8.0.49" });

  test("its in-app browser is sent to /wxBrowser", async ({ app, page }) => {
    for (const path of ["/login", "/index/schedule", "/"]) {
      await app.goto(path);
      await expect(page, `from ${path}`).toHaveURL(/\/wxBrowser$/);
    }
    await expect(page.getByRole("heading", { name: "Please open the portal in your browser" })).toBeVisible();
  });

  test("the invoice QR page is the one page it may open (docs/product.md § Public pages)", async ({ app, page, consoleErrors }) => {
    consoleErrors.allow(FAILED_RESOURCE(400));
    await app.goto("/invoiceArea/saveQrCode?token=EPI1.1.9999999999.AAAAAAAAAAAAAAAAAAAAAA");
    await expect(page).toHaveURL(/\/invoiceArea\/saveQrCode\?token=/);
    await expect(page.getByTestId("qr-error")).toBeVisible();
  });
});
