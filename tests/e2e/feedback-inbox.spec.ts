import crypto from "node:crypto";
import inboxEn from "../../app/contracts/settings/texts-inbox.en";
import { PNG } from "../support/sample-files";
import { FAILED_RESOURCE, expect, successToast, test } from "./fixtures";

/**
 * The organizer's feedback inbox (issue 51), JS on and off: an exhibitor sends feedback with a
 * screenshot; the organizer reaches the inbox from the home page, filters by type, opens the image and
 * marks it handled; an exhibitor cannot open the inbox or the image. Each run's texts carry a marker
 * of their own, so both projects may run at once.
 */
const ADMIN = { username: "admin", password: "Admin#2026" };

test("an exhibitor's feedback with an image reaches the organizer's inbox, filtered by type, and is marked handled", async ({ app, page, consoleErrors }) => {
  // /401 answers 403.
  consoleErrors.allow(FAILED_RESOURCE(403));
  const marker = `inbox-${test.info().project.name}-${crypto.randomBytes(4).toString("hex")}`;
  const withImage = `${marker}: the hall map shows the wrong entrance`;
  const otherType = `${marker}: more parking please`;

  // The exhibitor sends two: a content error with a screenshot, and a suggestion.
  await app.signIn("std01");
  for (const [type, content, image] of [
    ["Content error", withImage, true],
    ["Suggestion", otherType, false],
  ] as const) {
    await app.goto("/feedback");
    const form = page.locator("main form");
    await form.getByLabel("Type").selectOption({ label: type });
    await form.locator("textarea[name=content]").fill(content);
    if (image) {
      await page.getByTestId("upload-input").setInputFiles({ name: "entrance.png", mimeType: "image/png", buffer: PNG });
      if (app.jsEnabled) await expect(form.locator("input[type=hidden][name=imgUrl]")).toHaveValue(/^\/files\//);
    }
    await app.submit(() => form.getByRole("button", { name: "Submit" }).click());
    await expect(successToast(page)).toHaveText("feedback success");
  }
  // The exhibitor has no inbox.
  await app.goto("/index/feedbackInbox");
  await expect(page).toHaveURL(/\/401$/);

  // The organizer: the home page links the inbox always, and counts what waits among its queues.
  await page.context().clearCookies();
  await app.signIn(ADMIN.username, ADMIN.password);
  await app.goto("/index");
  await expect(page.getByTestId("feedback-inbox-link")).toHaveAttribute("href", "/index/feedbackInbox");
  await page
    .getByTestId("overview-queues")
    .getByRole("link", { name: /^Feedback: \d+$/ })
    .click();
  await expect(page).toHaveURL(/\/index\/feedbackInbox$/);
  await app.waitForHydration();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(inboxEn.title);
  await expect(page).toHaveTitle(new RegExp(`^${inboxEn.title}`));

  // Filtered by type: the content error is there, the suggestion is not.
  await page.getByTestId("feedback-type-3").click();
  await expect(page).toHaveURL(/\?type=3$/);
  await expect(page.getByTestId("feedback-type-3")).toHaveAttribute("aria-current", "page");
  const row = page.getByTestId("feedback-row").filter({ hasText: withImage });
  await expect(row).toContainText("std01");
  await expect(row).toContainText("Content error");
  await expect(page.getByTestId("feedback-row").filter({ hasText: otherType })).toHaveCount(0);

  // The image opens in a tab of its own.
  const [popup] = await Promise.all([page.waitForEvent("popup"), row.getByTestId("feedback-image").click()]);
  await popup.waitForLoadState();
  expect(new URL(popup.url()).pathname).toMatch(/^\/index\/feedbackInbox\/\d+\/image$/);
  expect(await popup.evaluate(() => document.contentType)).toBe("image/png");
  const imagePath = new URL(popup.url()).pathname;
  await popup.close();

  // Marked handled: it leaves the waiting list and shows among the handled ones, by whom.
  await app.submit(() => row.getByRole("button", { name: inboxEn.markHandled }).click());
  await expect(successToast(page)).toHaveText(inboxEn.markedHandled);
  await expect(page).toHaveURL(/\?type=3$/);
  await expect(page.getByTestId("feedback-row").filter({ hasText: withImage })).toHaveCount(0);
  await page.getByTestId("feedback-state-handled").click();
  await expect(page).toHaveURL(/\?type=3&state=handled$/);
  const handled = page.getByTestId("feedback-row").filter({ hasText: withImage });
  await expect(handled.getByTestId("feedback-handled")).toContainText("by admin");
  await expect(handled.getByRole("button", { name: inboxEn.markOpen })).toBeVisible();

  // The exhibitor cannot open the image either.
  await page.context().clearCookies();
  await app.signIn("std01");
  await app.goto(imagePath);
  await expect(page).toHaveURL(/\/401$/);
});
