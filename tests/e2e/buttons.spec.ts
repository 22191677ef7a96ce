import fs from "node:fs";
import { expect, test } from "./fixtures";
import { JS_ON_ONLY } from "./js-on-only";

// docs/product.md § Button permissions: button permissions of the schedule page (menu id 2). The demo data grants std01
// "Export schedule" (open now), "E-mail me the schedule" (opens later) and "Request an extension"
// (closed, with a message); roleId 1 (admin) sees every button.

const CLOSED_MESSAGE = "Applications are closed; please contact the organizer for help";

test("std01: export shown and working, the not-yet-open button absent, the closed one replaced by its message", { tag: JS_ON_ONLY }, async ({ app, page }) => {
  await app.signIn("std01");
  await app.goto("/index/schedule");
  const toolbar = page.getByTestId("schedule-actions");
  await expect(toolbar).toBeVisible();

  const exportLink = toolbar.getByRole("link", { name: "Export schedule" });
  await expect(exportLink).toBeVisible();
  const downloading = page.waitForEvent("download");
  await exportLink.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("schedule.csv");
  const csv = fs.readFileSync((await download.path())!, "utf8");
  expect(csv.split(/\r?\n/).filter(Boolean).length, "a header and the schedule's rows").toBeGreaterThan(1);
  expect(csv).toContain("Apply for exhibitor badges");

  await expect(page.getByRole("button", { name: "E-mail me the schedule" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Request an extension" })).toHaveCount(0);
  await expect(page.getByTestId("schedule-extension")).toHaveCount(0);
  await expect(toolbar.getByText(CLOSED_MESSAGE, { exact: true })).toBeVisible();

  // The server checks too: posting the hidden button's form goes to /401.
  const refused = await page.request.post("/index/schedule", { form: { intent: "confirm" }, maxRedirects: 0 });
  expect(refused.status()).toBe(302);
  expect(refused.headers().location).toBe("/401");
});

test("admin (roleId 1) sees all three", { tag: JS_ON_ONLY }, async ({ app, page }) => {
  await app.signIn("admin", "Admin#2026");
  await app.goto("/index/schedule");
  const toolbar = page.getByTestId("schedule-actions");
  await expect(toolbar.getByRole("link", { name: "Export schedule" })).toBeVisible();
  await expect(toolbar.getByRole("button", { name: "E-mail me the schedule" })).toBeVisible();
  await expect(toolbar.getByRole("heading", { name: "Request an extension" })).toBeVisible();
  await expect(page.getByTestId("schedule-extension")).toBeVisible();
  await expect(toolbar.getByText(CLOSED_MESSAGE)).toHaveCount(0);
});
