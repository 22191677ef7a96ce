import { expect, successToast, test } from "./fixtures";

/**
 * Issue 41: the organizer edits a home content page in both languages, previews the typed text and
 * saves it; the public page then shows it (JS on and off; each project edits a page of its own).
 */
test("the organizer previews and saves a content page, which the public page then shows", async ({ app, page }, testInfo) => {
  const slug = testInfo.project.name === "js-on" ? "service" : "premise";
  const heading = `E2E heading ${testInfo.project.name}`;
  await app.signIn("admin", "Admin#2026");
  await app.goto(`/index/content?page=${slug}`);
  const form = page.getByTestId("content-form");
  await form.locator("textarea[name=bodyZh]").fill(`## ${heading}\n- 第一项\n- 第二项`);
  await app.submit(() => page.getByTestId("content-preview").click());
  await expect(page.getByTestId("preview-bodyZh").getByRole("heading", { name: heading })).toBeVisible();
  await expect(page.getByTestId("preview-bodyZh").getByRole("listitem")).toHaveCount(2);
  await app.submit(() => page.getByTestId("content-save").click());
  await expect(successToast(page)).toContainText("Saved");
  await app.goto(`/index/${slug}`);
  await expect(page.getByRole("heading", { name: heading })).toBeVisible();
});
