import { PASSWORD, accountFor, expect, test } from "./fixtures";
import { fillContacts, openStep, outboxFor, outboxMark, press, uniqueEmail, uniqueMobile, verifyContact1 } from "./exhibitor-helpers";

/**
 * Forgot password (issue 39, docs/decisions/033), JS on and off: the exhibitor's verified e-mail
 * receives the reset link; the link's page sets the new password, signs in and goes home; the new
 * password signs in, the old one no longer does. The pages ship no script, so both projects post plain forms.
 */
test("forgot password by user name: the e-mail's link sets a new password that signs in", async ({ app, page, consoleErrors }, testInfo) => {
  consoleErrors.allow(/status of 400\b/);
  // The set-password page has no script either, but sends no Referer (a token page) by which the watcher could tell.
  consoleErrors.allow(/^unenhanced form post: POST \S+\/setPassword\/[A-Za-z0-9_-]{43}$/);
  const username = accountFor("reset", testInfo);
  const contact = { mobile: uniqueMobile(testInfo, "reset"), email: uniqueEmail(testInfo, "reset") };

  // The account's e-mail: contact 1, verified in the exhibitor profile.
  await app.signIn(username);
  await openStep(app, "contacts");
  await fillContacts(app, contact);
  await verifyContact1(app, contact);
  await press(app, "contacts", "next");
  await expect(page).toHaveURL(/\?step=presentation$/);
  await page.context().clearCookies();

  await app.goto("/login");
  await page.getByTestId("forgot-password").click();
  await expect(page).toHaveURL(/\/forgotPassword$/);
  const mark = outboxMark(contact.email);
  await page.locator("input[name=identifier]").fill(username);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByTestId("reset-sent")).toHaveText(
    "If an account matches, we have sent a reset link by e-mail (valid for 60 minutes) or a code by SMS (valid for 10 minutes).",
  );

  let link = "";
  await expect
    .poll(() => {
      const mail = outboxFor(contact.email)
        .filter((m) => !mark.has(m.file))
        .at(-1);
      link = mail?.text.match(/\/setPassword\/[A-Za-z0-9_-]{43}/)?.[0] ?? "";
      return link;
    })
    .not.toBe("");

  await app.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  const fresh = `Reset#${testInfo.project.name}`;
  await page.locator("input[name=newPassword]").fill(fresh);
  await page.locator("input[name=newPassword1]").fill(`${fresh}x`);
  await page.getByRole("button", { name: "Save password and sign in" }).click();
  await expect(page.getByText("the two new passwords do not match", { exact: true })).toBeVisible();
  await page.locator("input[name=newPassword]").fill(fresh);
  await page.locator("input[name=newPassword1]").fill(fresh);
  await page.getByRole("button", { name: "Save password and sign in" }).click();
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByTestId("business-name")).toBeVisible();

  // The link is spent; the new password signs in, the old one does not.
  await app.goto(link);
  await expect(page.getByTestId("link-error")).toHaveText("This link has already been used.");
  await page.context().clearCookies();
  await app.loginFromScratch(username, fresh);
  await page.context().clearCookies();
  await app.goto("/login");
  await app.login(username, PASSWORD);
  await expect(page.getByTestId("form-error")).toHaveText("Incorrect username or password");
});
