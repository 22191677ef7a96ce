import { FAILED_RESOURCE, accountFor, expect, successToast, test } from "./fixtures";
import { setLanguage } from "./exhibitor-helpers";
import { addDays, testCalendar } from "../support/test-clock";
import { JS_ON_ONLY } from "./js-on-only";
import { otherPersonInChinese } from "./other-person";

/**
 * Payment vouchers and invoices (/invoiceArea), in Chinese (the area is hidden in English): the
 * organizer bills a booth, the exhibitor uploads the payment voucher, the organizer confirms it; the
 * exhibitor applies for the invoice (a wrong taxpayer ID refused and the input kept), the finance
 * colleague fills in the billing details on the public QR page on a phone, the organizer issues the
 * invoice and the exhibitor downloads it. The exhibitor revokes the QR link (the old one then answers
 * 'invalid') and makes a new one. Each project has its own exhibitor (9K01, 9K02).
 */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3a1b5e30000000049454e44ae426082",
  "hex",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const VALID_CODE = "91350100M000100Y43";
const REQUIRED_BANK = "开户行及账号不能为空";

test("bill, voucher, confirmation, invoice application with the QR page on a phone, issue, download", async ({
  app,
  page,
  browser,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(120_000);
  consoleErrors.allow(FAILED_RESOURCE(400));
  const project = testInfo.project.name === "js-on" ? 1 : 2;
  const boothNo = `9K0${project}`;
  const billTitle = `展位费 ${boothNo}`;
  const payer = `付款账户 ${boothNo}`;
  const invoiceTitle = `发票抬头 ${boothNo}`;
  const { other: organizer, close } = await otherPersonInChinese(browser, app, testInfo);
  try {
    await organizer.signIn("admin", "Admin#2026");
    // The organizer bills the booth.
    await organizer.goto("/invoiceArea/financeDesk?tab=bills");
    const billForm = organizer.page.getByTestId("bill-form");
    await billForm.locator("input[name=boothNo]").fill(boothNo);
    await billForm.locator("input[name=amount]").fill("1,000.00");
    await billForm.locator("input[name=titleZh]").fill(billTitle);
    await billForm.locator("input[name=titleEn]").fill(`Booth fee ${boothNo}`);
    await organizer.submit(() => billForm.getByRole("button", { name: "添加账单" }).click());
    await expect(successToast(organizer.page)).toContainText("账单已添加");

    // The exhibitor pays it and uploads the voucher.
    await setLanguage(page, "zh", testInfo);
    await app.signIn(accountFor("invoice-flow", testInfo));
    await app.goto("/invoiceArea/paymentVoucher");
    await expect(page.getByTestId("bill-table").first()).toContainText(billTitle);
    const voucher = page.getByTestId("voucher-form");
    await voucher.getByRole("checkbox", { name: billTitle }).check();
    await voucher.locator("input[name=name]").fill(`转账 ${boothNo}`);
    await voucher.locator("input[name=amount]").fill("1000");
    await voucher.locator("input[name=paidOn]").fill(addDays(testCalendar.seededOn, -3));
    await voucher.locator("input[name=payerAccountName]").fill(payer);
    await voucher.getByTestId("upload-input").setInputFiles({ name: "transfer.png", mimeType: "image/png", buffer: PNG });
    if (app.jsEnabled) await expect(voucher.getByTestId("upload-item").getByRole("link", { name: "transfer.png" })).toBeVisible();
    await app.submit(() => voucher.getByRole("button", { name: "提交凭证" }).click());
    await expect(successToast(page)).toContainText("付款凭证已提交");
    await expect(page.getByTestId("voucher-list")).toContainText("待确认");

    // The organizer confirms the money arrived.
    await organizer.goto(`/invoiceArea/financeDesk?tab=vouchers&status=submitted&keyword=${encodeURIComponent(payer)}`);
    await organizer.page.getByTestId("voucher-queue").getByRole("link", { name: "审核" }).first().click();
    await organizer.submit(() => organizer.page.getByTestId("voucher-decision-form").getByRole("button", { name: "确认到账" }).click());
    await expect(successToast(organizer.page)).toContainText("已确认到账");

    // The exhibitor applies for the invoice; a wrong check character is refused and nothing typed is lost.
    await app.goto("/invoiceArea/billingApplication");
    const form = page.getByTestId("application-form");
    await form.getByRole("checkbox", { name: billTitle }).check();
    await form.locator("input[name=title]").fill(invoiceTitle);
    await form.locator("input[name=taxpayerId]").fill(`${VALID_CODE.slice(0, 17)}4`);
    await form.locator("input[name=receivingEmail]").fill(`finance-${project}@example.com`);
    await app.submit(() => form.getByRole("button", { name: "提交申请" }).click());
    await expect(page.getByText("纳税人识别号不是有效的统一社会信用代码")).toBeVisible();
    await expect(form.locator("input[name=title]")).toHaveValue(invoiceTitle);
    await form.locator("input[name=taxpayerId]").fill(VALID_CODE);
    await app.submit(() => form.getByRole("button", { name: "提交申请" }).click());
    await expect(successToast(page)).toContainText("开票申请已提交");
    await expect(page.getByTestId("application-status")).toHaveText("已提交");
    const qrLink = await page.getByTestId("application-qr-link").getAttribute("href");
    expect(qrLink).toContain("/invoiceArea/saveQrCode?token=EPI2.");

    // The finance colleague opens the QR link on a phone, signed in nowhere, and adds the bank details.
    const phone = await otherPersonInChinese(browser, app, testInfo, { width: 360, height: 740 });
    try {
      await phone.other.goto(new URL(qrLink!).pathname + new URL(qrLink!).search);
      const qrForm = phone.other.page.getByTestId("qr-form");
      await expect(qrForm.locator("input[name=title]")).toHaveValue(invoiceTitle);
      await qrForm.locator("select[name=invoiceType]").selectOption("vatSpecial");
      await phone.other.submit(() => qrForm.getByRole("button", { name: "保存开票信息" }).click());
      // A VAT special invoice needs the bank details.
      await expect(phone.other.page.getByText(REQUIRED_BANK)).toBeVisible();
      await qrForm.locator("input[name=addressPhone]").fill("深圳市福田区 0755-88886666");
      await qrForm.locator("input[name=bankAccount]").fill("招商银行深圳分行 755900000000001");
      await phone.other.submit(() => qrForm.getByRole("button", { name: "保存开票信息" }).click());
      await expect(phone.other.page.getByTestId("qr-saved")).toBeVisible();
      // Nothing on the page is wider than the phone.
      expect(await phone.other.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    } finally {
      await phone.close();
    }
    await app.goto(page.url());
    await expect(page.getByTestId("application-detail")).toContainText("招商银行深圳分行");

    // The exhibitor revokes the link (after a question), then makes a new one: only the new one opens the page.
    await page.getByTestId("qr-revoke").click();
    const question = page.getByTestId("qr-revoke-confirm");
    await expect(question).toContainText("确定撤销本申请的二维码链接吗？");
    await app.submit(() => question.getByRole("button", { name: "撤销" }).click());
    await expect(successToast(page)).toContainText("二维码链接已撤销");
    await expect(page.getByTestId("application-qr-revoked")).toBeVisible();
    await app.submit(() => page.getByRole("button", { name: "生成新链接" }).click());
    await expect(successToast(page)).toContainText("已生成新的二维码链接");
    const newLink = await page.getByTestId("application-qr-link").getAttribute("href");
    expect(newLink).not.toBe(qrLink);
    const phoneAgain = await otherPersonInChinese(browser, app, testInfo, { width: 360, height: 740 });
    try {
      const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;
      await phoneAgain.other.goto(pathOf(qrLink!));
      await expect(phoneAgain.other.page.getByTestId("qr-error")).toHaveText("该链接无效，请向展商索取新的二维码");
      await expect(phoneAgain.other.page.getByTestId("qr-form")).toHaveCount(0);
      await phoneAgain.other.goto(pathOf(newLink!));
      await expect(phoneAgain.other.page.getByTestId("qr-form").locator("input[name=title]")).toHaveValue(invoiceTitle);
    } finally {
      await phoneAgain.close();
    }

    // The organizer issues it with the e-invoice.
    await organizer.goto(`/invoiceArea/financeDesk?tab=invoices&status=submitted&keyword=${encodeURIComponent(invoiceTitle)}`);
    await organizer.page.getByTestId("invoice-queue").getByRole("link", { name: "审核" }).first().click();
    const issue = organizer.page.getByTestId("issue-form");
    await issue.locator("input[name=invoiceNo]").fill(`2644000000${project}1234567`);
    await issue.locator("input[name=invoiceDate]").fill(testCalendar.seededOn);
    await issue.getByTestId("upload-input").setInputFiles({ name: "e-invoice.pdf", mimeType: "application/pdf", buffer: PDF });
    if (organizer.jsEnabled) await expect(issue.getByTestId("upload-item").getByRole("link", { name: "e-invoice.pdf" })).toBeVisible();
    await organizer.submit(() => issue.getByRole("button", { name: "开具发票" }).click());
    await expect(successToast(organizer.page)).toContainText("发票已开具");
  } finally {
    await close();
  }

  // The exhibitor sees it issued and downloads the PDF.
  await app.goto(page.url());
  await expect(page.getByTestId("application-status")).toHaveText("已开具");
  const pdf = await page.request.get((await page.getByTestId("invoice-pdf").getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
});

test("earlier billing details are suggested as the title is typed, not as soon as the form opens", { tag: JS_ON_ONLY }, async ({ app, page }, testInfo) => {
  await setLanguage(page, "zh", testInfo);
  await app.signIn("std01", "Expo#2026");
  await app.goto("/invoiceArea/billingApplication");
  const title = page.locator("main input[name=title]");
  await expect(title).toHaveValue(/\S/);
  // The form opened with the details used last: nothing to suggest (it was the page's late, largest paint).
  // Network idle: a suggestion fetched on opening would have come back by then.
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("earlier-details")).toHaveCount(0);
  await title.fill("深圳");
  await expect(page.getByTestId("earlier-details")).toBeVisible();
});
