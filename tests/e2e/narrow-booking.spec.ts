import type { Locator, Page } from "@playwright/test";
import { PNG } from "../support/sample-files";
import { testCalendar as cal } from "../support/test-clock";
import { setLanguage } from "./exhibitor-helpers";
import { FAILED_RESOURCE, accountFor, expect, test, type App } from "./fixtures";

/**
 * Booking on a 360 px phone with a filled cart and a placed order (page-crawl.spec.ts sees the
 * demo's empty carts): the booking page, its cart, My orders and the order fit the screen without
 * sideways scrolling, every control of the page lies inside it, the cart's count and total are at
 * the top with a link down to the cart, and an order's status badge shows its words. With JS and
 * without; each project has its own exhibitor and booth. The booking area is Chinese only
 * (docs/product.md § Languages): in English the same addresses are checked as they answer there.
 * Last, the organizer's review list on a phone; and the offline booking forms, each with a record.
 */

const WIDTH = 360;
const BOOKING = "/bookingService/onlineBookingService";
const MY_ORDERS = "/bookingService/myOrder";

/** No sideways scrolling, and no link, button or field of the page reaching past the screen's edges. */
async function expectFits(page: Page, what: string) {
  const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
  expect(width, `${what}: page width`).toBeLessThanOrEqual(WIDTH);
  const outside = await page
    .locator("#main")
    .locator("a, button, input, select, textarea")
    .evaluateAll((controls, width) => {
      const shown = controls.filter((c) => (c as HTMLElement).offsetParent !== null && c.getAttribute("type") !== "hidden");
      return shown
        .map((c) => ({ c, box: c.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.left < 0 || box.right > width))
        .map(({ c, box }) => `${c.tagName.toLowerCase()} "${(c.textContent || c.getAttribute("name") || "").trim()}" at ${box.left}–${box.right}`);
    }, WIDTH);
  expect(outside, `${what}: controls outside the screen`).toEqual([]);
}

/** Every order status badge on the page is wide enough for its words: a squeezed one shows an empty pill. */
async function expectStatusesReadable(page: Page, expected: string) {
  const badges = page.getByTestId("order-status");
  await expect(badges.first()).toHaveText(expected);
  for (const badge of await badges.all()) {
    // The badge and its label both clip (overflow: hidden): whichever is narrower than its words cuts them.
    const clipped = await badge.evaluate((el) => [el, ...el.querySelectorAll("*")].some((part) => part.scrollWidth > part.clientWidth));
    expect(clipped, `status badge "${await badge.textContent()}" clipped`).toBe(false);
  }
}

async function attach(app: App, form: Locator, name: string) {
  await form.getByTestId("upload-input").setInputFiles({ name, mimeType: "image/png", buffer: PNG });
  if (app.jsEnabled) await expect(form.getByTestId("upload-item").getByRole("link", { name })).toBeVisible();
}

async function addService(app: App, code: string, quantity: number) {
  const card = app.page.getByTestId(`service-${code}`);
  await card.locator("input[name=quantity]").fill(String(quantity));
  await app.submit(() => card.getByRole("button", { name: "加入购物车" }).click());
  await expect(app.page.getByTestId("notice")).toHaveText("已加入购物车。");
}

test("booking at 360 px with a filled cart and an order: every page fits, the cart is linked from the top, statuses readable", async ({
  app,
  page,
  consoleErrors,
}, testInfo) => {
  // In English the booking area answers "no permission" (403).
  consoleErrors.allow(FAILED_RESOURCE(403));
  await page.setViewportSize({ width: WIDTH, height: 740 });
  await setLanguage(page, "zh", testInfo);
  await app.signIn(accountFor("orders-narrow", testInfo));
  await app.goto(BOOKING);
  await expect(page.getByTestId("cart-summary")).toHaveText("购物车是空的。");

  // Two services, one with a long name, as a person adds them on the phone.
  await addService(app, "furn-info-desk", 2);
  await addService(app, "furn-folding-chair", 3);
  const summary = page.getByTestId("cart-summary");
  await expect(summary).toContainText("购物车：2 项服务，合计 ¥490.00");
  await expectFits(page, "booking page with a filled cart");

  // The summary sits above the catalogue; its link (a plain anchor) brings the cart into view.
  const firstService = page.locator("[data-testid^=service-]").first();
  expect((await summary.boundingBox())!.y).toBeLessThan((await firstService.boundingBox())!.y);
  await summary.getByRole("link", { name: "去购物车下单" }).click();
  await expect(page).toHaveURL(/#cart$/);
  await expect(page.getByRole("heading", { name: "购物车", exact: true })).toBeInViewport();

  // A cart line is acted on where it is: its quantity changed without zooming.
  const deskLine = page.getByTestId("cart").getByRole("row", { name: /咨询台/ });
  await deskLine.locator("input[name=quantity]").fill("1");
  await app.submit(() => deskLine.getByRole("button", { name: "修改数量" }).click());
  await expect(page.getByTestId("notice")).toHaveText("数量已修改。");
  await expect(page.getByTestId("cart-total")).toHaveText("¥290.00");
  await expect(summary).toContainText("购物车：2 项服务，合计 ¥290.00");
  await expectFits(page, "booking page after changing a quantity");

  // The order.
  const form = page.getByTestId("commit-form");
  await form.getByLabel("搭建商公司名称").fill("深圳搭建有限公司");
  await form.getByLabel("搭建商联系人").fill("王工");
  await app.submit(() => form.getByRole("button", { name: "提交订单" }).click());
  await expect(page).toHaveURL(/\/bookingService\/myOrder\/SO\d{8}-[A-Z0-9]{6}\?notice=committed$/);
  const orderPath = new URL(page.url()).pathname;
  await expect(page.getByTestId("order-total")).toHaveText("¥290.00");
  await expectFits(page, "the order");
  await expectStatusesReadable(page, "订单已提交");

  // My orders, reached from the order as a person would.
  await page.getByRole("link", { name: "返回我的订单" }).click();
  await expect(page).toHaveURL(new RegExp(`${MY_ORDERS}$`));
  await expect(page.getByTestId("order-list")).toContainText(orderPath.split("/").pop()!);
  await expectFits(page, "my orders");
  await expectStatusesReadable(page, "订单已提交");

  // In English the booking area's addresses answer as they do there (Chinese-only area): they fit too.
  await setLanguage(page, "en", testInfo);
  for (const path of [BOOKING, MY_ORDERS, orderPath]) {
    await app.goto(path);
    await expectFits(page, `${path} in English`);
  }

  // The organizer's review of the orders, on a phone too.
  await setLanguage(page, "zh", testInfo);
  await app.signIn("admin", "Admin#2026");
  await app.goto("/bookingService/orderReview?status=submitted");
  await expect(page.getByTestId("review-orders").locator("tbody tr").first()).toBeVisible();
  await expectFits(page, "order review");
  await expectStatusesReadable(page, "订单已提交");
});

test("the offline booking forms at 360 px with a record in each list: every page fits", async ({ app, page }, testInfo) => {
  await page.setViewportSize({ width: WIDTH, height: 740 });
  await setLanguage(page, "zh", testInfo);
  await app.signIn(accountFor("forms-narrow", testInfo));
  // Model numbers and file names are long words without a break: the lists and details must still fit.
  const equipment = `激光切割机 LaserCutterXJ2000-${testInfo.project.name}`;
  const scan = "signed-special-power-commitment-scan.png";

  await app.goto("/bookingService/offlineBookingService/airCompressorService");
  const air = page.locator("form#air-compressor");
  await air.locator("select[name=flow]").selectOption("1.5");
  await air.locator("select[name=pressure]").selectOption("0.8");
  await air.locator("input[name=quantity]").fill("2");
  await air.locator("input[name=startDate]").fill(cal.rawMoveIn.to);
  await air.locator("input[name=endDate]").fill(cal.opensOn);
  await air.locator("input[name=contactName]").fill("王工");
  await air.locator("input[name=contactPhone]").fill("13812345678");
  await app.submit(() => air.getByRole("button", { name: "提交申请" }).click());
  await expect(page.getByTestId("applications").locator("tbody tr").first()).toContainText("已提交");
  await expectFits(page, "air compressor applications");

  await app.goto("/bookingService/LeakageElectric");
  const leakage = page.getByTestId("leakage-form");
  await leakage.locator("input[name=equipmentName]").fill(equipment);
  await leakage.locator("input[name=powerKw]").fill("12.5");
  await leakage.locator("textarea[name=reason]").fill("启动电流大");
  await leakage.locator("input[name=signerName]").fill("张三");
  await attach(app, leakage, scan);
  await leakage.locator("input[name=readRules]").check();
  await app.submit(() => leakage.getByRole("button", { name: "提交承诺书" }).click());
  await expect(page.getByTestId("leakage-detail").getByRole("link", { name: scan })).toBeVisible();
  await expectFits(page, "special power commitment and its list");

  await app.goto("/bookingService/electricboxImg");
  const map = page.locator("form#electricbox");
  await attach(app, map, `facility-location-map-${scan}`);
  await app.submit(() => map.getByRole("button", { name: "上传位置图" }).click());
  await expect(page.getByTestId("maps").getByRole("link", { name: `facility-location-map-${scan}` })).toBeVisible();
  await expectFits(page, "location maps");

  await app.goto("/bookingService/ECReservation");
  const entrust = page.getByTestId("entrust-form");
  await entrust.getByLabel("搭建商公司名称").fill("华建展览工程有限公司");
  await entrust.getByLabel("联系人").fill("李工");
  await entrust.getByLabel("搭建商邮箱").fill(`ec-narrow-${testInfo.project.name}@builder.example.com`);
  await app.submit(() => entrust.getByRole("button", { name: "委托并发送验证码" }).click());
  await expect(page.getByTestId("contractor-accesses").getByTestId("access-status")).toHaveText("有效");
  await expectFits(page, "entrusted contractors");
});
