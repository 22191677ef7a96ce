import type { Browser, TestInfo } from "@playwright/test";
import ExcelJS from "exceljs";
import { FAILED_RESOURCE, accountFor, appFor, expect, successToast, test, type App } from "./fixtures";
import { setLanguage } from "./exhibitor-helpers";
import { addDays, testCalendar } from "../support/test-clock";

/**
 * Exhibit transport (/exhibitTL, Chinese only): an exhibitor declares exhibits to carrier01 (one by
 * hand, two from the carrier's Excel template), submits; carrier01 returns it with a reason, the
 * exhibitor corrects and resubmits, carrier01 accepts and moves the order to delivered, which the
 * exhibitor follows. Hoisting: a 40 m piece is refused with the input kept, a booking is added and
 * sent, and the list locks. Each project has its own exhibitors (9L01...).
 */
async function carrierContext(browser: Browser, app: App, testInfo: TestInfo) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: app.jsEnabled, locale: "zh-CN" });
  const carrier = appFor(await context.newPage(), app.jsEnabled);
  await setLanguage(carrier.page, "zh", testInfo);
  return { carrier, close: () => context.close() };
}

/** The carrier's template as an exhibitor fills it in: the header row in Chinese, then the exhibits. */
async function exhibitsWorkbook(rows: (string | number)[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("展品");
  sheet.addRow(["展品名称（中文）", "展品名称（英文）", "数量", "件数", "毛重（kg）", "长（cm）", "宽（cm）", "高（cm）"]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

test("declaration with an Excel import, returned by the carrier, corrected, accepted and delivered", async ({
  app,
  page,
  browser,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(150_000);
  consoleErrors.allow(FAILED_RESOURCE(400));
  await setLanguage(page, "zh", testInfo);
  await app.signIn(accountFor("transport-flow", testInfo));
  await app.goto("/exhibitTL/carriage");
  await expect(page.locator("[data-testid^=carrier-prices-]").first()).toContainText("顺达国际物流有限公司");

  // The header: carrier01's company, delivery and return, arriving during build-up.
  const header = page.getByTestId("declaration-form");
  await header.getByLabel("承运商").selectOption({ label: "顺达国际物流有限公司" });
  await header.getByRole("checkbox", { name: "送货到展位" }).check();
  await header.getByRole("checkbox", { name: "回运" }).check();
  await header.locator("input[name=arrivalFrom]").fill(testCalendar.rawMoveIn.from);
  await header.locator("input[name=arrivalTo]").fill(testCalendar.rawMoveIn.to);
  await header.locator("input[name=contactName]").fill("王五");
  await header.locator("input[name=contactPhone]").fill("13700001111");
  await app.submit(() => header.getByRole("button", { name: "保存草稿" }).click());
  await expect(successToast(page)).toContainText("草稿已保存");
  await expect(page).toHaveURL(/\/exhibitTL\/carriage\/\d+$/);
  const declarationPath = new URL(page.url()).pathname;
  const id = declarationPath.split("/").pop()!;

  // One exhibit by hand: a negative weight is refused and the typed name stays.
  const exhibit = page.getByTestId("exhibit-form");
  await exhibit.locator("input[name=nameZh]").fill("激光切割机");
  await exhibit.locator("input[name=quantity]").fill("1");
  await exhibit.locator("input[name=packages]").fill("1");
  await exhibit.locator("input[name=grossWeight]").fill("-5");
  await exhibit.locator("input[name=length]").fill("200");
  await exhibit.locator("input[name=width]").fill("120");
  await exhibit.locator("input[name=height]").fill("150");
  await app.submit(() => exhibit.getByRole("button", { name: "添加展品" }).click());
  await expect(exhibit).toContainText("请输入正确的毛重（kg）");
  await expect(exhibit.locator("input[name=nameZh]")).toHaveValue("激光切割机");
  await exhibit.locator("input[name=grossWeight]").fill("1250.5");
  await app.submit(() => exhibit.getByRole("button", { name: "添加展品" }).click());
  await expect(successToast(page)).toContainText("展品已添加");
  await expect(page.getByTestId("exhibits-table")).toContainText("激光切割机");

  // The Excel import: a text in a number column lists the row and adds nothing; the corrected file adds both rows.
  const importForm = page.getByTestId("import-form");
  await importForm.getByTestId("upload-input").setInputFiles({
    name: "exhibits.xlsx",
    mimeType: XLSX,
    buffer: await exhibitsWorkbook([
      ["展示柜", "Showcase", 2, 2, 80, 100, 60, 180],
      ["宣传资料", "Brochures", "十箱", 10, 150, 50, 40, 40],
    ]),
  });
  if (app.jsEnabled) await expect(importForm.getByTestId("upload-item").getByRole("link", { name: "exhibits.xlsx" })).toBeVisible();
  await app.submit(() => importForm.getByRole("button", { name: "导入展品" }).click());
  await expect(page.getByTestId("import-errors")).toContainText("第 3 行");
  await expect(page.getByTestId("exhibits-table").locator("tbody tr")).toHaveCount(1);
  await page
    .getByTestId("import-form")
    .getByTestId("upload-input")
    .setInputFiles({
      name: "exhibits.xlsx",
      mimeType: XLSX,
      buffer: await exhibitsWorkbook([
        ["展示柜", "Showcase", 2, 2, 80, 100, 60, 180],
        ["宣传资料", "Brochures", 10, 10, 150, 50, 40, 40],
      ]),
    });
  if (app.jsEnabled) await expect(page.getByTestId("import-form").getByTestId("upload-item").getByRole("link", { name: "exhibits.xlsx" })).toBeVisible();
  await app.submit(() => page.getByTestId("import-form").getByRole("button", { name: "导入展品" }).click());
  await expect(successToast(page)).toContainText("展品已导入");
  await expect(page.getByTestId("exhibits-table").locator("tbody tr")).toHaveCount(3);
  await expect(page.getByTestId("quote-delivery")).toBeVisible();
  await expect(page.getByTestId("quote-total")).toContainText("¥");

  await app.submit(() => page.getByTestId("submit-declaration").click());
  await expect(successToast(page)).toContainText("申报已提交承运商");
  await expect(page.getByTestId("declaration-status")).toContainText("待承运商审核");

  const { carrier, close } = await carrierContext(browser, app, testInfo);
  try {
    // carrier01 finds it in its review list (no floating buttons on that page) and returns it.
    await carrier.signIn("carrier01");
    await carrier.goto("/exhibitTL/review?status=submitted");
    await expect(carrier.page.locator(".shell-floating")).toHaveCount(0);
    await carrier.page.getByTestId(`review-${id}`).getByRole("link").first().click();
    await expect(carrier.page).toHaveURL(new RegExp(`/exhibitTL/review/${id}$`));
    const back = carrier.page.getByTestId("decide-return");
    await back.locator("textarea[name=reason]").fill("激光切割机需注明是否带木箱包装");
    await carrier.submit(() => back.getByRole("button", { name: "退回展商" }).click());
    await expect(successToast(carrier.page)).toContainText("申报已退回展商");

    // The exhibitor reads the reason, removes the brochures and submits again.
    await app.goto(declarationPath);
    await expect(page.getByTestId("return-reason")).toContainText("木箱包装");
    await page.getByTestId("exhibits-table").locator("tbody tr", { hasText: "宣传资料" }).getByRole("link", { name: "删除" }).click();
    await app.submit(() => page.getByTestId("confirm-action").getByRole("button", { name: "删除" }).click());
    await expect(successToast(page)).toContainText("展品已删除");
    await expect(page.getByTestId("exhibits-table").locator("tbody tr")).toHaveCount(2);
    await app.submit(() => page.getByTestId("submit-declaration").click());
    await expect(successToast(page)).toContainText("申报已提交承运商");

    // carrier01 accepts with an adjusted amount and moves the order to delivered.
    await carrier.goto(`/exhibitTL/review/${id}`);
    const accept = carrier.page.getByTestId("decide-accept");
    await accept.locator("input[name=amount]").fill("3,200.00");
    await accept.locator("textarea[name=note]").fill("含木箱加固");
    await carrier.submit(() => accept.getByRole("button", { name: "接受" }).click());
    await expect(successToast(carrier.page)).toContainText("申报已接受");
    await carrier.goto("/exhibitTL/carriageOrder");
    const order = carrier.page.getByTestId("order-list").locator("[data-testid^=order-TR]", { hasText: `E2E ${accountFor("transport-flow", testInfo)}` });
    await carrier.submit(() => order.getByRole("button", { name: "进入“已收货”" }).click());
    await expect(successToast(carrier.page)).toContainText("订单环节已更新");
    await carrier.submit(() => order.getByRole("button", { name: "进入“已送达展位”" }).click());
    await expect(successToast(carrier.page)).toContainText("订单环节已更新");
  } finally {
    await close();
  }

  // The exhibitor follows the same steps on the declaration.
  await app.goto(declarationPath);
  await expect(page.getByTestId("declaration-status")).toContainText("已接受");
  await expect(page.getByTestId("accepted-amount")).toContainText("¥3,200.00");
  await expect(page.getByTestId("order-steps").locator("[aria-current=step]")).toContainText("已送达展位");
  await expect(page.getByTestId("declaration-form")).toHaveCount(0);
});

test("hoisting: a 40 m piece is refused with the input kept; sending the list locks it", async ({ app, page, consoleErrors }, testInfo) => {
  test.setTimeout(90_000);
  consoleErrors.allow(FAILED_RESOURCE(400));
  consoleErrors.allow(FAILED_RESOURCE(403));
  await setLanguage(page, "zh", testInfo);
  await app.signIn(accountFor("transport-lifting", testInfo));
  await app.goto("/exhibitTL/exhibitsCostReservation");
  const form = page.getByTestId("lifting-form");
  await form.locator("input[name=weight]").fill("2.5");
  await form.locator("input[name=length]").fill("40");
  await form.locator("input[name=width]").fill("1.2");
  await form.locator("input[name=height]").fill("1.5");
  await form.locator("input[name=pieces]").fill("2");
  await form.locator("input[name=workDay]").fill(addDays(testCalendar.opensOn, -2));
  await app.submit(() => form.getByRole("button", { name: "添加预约" }).click());
  await expect(form).toContainText("长（米）最大为 20");
  await expect(form.locator("input[name=weight]")).toHaveValue("2.5");
  await form.locator("input[name=length]").fill("4");
  await app.submit(() => form.getByRole("button", { name: "添加预约" }).click());
  await expect(successToast(page)).toContainText("预约已添加");
  await expect(page.getByTestId("lifting-list").locator("tbody tr")).toHaveCount(1);
  await expect(page.getByTestId("lifting-total")).toContainText("¥800.00");

  await page.getByTestId("lifting-send").click();
  await app.submit(() => page.getByTestId("confirm-action").getByRole("button", { name: "发送" }).click());
  await expect(successToast(page)).toContainText("清单已通过邮件发送给承运商");
  await expect(page.getByTestId("lifting-locked")).toBeVisible();
  await expect(page.getByTestId("lifting-form")).toHaveCount(0);
  await expect(page.getByTestId("lifting-list").getByRole("link", { name: "删除" })).toHaveCount(0);
  await expect(page.getByTestId("lifting-sent")).toContainText("顺达国际物流有限公司");

  // The carrier pages are not the exhibitor's.
  await app.goto("/exhibitTL/review");
  await expect(page).toHaveURL(/\/401$/);
});
