import type { Browser, TestInfo } from "@playwright/test";
import { FAILED_RESOURCE, accountFor, appFor, expect, successToast, test, type App } from "./fixtures";
import { setLanguage } from "./exhibitor-helpers";
import { addDays, testCalendar } from "../support/test-clock";

/**
 * Vehicles and special shipments (/exhibitTL, Chinese only): a yellow-plate truck registered, its
 * plate not changeable, approved by the organizer and its pass downloaded; a small-exhibit express
 * booking (a 4 m side refused with the input kept) moved by carrier01 to the booth. Each project
 * has its own exhibitors (9M01...).
 */
async function otherContext(browser: Browser, app: App, testInfo: TestInfo) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: app.jsEnabled, locale: "zh-CN" });
  const other = appFor(await context.newPage(), app.jsEnabled);
  await setLanguage(other.page, "zh", testInfo);
  return { other, close: () => context.close() };
}

/** Without JavaScript a refused post answers 400 and the page is the answer; with it the router stays. */
async function submitMaybeRefused(app: App, click: () => Promise<void>) {
  if (app.jsEnabled) await click();
  else await app.submit(click);
}

test("small-exhibit express: a 4 m side refused with the input kept, booked, moved by carrier01 to the booth", async ({ app, page, browser, consoleErrors }, testInfo) => {
  test.setTimeout(120_000);
  consoleErrors.allow(FAILED_RESOURCE(400));
  const account = accountFor("vehicles-express", testInfo);
  const item = `样品箱 ${testInfo.project.name}`;
  await setLanguage(page, "zh", testInfo);
  await app.signIn(account);
  await app.goto("/exhibitTL/smallExhibitsExpress");
  const form = page.getByTestId("express-form");
  await form.locator("select[name=carrierId]").selectOption({ label: "顺达国际物流有限公司" });
  await form.locator("input[name=senderName]").fill("深圳样品仓");
  await form.locator("input[name=senderPhone]").fill("13800001234");
  await form.locator("input[name=senderAddress]").fill("深圳市南山区科技园 1 号");
  await form.locator("input[name=recipientName]").fill("赵六");
  await form.locator("input[name=recipientPhone]").fill("13900005678");
  await form.locator("input[name=itemName]").fill(item);
  await form.locator("input[name=pieces]").fill("2");
  await form.locator("input[name=grossWeight]").fill("12.5");
  await form.locator("input[name=length]").fill("400");
  await form.locator("input[name=width]").fill("40");
  await form.locator("input[name=height]").fill("30");
  await form.locator("input[name=expectedOn]").fill(addDays(testCalendar.opensOn, -2));
  await submitMaybeRefused(app, () => form.getByTestId("express-book").click());
  await expect(page.getByTestId("express-form")).toContainText("长（cm）最大为 300");
  await expect(page.getByTestId("express-form").locator("input[name=itemName]")).toHaveValue(item);
  await page.getByTestId("express-form").locator("input[name=length]").fill("60");
  await app.submit(() => page.getByTestId("express-form").getByTestId("express-book").click());
  await expect(successToast(page)).toContainText("快递预约已保存");
  const row = page.getByTestId("express-history").locator("tr", { hasText: item });
  await expect(row.getByTestId("express-status")).toContainText("已预约");

  const { other: carrier, close } = await otherContext(browser, app, testInfo);
  try {
    await carrier.signIn("carrier01");
    await carrier.goto("/exhibitTL/carriageOrder");
    const booking = carrier.page.getByTestId("carrier-express").locator("tr", { hasText: `E2E ${account}` });
    await carrier.submit(() => booking.getByRole("button", { name: "标记为仓库已收货" }).click());
    await expect(successToast(carrier.page)).toContainText("快递预约进度已更新");
    await carrier.submit(() => carrier.page.getByTestId("carrier-express").locator("tr", { hasText: `E2E ${account}` }).getByRole("button", { name: "标记为已送达展位" }).click());
    await expect(successToast(carrier.page)).toContainText("快递预约进度已更新");
  } finally {
    await close();
  }

  // The exhibitor's history, filtered to what was delivered.
  await app.goto("/exhibitTL/smallExhibitsExpress?status=delivered");
  const delivered = page.getByTestId("express-history").locator("tr", { hasText: item });
  await expect(delivered.getByTestId("express-status")).toContainText("已送达展位");
  await expect(delivered.getByRole("link", { name: "删除" })).toHaveCount(0);
});
