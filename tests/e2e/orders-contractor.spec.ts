import type { Locator } from "@playwright/test";
import { endSessionOnServer, outboxFor, setLanguage } from "./exhibitor-helpers";
import { accountFor, clientIpFor, expect, FAILED_RESOURCE, PASSWORD, test, type App } from "./fixtures";
import { otherPerson } from "./other-person";

/**
 * ECReservation end to end, with JS on and off (in Chinese: the booking menus are hidden in
 * English). The exhibitor entrusts a contractor; the contractor, in a browser of its own, signs
 * in with the exhibitor number and the e-mailed one-time code (no password), books, and is
 * kept to booking; the exhibitor sees the order as the contractor's and revokes the access,
 * which ends the contractor's session at once.
 */

const EC = "/bookingService/ECReservation";
const BOOKING = "/bookingService/onlineBookingService";

/** Presses a submit button: a POST round trip without JS; with JS, Conform may answer in the browser. */
async function press(app: App, button: Locator, posts: boolean) {
  if (posts || !app.jsEnabled) await app.submit(() => button.click());
  else await button.click();
}

test("entrusted contractor: entrust, sign in with the e-mailed code, book for the exhibitor only, seen and revoked by the exhibitor", async ({
  app,
  page,
  browser,
  consoleErrors,
}, testInfo) => {
  // Two people and a dozen posts, each checked on the server (docs/decisions/021).
  test.setTimeout(120_000);
  consoleErrors.allow(FAILED_RESOURCE(400));
  const exhibitor = accountFor("orders-contractor", testInfo);
  const email = `ec-${testInfo.project.name}-${Date.now()}@builder.example.com`;
  await setLanguage(page, "zh", testInfo);
  await app.signIn(exhibitor);
  await app.goto(EC);
  await expect(page.getByRole("heading", { name: "委托搭建商预订", level: 1 })).toBeVisible();
  await expect(page.getByText("您还没有委托搭建商。")).toBeVisible();

  // Bad input: the messages next to the fields, and what was typed stays.
  const form = page.getByTestId("entrust-form");
  await form.getByLabel("搭建商公司名称").fill("华建展览工程有限公司");
  await form.getByLabel("搭建商邮箱").fill("not-an-email");
  await press(app, form.getByRole("button", { name: "委托并发送验证码" }), false);
  await expect(form).toContainText("联系人不能为空");
  await expect(form).toContainText("邮箱格式不正确");
  await expect(form.getByLabel("搭建商公司名称")).toHaveValue("华建展览工程有限公司");
  expect(outboxFor(email)).toHaveLength(0);

  await form.getByLabel("联系人").fill("李工");
  await form.getByLabel("搭建商邮箱").fill(email);
  // The session ends while the form is open: after signing in again, what was typed is back.
  await endSessionOnServer(page.context(), page.request);
  await app.submit(() => form.getByRole("button", { name: "委托并发送验证码" }).click());
  await expect(page).toHaveURL(/\/login\?redirectTo=%2FbookingService%2FECReservation$/);
  await app.waitForHydration();
  await app.login(exhibitor, PASSWORD);
  await expect(page).toHaveURL(new RegExp(`${EC}$`));
  await app.waitForHydration();
  await expect(form.getByLabel("搭建商公司名称")).toHaveValue("华建展览工程有限公司");
  await expect(form.getByLabel("联系人")).toHaveValue("李工");
  await expect(form.getByLabel("搭建商邮箱")).toHaveValue(email);
  expect(outboxFor(email)).toHaveLength(0);
  await press(app, form.getByRole("button", { name: "委托并发送验证码" }), true);
  await expect(page.getByTestId("notice")).toHaveText("已委托该搭建商，展商编号和一次性验证码已通过邮件发送。");
  const row = page.getByTestId("contractor-accesses").locator("tbody tr").first();
  await expect(row).toContainText("华建展览工程有限公司");
  await expect(row.getByTestId("access-status")).toHaveText("有效");
  await expect(row.getByTestId("code-state")).toContainText("验证码已发送");

  // The job queue sends the mail just after the answer: wait for its file.
  await expect.poll(() => outboxFor(email).length, { message: `the code mail to ${email}`, timeout: 0 }).toBeGreaterThan(0);
  const mail = outboxFor(email).at(-1)!;
  const exhibitorNo = mail.text.match(/展商编号：(\S+)/)![1]!;
  const code = mail.text.match(/一次性验证码：([A-Z2-9]{8})/)![1]!;
  expect(exhibitorNo).toBe(exhibitor);

  // The contractor, in a browser of its own, from the link on the login page.
  const { context: contractorContext, other: contractor } = await otherPerson(browser, app, testInfo, {
    locale: "zh-CN",
    ip: clientIpFor(testInfo, "contractor"),
  });
  try {
    const cpage = contractor.page;
    await contractor.goto("/login");
    await cpage.getByTestId("contractor-sign-in").click();
    await expect(cpage).toHaveURL(/\/contractor$/);
    await contractor.waitForHydration();
    await cpage.getByLabel("展商编号").fill(exhibitorNo);
    await cpage.getByLabel("一次性验证码").fill("ZZZZ ZZZZ");
    await press(contractor, cpage.getByRole("button", { name: "登录" }), true);
    await expect(cpage.getByText("展商编号或验证码不正确")).toBeVisible();
    await expect(cpage.getByLabel("展商编号")).toHaveValue(exhibitorNo);
    // Typed as from a phone: lower case, with a space.
    await cpage.getByLabel("一次性验证码").fill(`${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`);
    await contractor.submit(() => cpage.getByRole("button", { name: "登录" }).click());
    await expect(cpage).toHaveURL(new RegExp(`${BOOKING}$`));
    await contractor.waitForHydration();
    await expect(cpage.getByTestId("contractor-banner")).toContainText("华建展览工程有限公司");

    // The user menu has no personal pages; the other areas are closed.
    const menu = await contractor.openUserMenu();
    await expect(menu.getByTestId("contractor-label")).toHaveText("搭建商：华建展览工程有限公司（李工）");
    await expect(menu.getByRole("link", { name: "修改密码" })).toHaveCount(0);
    await expect(cpage.locator("header").getByRole("link", { name: "委托搭建商预订" })).toHaveCount(0);
    for (const closed of ["/exhibitorInfo/exhibitorData", "/changePassword", EC]) {
      await contractor.goto(closed);
      await expect(cpage, closed).toHaveURL(/\/401$/);
    }

    // Booking: the commit form names the contractor already.
    await contractor.goto(BOOKING);
    const chair = cpage.getByTestId("service-furn-folding-chair");
    await chair.locator("input[name=quantity]").fill("3");
    await contractor.submit(() => chair.getByRole("button", { name: "加入购物车" }).click());
    await expect(cpage.getByTestId("notice")).toHaveText("已加入购物车。");
    const commit = cpage.getByTestId("commit-form");
    await expect(commit.getByLabel("搭建商公司名称")).toHaveValue("华建展览工程有限公司");
    await contractor.submit(() => commit.getByRole("button", { name: "提交订单" }).click());
    await expect(cpage).toHaveURL(/\/bookingService\/myOrder\/SO\d{8}-[A-Z0-9]{6}\?notice=committed$/);
    const orderNo = new URL(cpage.url()).pathname.split("/").at(-1)!;
    await expect(cpage.getByTestId("order-status")).toHaveText("订单已提交");
    await expect(cpage.getByRole("paragraph").filter({ hasText: /^委托搭建商$/ })).toBeVisible();
    // Uploading the stamped contract and the payment stay with the exhibitor.
    await expect(cpage.locator('[name="rulesAccepted"], button[value="contract"], button[value="voucher"]')).toHaveCount(0);

    // The exhibitor: the order is in My orders as the contractor's; the grant counts it.
    await app.goto("/bookingService/myOrder");
    const orderRow = page.getByTestId("order-list").locator("tbody tr", { hasText: orderNo });
    await expect(orderRow).toContainText("委托搭建商 · 华建展览工程有限公司");
    await app.goto(EC);
    await expect(row.getByTestId("access-orders")).toHaveText("1 个订单，共 ¥90.00");
    await expect(row.getByTestId("code-state")).toContainText("已于");

    // Revoke: a confirmation first (cancel keeps it), then the contractor is out at once.
    await row.getByRole("link", { name: "撤销权限" }).click();
    await expect(page.getByTestId("confirm-revoke")).toContainText("确定撤销华建展览工程有限公司的权限吗？");
    await page.getByTestId("confirm-revoke").getByRole("link", { name: "保留权限" }).click();
    await expect(page.getByTestId("confirm-revoke")).toHaveCount(0);
    await row.getByRole("link", { name: "撤销权限" }).click();
    await app.submit(() => page.getByTestId("confirm-revoke").getByRole("button", { name: "撤销" }).click());
    await expect(page.getByTestId("notice")).toHaveText("已撤销该搭建商的权限。");
    await expect(row.getByTestId("access-status")).toHaveText("已撤销");
    await expect(row.getByRole("button", { name: "重新发送验证码" })).toHaveCount(0);

    // Back to the contractor's sign-in (not the exhibitors'), saying why.
    await contractor.goto(BOOKING);
    await expect(cpage).toHaveURL(/\/contractor\?redirectTo=%2FbookingService%2FonlineBookingService$/);
    await expect(cpage.getByTestId("notice")).toHaveText("用户未登录或登录已过期，请重新登录");
    // The spent code does not open a new session.
    await contractor.goto(`/contractor?no=${exhibitorNo}`);
    await expect(cpage.getByLabel("展商编号")).toHaveValue(exhibitorNo);
    await cpage.getByLabel("一次性验证码").fill(code);
    await press(contractor, cpage.getByRole("button", { name: "登录" }), true);
    await expect(cpage.getByText("展商编号或验证码不正确")).toBeVisible();
  } finally {
    await contractorContext.close();
  }
});
