import AxeBuilder from "@axe-core/playwright";
import type { Locator, TestInfo } from "@playwright/test";
import { FAILED_RESOURCE, accountFor, expect, test, type App, type FormAccount } from "./fixtures";
import { setLanguage } from "./exhibitor-helpers";
import { testCalendar as cal } from "../support/test-clock";
import { JS_ON_ONLY } from "./js-on-only";

/**
 * The offline booking forms (air compressor, location map, special power commitment), in Chinese:
 * docs/product.md § Menus and page access hides the booking menus in English. Each test and project has its own exhibitor
 * with one booth (FORM_ACCOUNTS, booths 9F01...), so they run in parallel.
 * With JS the rules run in the page first; without, the server answers with the same messages.
 */

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3a1b5e30000000049454e44ae426082",
  "hex",
);

async function signInZh(app: App, kind: FormAccount, testInfo: TestInfo) {
  await setLanguage(app.page, "zh", testInfo);
  await app.signIn(accountFor(kind, testInfo));
}

/** Serious or critical axe findings on the page as it is (JS on only: axe runs in the page). */
async function expectAccessible(app: App) {
  if (!app.jsEnabled) return;
  const results = await new AxeBuilder({ page: app.page }).analyze();
  expect(
    results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

async function attach(app: App, form: Locator, name: string) {
  await form.getByTestId("upload-input").setInputFiles({ name, mimeType: "image/png", buffer: PNG });
  if (app.jsEnabled) await expect(form.getByTestId("upload-item").getByRole("link", { name })).toBeVisible();
}

test("air compressor: apply, refused input kept, list and cancel", async ({ app, page, consoleErrors }, testInfo) => {
  consoleErrors.allow(FAILED_RESOURCE(400));
  await signInZh(app, "forms-air", testInfo);
  await app.goto("/bookingService/offlineBookingService/airCompressorService");
  await expect(page.getByRole("heading", { name: "空压机服务预订" })).toBeVisible();
  await expectAccessible(app);
  const form = page.locator("form#air-compressor");
  await form.locator("select[name=flow]").selectOption("1.5");
  await form.locator("select[name=pressure]").selectOption("0.8");
  await form.locator("input[name=quantity]").fill("2");
  await form.locator("input[name=startDate]").fill(cal.rawMoveIn.to);
  await form.locator("input[name=endDate]").fill(cal.rawMoveIn.from);
  await form.locator("input[name=contactName]").fill(`联系人-${testInfo.project.name}`);
  await form.locator("input[name=contactPhone]").fill("13812345678");
  await form.locator("textarea[name=remarks]").fill("靠近北门");
  const submit = form.getByRole("button", { name: "提交申请" });
  await app.submit(() => submit.click());
  await expect(page.getByText("结束使用日期不能早于开始使用日期")).toBeVisible();
  // Nothing typed is lost by the refusal.
  await expect(form.locator("input[name=contactName]")).toHaveValue(`联系人-${testInfo.project.name}`);
  await expect(form.locator("select[name=flow]")).toHaveValue("1.5");

  await form.locator("input[name=endDate]").fill(cal.opensOn);
  await app.submit(() => submit.click());
  await expect(page.getByTestId("notice")).toHaveText("申请已提交，主场服务商将与您联系。");
  const row = page.getByTestId("applications").locator("tbody tr").first();
  await expect(row).toContainText("1.5 立方米/分钟 / 0.8 兆帕");
  await expect(row).toContainText(`${cal.rawMoveIn.to} – ${cal.opensOn}`);
  await expect(row).toContainText("已提交");
  await expectAccessible(app);
  await app.submit(() => row.getByRole("button", { name: "取消申请" }).click());
  await expect(page.getByTestId("notice")).toHaveText("申请已取消");
  await expect(page.getByTestId("applications").locator("tbody tr").first()).toContainText("已取消");
});

test("location map: template, upload, the judge flag, delete with confirmation", async ({ app, page }, testInfo) => {
  await signInZh(app, "forms-map", testInfo);
  await app.goto("/bookingService/electricboxImg");
  await expect(page.getByRole("heading", { name: "设施位置图上传" })).toBeVisible();
  const judge = page.getByTestId("judge");
  await expect(judge).toHaveAttribute("data-uploaded", "false");
  await expectAccessible(app);

  const template = await page.request.get((await page.getByTestId("template").getAttribute("href"))!);
  expect(template.status()).toBe(200);
  expect(template.headers()["content-type"]).toBe("application/pdf");
  expect((await template.body()).subarray(0, 5).toString()).toBe("%PDF-");

  const form = page.locator("form#electricbox");
  await attach(app, form, "plan.png");
  await app.submit(() => form.getByRole("button", { name: "上传位置图" }).click());
  await expect(page.getByTestId("notice")).toHaveText("位置图已保存");
  await expect(judge).toHaveAttribute("data-uploaded", "true");
  await expect(judge).toContainText("已上传位置图");
  const booth = (await page.getByTestId("maps").locator("tbody tr td").first().textContent())!;
  expect(booth).toMatch(/^9F0\d$/);
  await expect(page.getByTestId(`map-${booth}`).getByRole("link", { name: "plan.png" })).toBeVisible();
  await expectAccessible(app);

  await page.getByTestId(`map-${booth}`).getByRole("link", { name: "删除" }).click();
  const confirm = page.getByTestId("confirm-delete");
  await expect(confirm).toContainText(`确定删除展位 ${booth} 的位置图吗？`);
  await app.submit(() => confirm.getByRole("button", { name: "确认删除" }).click());
  await expect(page.getByTestId("notice")).toHaveText("位置图已删除");
  await expect(judge).toHaveAttribute("data-uploaded", "false");
  await expect(page.getByTestId(`map-${booth}`)).toContainText("未上传");
});

test("special power commitment: create, detail, update, delete", async ({ app, page, consoleErrors }, testInfo) => {
  consoleErrors.allow(FAILED_RESOURCE(400));
  await signInZh(app, "forms-leakage", testInfo);
  await app.goto("/bookingService/LeakageElectric");
  const equipment = `激光切割机-${testInfo.project.name}`;
  let form = page.getByTestId("leakage-form");
  await form.locator("input[name=equipmentName]").fill(equipment);
  await form.locator("input[name=powerKw]").fill("12.5");
  await form.locator("textarea[name=reason]").fill("启动电流大");
  await form.locator("input[name=signerName]").fill("张三");
  await attach(app, form, "signed.png");
  // The rules not ticked: refused with the spec's message; the browser's own check is taken away.
  await form.locator("input[name=readRules]").evaluate((box: HTMLInputElement) => box.removeAttribute("required"));
  await app.submit(() => form.getByRole("button", { name: "提交承诺书" }).click());
  await expect(form.getByText("请勾选已阅读规则")).toBeVisible();
  await expect(form.locator("input[name=equipmentName]")).toHaveValue(equipment);
  await expect(form.getByTestId("upload-item").getByRole("link", { name: "signed.png" })).toBeVisible();

  await form.locator("input[name=readRules]").check();
  await app.submit(() => form.getByRole("button", { name: "提交承诺书" }).click());
  await expect(page.getByTestId("notice")).toHaveText("承诺书已提交");
  const detail = page.getByTestId("leakage-detail");
  await expect(detail).toContainText(equipment);
  await expectAccessible(app);
  await expect(detail).toContainText("12.5");

  await detail.getByRole("link", { name: "修改" }).click();
  if (app.jsEnabled) await expect(page).toHaveURL(/edit=/);
  form = page.getByTestId("leakage-form");
  await expect(form.locator("input[name=equipmentName]")).toHaveValue(equipment);
  await form.locator("input[name=powerKw]").fill("20");
  await form.locator("input[name=readRules]").check();
  await app.submit(() => form.getByRole("button", { name: "保存修改" }).click());
  await expect(page.getByTestId("notice")).toHaveText("承诺书已修改");
  await expect(page.getByTestId("leakage-detail")).toContainText("20");

  await page.getByTestId("leakage-detail").getByRole("link", { name: "删除" }).click();
  const confirm = page.getByTestId("confirm-delete");
  await expect(confirm).toContainText(`确定删除设备“${equipment}”的承诺书吗？`);
  await expectAccessible(app);
  await app.submit(() => confirm.getByRole("button", { name: "确认删除" }).click());
  await expect(page.getByTestId("notice")).toHaveText("承诺书已删除");
  await expect(page.getByText(equipment)).toHaveCount(0);
});

test(
  "in English the booking pages are not offered (docs/product.md § Sign-in and sessions): /401",
  { tag: JS_ON_ONLY },
  async ({ app, page, consoleErrors }, testInfo) => {
    consoleErrors.allow(FAILED_RESOURCE(403));
    await setLanguage(page, "en", testInfo);
    await app.signIn(accountFor("forms-air", testInfo));
    for (const path of [
      "/bookingService/offlineBookingService/airCompressorService",
      "/bookingService/electricboxImg",
      "/bookingService/LeakageElectric",
      "/bookingService/electricboxImg/template",
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/401$/);
    }
  },
);
