import crypto from "node:crypto";
import type { TestInfo } from "@playwright/test";
import { PNG } from "../support/sample-files";
import { setLanguage } from "./exhibitor-helpers";
import { FAILED_RESOURCE, expect, successToast, test } from "./fixtures";
import { JS_ON_ONLY } from "./js-on-only";

/**
 * The organizer's invitation templates (issue 38), in Chinese (the /invitation area is hidden in
 * English). Templates made here stay out of the exhibitors' offer (not ticked as offered), so the
 * exhibitor tests that pick a template never meet them.
 */
const TEMPLATES = "/exhibitorInfo/invitation/templates";

const unique = (testInfo: TestInfo, label: string) => `${label}-${testInfo.project.name.slice(0, 6)}-${crypto.randomBytes(2).toString("hex")}`;

test.beforeEach(({ consoleErrors }) => {
  consoleErrors.allow(FAILED_RESOURCE(400));
});

test("the organizer adds a template with a background, a refused one keeps what was typed, then changes it", async ({ app, page }, testInfo) => {
  await setLanguage(page, "zh", testInfo);
  await app.signIn("admin", "Admin#2026");
  await app.goto(TEMPLATES);
  await expect(page.getByRole("heading", { level: 1, name: "邀请函模板" })).toBeVisible();
  await expect(page.getByTestId("template-list")).toContainText("经典中文");

  const form = page.getByTestId("template-form");
  const name = unique(testInfo, "冬季");
  // No English name: refused, the Chinese name and the choices stay.
  await form.locator("input[name=nameZh]").fill(name);
  await form.locator("select[name=exhibitSlots]").selectOption("5");
  await form.locator("input[name=active]").uncheck();
  await form.locator("input[name=nameEn]").evaluate((input: HTMLInputElement) => input.removeAttribute("required"));
  await app.submit(() => form.getByRole("button", { name: "保存模板" }).click());
  await expect(form).toContainText("模板名称（英文）不能为空");
  await expect(form.locator("input[name=nameZh]")).toHaveValue(name);
  await expect(form.locator("select[name=exhibitSlots]")).toHaveValue("5");

  await form.locator("input[name=nameEn]").fill(`${name}-en`);
  await form.getByTestId("upload-input").setInputFiles({ name: "winter.png", mimeType: "image/png", buffer: PNG });
  // With JavaScript the picture uploads at once: wait until it is stored (its link appears).
  if (app.jsEnabled) await expect(form.getByTestId("upload-item").getByRole("link", { name: "winter.png" })).toBeVisible();
  await app.submit(() => form.getByRole("button", { name: "保存模板" }).click());
  await expect(successToast(page)).toContainText("模板已保存");
  const row = page.getByTestId("template-list").getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("5个展品");
  await expect(row).toContainText("未开放");
  await expect(row.locator("img")).toHaveCount(1);

  await row.getByRole("link", { name: "编辑" }).click();
  // The edit form, not the add form still on screen while the page changes (JS on).
  await expect(page).toHaveURL(/[?&]edit=\d+/);
  const edit = page.getByTestId("template-form");
  await expect(edit.locator("input[name=intent]")).toHaveValue("update");
  await expect(edit.locator("input[name=nameZh]")).toHaveValue(name);
  await edit.locator("select[name=language]").selectOption("bilingual");
  await app.submit(() => edit.getByRole("button", { name: "保存模板" }).click());
  await expect(successToast(page)).toContainText("模板已保存");
  await expect(page.getByTestId("template-list").getByRole("row").filter({ hasText: name })).toContainText("中英双语");
});

test("an exhibitor cannot open the organizer's templates", { tag: JS_ON_ONLY }, async ({ app, page, consoleErrors }, testInfo) => {
  consoleErrors.allow(FAILED_RESOURCE(403));
  await setLanguage(page, "zh", testInfo);
  await app.signIn("std01");
  await page.goto(TEMPLATES);
  await expect(page).toHaveURL(/\/401$/);
});
