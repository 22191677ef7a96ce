import { expect, test } from "./fixtures";
import { JS_ON_ONLY } from "./js-on-only";

// Both behaviours are scripts in the page: only the JS-on project has them.

test("a new build on the server is announced once: 'system updated, press F5 or click to refresh now'", { tag: JS_ON_ONLY }, async ({ app, page }) => {
  await app.loginFromScratch("std01");
  await page.route("**/version.json", (route) => route.fulfill({ json: { name: "exhibitor-portal", versionHash: "a-newer-build" } }));
  const messages: string[] = [];
  const announced = new Promise<string>((resolve) =>
    page.on("dialog", (dialog) => {
      messages.push(dialog.message());
      resolve(dialog.message());
      void dialog.dismiss();
    }),
  );
  await (await app.openUserMenu()).getByRole("link", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/changePassword$/);
  // The dialog itself is the event waited for (the test's timeout is the only limit).
  expect(await announced).toBe("system updated, press F5 or click to refresh now");
  // Once only: the next navigation does not ask again.
  await page.locator("header nav").getByRole("link", { name: "Home" }).first().click();
  await expect(page.locator("html[data-version-checked='/index']")).toBeAttached();
  expect(messages).toHaveLength(1);
});

test("the same build says nothing", { tag: JS_ON_ONLY }, async ({ app, page }) => {
  await app.loginFromScratch("std01");
  let dialogs = 0;
  page.on("dialog", (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });
  await (await app.openUserMenu()).getByRole("link", { name: "Change password" }).click();
  await expect(page.locator("html[data-version-checked='/changePassword']")).toBeAttached();
  expect(dialogs).toBe(0);
});

test("when another tab signs in as someone else, this tab reloads to the index on focus", { tag: JS_ON_ONLY }, async ({ app, page, context }) => {
  await app.loginFromScratch("std01");
  await app.goto("/changePassword");
  const std01 = await page.evaluate(() => localStorage.getItem("portal-user"));
  expect(std01).not.toBeNull();

  // Another tab of the same browser: log out, sign in as raw01.
  const other = await context.newPage();
  await other.goto("/index");
  await other.waitForFunction(() => Object.keys(document.documentElement).some((k) => k.startsWith("__reactFiber$")));
  const otherMenu = other.locator("header details.shell-usermenu");
  await otherMenu.getByTestId("user-label").click();
  await expect(otherMenu).toHaveAttribute("open", "");
  await otherMenu.getByRole("button", { name: "Log out", exact: true }).click();
  await expect(other).toHaveURL(/\/login$/);
  await other.locator("input[name=username]").fill("raw01");
  await other.locator("input[name=password]").fill("Expo#2026");
  await other.locator("form#login button[type=submit]").first().click();
  await expect(other.getByTestId("business-name")).toHaveText("广州远航机器人有限公司");
  // The server's HTML shows the name before the page's script runs; the other tab writes who is signed in once it has.
  await other.waitForFunction((before) => ![null, before].includes(localStorage.getItem("portal-user")), std01);

  const message = new Promise<string>((resolve) =>
    page.once("dialog", (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    }),
  );
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  expect(await message).toBe("Account information has been changed, please refresh your browser to update");
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByTestId("business-name")).toHaveText("广州远航机器人有限公司");
});
