import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// docs/product.md § Masked personal data: users other than roleId 1 see phone numbers masked (first 4 and last digit kept).
const STD01_PHONE = "13812345678";

/** Every text body this page receives (documents, route data, scripts): the full number must be in none. */
function recordBodies(page: Page) {
  const bodies: { url: string; body: Promise<string> }[] = [];
  page.on("response", (response) => {
    const type = response.headers()["content-type"] ?? "";
    if (/text|json|javascript/.test(type)) bodies.push({ url: response.url(), body: response.text().catch(() => "") });
  });
  return async () => Promise.all(bodies.map(async ({ url, body }) => ({ url, body: await body })));
}

test("std01 sees its phone masked and the full number never reaches the browser", async ({ app, page }) => {
  const bodies = recordBodies(page);
  await app.signIn("std01");
  await app.goto("/index");
  await expect(page.getByTestId("contact")).toContainText("1381******8");
  // A client-side visit to another page and back (route data with JS on, documents without).
  await page.locator("nav.shell-tabs").getByRole("link", { name: "Home" }).click();
  await app.goto("/changePassword");
  await page.locator("header").getByRole("link", { name: "Exhibitor Portal" }).click();
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByTestId("contact")).toContainText("1381******8");

  expect(await page.content()).not.toContain(STD01_PHONE);
  const received = await bodies();
  expect(received.length).toBeGreaterThan(1);
  for (const { url, body } of received) expect(body, url).not.toContain(STD01_PHONE);
});

test("admin (roleId 1) sees the number in full", async ({ app, page }) => {
  await app.signIn("admin", "Admin#2026");
  await app.goto("/index");
  await expect(page.getByTestId("contact")).toContainText("13900000001");
  await expect(page.getByTestId("contact")).not.toContainText("*");
});
