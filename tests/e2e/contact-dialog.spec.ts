import { expect, test } from "./fixtures";
import { NO_JS_SUBJECT } from "./js-on-only";

/**
 * docs/product.md § Footer and floating buttons: 'Contact us' is a page without JavaScript and a 400 px dialog with it.
 * The dialog is the browser's modal <dialog> (docs/decisions/051): it opens over the page, Escape and its close button
 * close it, and focus goes back to the button that opened it.
 */
test("'Contact us': a dialog over the page with JavaScript, the contact page without", { tag: NO_JS_SUBJECT }, async ({ app, page }) => {
  await page.context().addCookies([{ name: "lng", value: "en", url: test.info().project.use.baseURL! }]);
  await app.signIn("std01");
  await app.goto("/index");
  const open = page.locator(".shell-floating").getByRole("link", { name: "Contact us" });
  await open.click();
  if (!app.jsEnabled) {
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { name: "Contact us" })).toBeVisible();
    return;
  }
  const dialog = page.getByRole("dialog", { name: "Contact us" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/index$/);
  // Modal: the page behind it cannot be reached, and what the contact page shows is inside.
  await expect(dialog).toHaveJSProperty("open", true);
  expect(await dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
  await expect(dialog.getByTestId("contact-code").or(dialog.getByText("The contact code cannot be shown right now"))).toBeVisible();
  await expect(dialog.getByText("Loading…")).toHaveCount(0);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  // A click on the backdrop (outside the 400 px panel) closes it too; the page stays the one it opened from.
  await open.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(4, 4);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/index$/);
});
