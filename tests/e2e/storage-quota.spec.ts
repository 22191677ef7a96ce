import { expect, FAILED_RESOURCE, successToast, test } from "./fixtures";

/**
 * Issue 50: the organizer sets an account's storage quota on Invite exhibitors, JS on and off, and
 * sees each account's usage in the list; an unknown account is said in the form, the typed values kept.
 */
const INVITE = "/exhibitorInfo/exhibitorInvite";

test("the organizer sets an account's storage quota and sees the usage", async ({ app, page, consoleErrors }) => {
  // The refused post answers 400 with the form.
  consoleErrors.allow(FAILED_RESOURCE(400));
  await app.signIn("admin", "Admin#2026");
  await app.goto(INVITE);
  await app.waitForHydration();
  await expect(page.getByTestId("invite-list").getByTestId("storage-usage").first()).toHaveText(/^\d+\.\d MB of \d+ MB/);

  const form = page.getByTestId("quota-form");
  await form.getByTestId("quota-username").fill("nobody-here");
  await form.getByTestId("quota-mb").fill("2048");
  await app.submit(() => form.getByTestId("quota-save").click());
  await expect(page.getByTestId("quota-form")).toContainText("There is no exhibitor account nobody-here in this exhibition");
  await expect(page.getByTestId("quota-username")).toHaveValue("nobody-here");
  await expect(page.getByTestId("quota-mb")).toHaveValue("2048");

  await page.getByTestId("quota-username").fill("carrier02");
  await app.submit(() => page.getByTestId("quota-save").click());
  await expect(successToast(page)).toHaveText(/carrier02: quota 2048 MB, \d+\.\d MB in use/);
});
