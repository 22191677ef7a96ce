import { FAILED_RESOURCE, successToast, PASSWORD, accountFor, expect, test, type App } from "./fixtures";

async function fillPasswords(app: App, values: { old: string; new: string; confirm: string }) {
  await app.page.locator("input[name=password]").fill(values.old);
  await app.page.locator("input[name=newPassword]").fill(values.new);
  await app.page.locator("input[name=newPassword1]").fill(values.confirm);
}

test.beforeEach(({ consoleErrors }) => {
  // Server-side refusals answer 400.
  consoleErrors.allow(FAILED_RESOURCE(400));
});

test("each rule shows its message at its field", async ({ app, page }, testInfo) => {
  await app.loginFromScratch(accountFor("spare", testInfo));
  await app.goto("/changePassword");
  const save = page.getByRole("button", { name: "Save" });

  await save.click();
  await expect(page.getByText("please enter password", { exact: true })).toBeVisible();
  await expect(page.getByText("please enter new password", { exact: true })).toBeVisible();
  await expect(page.getByText("please enter new password again", { exact: true })).toBeVisible();
  await expect(page.locator("input[name=password]")).toHaveAttribute("aria-invalid", "true");

  await fillPasswords(app, { old: PASSWORD, new: PASSWORD, confirm: PASSWORD });
  await save.click();
  await expect(page.getByText("old password cannot be the same as the new", { exact: true })).toBeVisible();
  await expect(page.getByText("please enter password", { exact: true })).toHaveCount(0);
  await expect(page.locator("input[name=newPassword]")).toHaveAttribute("aria-invalid", "true");

  await fillPasswords(app, { old: PASSWORD, new: "Fresh#2026x", confirm: "Fresh#2026y" });
  await save.click();
  await expect(page.getByText("the two new passwords do not match", { exact: true })).toBeVisible();
  await expect(page.getByText("old password cannot be the same as the new", { exact: true })).toHaveCount(0);
  await expect(page.locator("input[name=newPassword1]")).toHaveAttribute("aria-invalid", "true");
  await expect(successToast(page)).toHaveCount(0);
});

test("wrong old password is refused; a change works and the new password signs in", async ({ app, page }, testInfo) => {
  const username = accountFor("password", testInfo);
  const newPassword = "Renewed#2026";
  await app.loginFromScratch(username);
  await app.goto("/changePassword");
  const save = page.getByRole("button", { name: "Save" });

  await fillPasswords(app, { old: "Not-the-old#1", new: newPassword, confirm: newPassword });
  await app.submit(() => save.click());
  await expect(page.getByText("The old password is incorrect", { exact: true })).toBeVisible();
  await expect(page.locator("input[name=password]")).toHaveAttribute("aria-invalid", "true");
  await expect(successToast(page)).toHaveCount(0);

  await fillPasswords(app, { old: PASSWORD, new: newPassword, confirm: newPassword });
  await app.submit(() => save.click());
  await expect(successToast(page)).toHaveText("modified successfully");
  await expect(page.getByText("The old password is incorrect")).toHaveCount(0);
  // The form is emptied after success.
  await expect(page.locator("input[name=newPassword]")).toHaveValue("");

  // This browser stays signed in until it logs out.
  await app.logout();
  await app.submit(() => app.login(username, PASSWORD));
  await expect(page.getByTestId("form-error")).toHaveText("Incorrect username or password");
  await app.login(username, newPassword);
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByTestId("business-name")).toHaveText("E2E e2e-password");
});
