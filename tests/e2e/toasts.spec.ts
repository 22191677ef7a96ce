import { FAILED_RESOURCE, expect, successToast, test } from "./fixtures";

/**
 * docs/product.md § Messages and errors: server messages after a form post are toasts over everything (z-index 9999). The
 * server renders them, so they show without JavaScript; with JavaScript a success fades.
 */
test("a form post's success is a toast: server-rendered, over everything, fading with JS, gone on the next page", async ({ app, page }) => {
  await app.signIn("std01");
  await app.goto("/feedback");
  const form = page.locator("main form");
  await form.getByLabel("Type").selectOption({ label: "Suggestion" });
  await form.locator("textarea[name=content]").fill("A toast after this, please.");
  await app.submit(() => form.getByRole("button", { name: "Submit" }).click());
  const toast = successToast(page);
  await expect(toast).toHaveText("feedback success");
  await expect(toast).toHaveAttribute("role", "status");
  await expect(toast).toHaveCSS("position", "fixed");
  await expect(toast).toHaveCSS("z-index", "9999");
  if (app.jsEnabled) {
    await expect(toast).toHaveAttribute("data-fade", "true");
    await expect(toast).toBeHidden({ timeout: 10_000 });
  } else {
    // Nothing runs to fade it: it stays on the page the server returned.
    await expect(toast).toBeVisible();
    await expect(toast).not.toHaveAttribute("data-fade", /./);
  }
  // Shown once: the next page has none (the cookie that carried it with JS is cleared).
  await app.goto("/feedback");
  await expect(successToast(page)).toHaveCount(0);
});

test("the toast speaks the user's language", async ({ app, page }) => {
  await app.signIn("std01");
  await page.context().addCookies([{ name: "lng", value: "zh", url: test.info().project.use.baseURL! }]);
  await app.goto("/feedback");
  const form = page.locator("main form");
  await form.locator("select[name=type]").selectOption({ index: 1 });
  await form.locator("textarea[name=content]").fill("请在日程页显示展位号。");
  await app.submit(() => form.locator("button[type=submit]").click());
  await expect(successToast(page)).toHaveText("反馈成功");
});

test("an API error that belongs to no field is an error toast; it can be closed when JS runs", async ({ app, page, consoleErrors }) => {
  consoleErrors.allow(FAILED_RESOURCE(400));
  await app.goto("/login");
  await app.login("toast-nobody", "not-the-password");
  const toast = page.getByTestId("form-error");
  await expect(toast).toHaveText("Incorrect username or password");
  await expect(toast).toHaveClass(/portal-toast/);
  await expect(toast).toHaveAttribute("role", "alert");
  await expect(toast).toHaveCSS("z-index", "9999");
  const close = toast.getByRole("button", { name: "Close" });
  // The sign-in page ships no script (docs/decisions/021): there the toast is the plain one even with JavaScript on.
  const scripted = app.jsEnabled && (await page.evaluate(() => "__remixContext" in window));
  if (scripted) {
    await close.click();
    await expect(toast).toHaveCount(0);
    // The next refused post shows its error again, though the last one was closed.
    await app.login("toast-nobody", "still-not-the-password");
    await expect(toast).toBeVisible();
  } else {
    await expect(close).toHaveCount(0);
    await expect(toast).toBeVisible();
  }
});
