import { PNG } from "../support/sample-files";
import { testCalendar as cal } from "../support/test-clock";
import { setLanguage } from "./exhibitor-helpers";
import { FAILED_RESOURCE, accountFor, expect, test, type App } from "./fixtures";

/**
 * Online booking (docs/product.md § Service orders / Header and menus), in Chinese (the booking menus are hidden in English):
 * the cart and the commit, with JS and without. Each project has its own exhibitor and booth.
 */

const BOOKING = "/bookingService/onlineBookingService";

async function addService(app: App, code: string, quantity: number) {
  const card = app.page.getByTestId(`service-${code}`);
  await card.locator("input[name=quantity]").fill(String(quantity));
  await app.submit(() => card.getByRole("button", { name: "加入购物车" }).click());
  await expect(app.page.getByTestId("notice")).toHaveText("已加入购物车。");
}

test("cart: add, change the quantity, remove after confirming, commit once even when submitted twice", async ({ app, page }, testInfo) => {
  await setLanguage(page, "zh", testInfo);
  await app.signIn(accountFor("orders-cart", testInfo));
  await app.goto(BOOKING);
  await expect(page.getByTestId("booth")).toHaveText(/^展位：9E0\d$/);
  await expect(page.getByTestId("cart-empty")).toBeVisible();

  // The price in force, its kind and deadline, and all three prices.
  const chair = page.getByTestId("service-furn-folding-chair");
  await expect(chair.getByTestId("price")).toHaveText("¥30.00");
  await expect(chair.getByTestId("price-kind")).toHaveText(`预订价截至 ${cal.advanceUntil}`);
  await expect(chair).toContainText("预订价 ¥30.00 · 标准价 ¥36.00 · 现场价 ¥45.00");
  await expect(page.getByRole("heading", { name: "家具租赁" })).toBeVisible();

  await addService(app, "furn-folding-chair", 2);
  await addService(app, "furn-info-desk", 1);
  await expect(page.getByTestId("cart-total")).toHaveText("¥260.00");

  // Change a quantity.
  const chairLine = page.getByTestId("cart").getByRole("row", { name: "折椅" });
  await chairLine.locator("input[name=quantity]").fill("4");
  await app.submit(() => chairLine.getByRole("button", { name: "修改数量" }).click());
  await expect(page.getByTestId("notice")).toHaveText("数量已修改。");
  await expect(page.getByTestId("cart-total")).toHaveText("¥320.00");

  // Remove: first a confirmation (a plain link), then the delete itself; cancelling keeps the line.
  const deskLine = () => page.getByTestId("cart").getByRole("row", { name: /咨询台/ });
  await deskLine().getByRole("link", { name: "删除…" }).click();
  const confirm = page.getByTestId("confirm-remove");
  await expect(confirm).toContainText("确定从购物车删除“咨询台 1.0 × 0.5 × 0.75 m”吗？");
  await confirm.getByRole("link", { name: "取消" }).click();
  await expect(page.getByTestId("confirm-remove")).toHaveCount(0);
  await expect(deskLine()).toHaveCount(1);
  await deskLine().getByRole("link", { name: "删除…" }).click();
  await app.submit(() => page.getByTestId("confirm-remove").getByRole("button", { name: "确定删除" }).click());
  await expect(page.getByTestId("notice")).toHaveText("已从购物车删除。");
  await expect(deskLine()).toHaveCount(0);
  await expect(page.getByTestId("cart-total")).toHaveText("¥120.00");

  // Commit, pressing twice; then the very same form posted once more: still one order.
  const form = page.getByTestId("commit-form");
  await form.getByLabel("搭建商公司名称").fill("深圳搭建有限公司");
  await form.getByLabel("搭建商联系人").fill("王工");
  const key = await form.locator("input[name=idempotencyKey]").inputValue();
  await form.getByRole("button", { name: "提交订单" }).dblclick();
  await expect(page).toHaveURL(/\/bookingService\/myOrder\/SO\d{8}-[A-Z0-9]{6}\?notice=committed$/);
  const orderPath = new URL(page.url()).pathname;
  await expect(page.getByTestId("notice")).toHaveText("订单已提交。请下载合同，盖章后上传。");
  await expect(page.getByTestId("order-status")).toHaveText("订单已提交");
  await expect(page.getByTestId("order-total")).toHaveText("¥120.00");
  await expect(page.getByTestId("order-lines")).toContainText("折椅");

  const again = await page.request.post(BOOKING, {
    form: { intent: "commit", idempotencyKey: key, contractorCompany: "深圳搭建有限公司", contractorContact: "王工" },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(302);
  expect(again.headers().location).toBe(`${orderPath}?notice=committed`);

  // My orders: exactly one, online, submitted; the cart is empty again.
  await app.goto("/bookingService/myOrder");
  const rows = page.getByTestId("order-list").locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(orderPath.split("/").pop()!);
  await expect(rows.first()).toContainText("线上");
  await expect(rows.first()).toContainText("订单已提交");
  await expect(rows.first()).toContainText("¥120.00");
  // The status filter is a plain GET form.
  await page.getByLabel("状态").selectOption("contract_uploaded");
  await page.getByRole("button", { name: "查询" }).click();
  await expect(page).toHaveURL(/status=contract_uploaded/);
  await expect(page.getByTestId("orders-empty")).toHaveText("没有该状态的订单。");
  await app.goto(BOOKING);
  await expect(page.getByTestId("cart-empty")).toBeVisible();
});

test("an order's steps: contractor edit, rules, contract upload, locked edits, voucher, completion by the organizer", async ({
  app,
  page,
  consoleErrors,
}, testInfo) => {
  // Without JS the refused upload (rules not ticked) is the server's 400 answer.
  consoleErrors.allow(FAILED_RESOURCE(400));
  await setLanguage(page, "zh", testInfo);
  const exhibitor = accountFor("orders-steps", testInfo);
  await app.signIn(exhibitor);
  await app.goto(BOOKING);
  await addService(app, "light-spot-100w", 3);
  await page.getByTestId("commit-form").getByLabel("搭建商公司名称").fill("旧搭建商");
  await page.getByTestId("commit-form").getByLabel("搭建商联系人").fill("李工");
  await app.submit(() => page.getByTestId("commit-form").getByRole("button", { name: "提交订单" }).click());
  await expect(page).toHaveURL(/\/myOrder\/SO/);
  const orderPath = new URL(page.url()).pathname;
  const orderNo = orderPath.split("/").pop()!;
  await expect(page.getByTestId("order-total")).toHaveText("¥450.00");
  // The contract download passes the API's attachment through.
  const pdf = await page.request.get(`${orderPath}/contract`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  expect(pdf.headers()["content-disposition"]).toContain("attachment");

  // Contractor details can be changed before the contract is uploaded.
  const contractor = page.getByTestId("contractor-form");
  await contractor.getByLabel("搭建商公司名称").fill("新搭建商");
  await app.submit(() => contractor.getByRole("button", { name: "保存搭建商信息" }).click());
  await expect(page.getByTestId("notice")).toHaveText("搭建商信息已保存。");
  await expect(page.getByTestId("contractor-form").getByLabel("搭建商公司名称")).toHaveValue("新搭建商");

  // Two images, the rules not ticked: refused with the rule's message; the files stay.
  const contract = page.getByTestId("contract-form");
  await contract.getByTestId("upload-input").setInputFiles([
    { name: "page1.png", mimeType: "image/png", buffer: PNG },
    { name: "page2.png", mimeType: "image/png", buffer: PNG },
  ]);
  if (app.jsEnabled) await expect(contract.getByTestId("upload-item").getByRole("link")).toHaveCount(2);
  const upload = () => page.getByTestId("contract-form").getByRole("button", { name: "上传合同" }).click();
  if (app.jsEnabled) await upload();
  else await app.submit(upload);
  await expect(page.getByTestId("contract-form")).toContainText("请勾选已阅读规则");
  await expect(page.getByTestId("contract-form").getByTestId("upload-item")).toHaveCount(2);

  await page.getByTestId("contract-form").getByLabel("我已阅读现场服务规则").check();
  await app.submit(upload);
  await expect(page.getByTestId("notice")).toHaveText("盖章合同已上传。");
  await expect(page.getByTestId("order-status")).toHaveText("合同已上传");
  await expect(page.getByTestId("contract-files").getByRole("link")).toHaveCount(2);
  await expect(page.getByTestId("contractor-readonly")).toContainText("新搭建商");
  await expect(page.getByTestId("contractor-form")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "删除订单…" })).toHaveCount(0);

  // Later edits are refused, with the reason, and change nothing.
  const edit = await page.request.post(orderPath, { form: { intent: "contractor", contractorCompany: "偷改", contractorContact: "某人" } });
  expect(edit.status()).toBe(400);
  expect(await edit.text()).toContain("合同已上传，订单信息不能再修改");
  await app.goto(orderPath);
  await expect(page.getByTestId("contractor-readonly")).toContainText("新搭建商");

  // The payment voucher: payment claimed.
  await page.getByTestId("voucher-form").getByTestId("upload-input").setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: PNG });
  if (app.jsEnabled) await expect(page.getByTestId("voucher-form").getByTestId("upload-item").getByRole("link")).toHaveCount(1);
  await app.submit(() => page.getByTestId("voucher-form").getByRole("button", { name: "提交付款凭证" }).click());
  await expect(page.getByTestId("notice")).toHaveText("付款凭证已提交。");
  await expect(page.getByTestId("order-status")).toHaveText("已提交付款凭证");

  // The organizer confirms the payment (after a confirmation step).
  await app.signIn("admin", "Admin#2026");
  await app.goto("/bookingService/orderReview?status=payment_claimed");
  const row = page.getByTestId(`review-${orderNo}`);
  await expect(row).toContainText(exhibitor);
  await expect(row.getByRole("link", { name: /^盖章合同 \d$/ })).toHaveCount(2);
  await row.getByRole("link", { name: "标记交易完成…" }).click();
  const confirm = page.getByTestId("confirm-complete");
  await expect(confirm).toContainText(`确定将 E2E ${exhibitor} (${exhibitor}) 的订单 ${orderNo}（¥450.00）标记为交易完成吗？`);
  await app.submit(() => confirm.getByRole("button", { name: "确定标记完成" }).click());
  await expect(page.getByTestId("notice")).toHaveText("订单已标记为交易完成。");
  await app.goto("/bookingService/orderReview?status=completed");
  await expect(page.getByTestId(`review-${orderNo}`)).toContainText("交易完成");

  await app.signIn(exhibitor);
  await app.goto(orderPath);
  await expect(page.getByTestId("order-status")).toHaveText("交易完成");
  await expect(page.getByTestId("order-stepper").locator("li[aria-current=step]")).toHaveText(/交易完成/);
});
