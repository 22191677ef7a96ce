import crypto from "node:crypto";
import type { Page, TestInfo } from "@playwright/test";
import jsQR from "jsqr";
import { PNG as PngReader } from "pngjs";
import { PNG } from "../support/sample-files";
import { type App, clientIpFor, expect, test } from "./fixtures";
import { newestCode, outboxMark, setLanguage, uniqueEmail, uniqueMobile } from "./exhibitor-helpers";

/**
 * Issue 38's whole path in the browser, JS on and off: std01 makes an invitation and downloads its
 * image; the QR code on it, read from the PNG, opens the public pre-registration in a fresh signed-out
 * phone-sized context; the buyer registers with the SMS code from the outbox; std01 then finds the
 * visitor (masked) on its audience page and its invitation count up. std01 is shared by both
 * projects, so counts are compared as 'at least one more', never as totals.
 */
const CUSTOM = "/exhibitorInfo/invitation/custom";
const RANKING = "/exhibitorInfo/invitation/exhibitorRanking";
const AUDIENCE = "/exhibitorInfo/invitation/inviteAudienceData";

const unique = (testInfo: TestInfo, label: string) => `${label}${testInfo.project.name === "js-on" ? "甲" : "乙"}${crypto.randomBytes(3).toString("hex")}`;

/** The caller's own registered-visitor count on the invitation ranking (0 when not ranked). */
async function ownCount(page: Page) {
  await page.goto(RANKING);
  const text = (await page.getByTestId("ranking-own").textContent()) ?? "";
  return Number(text.match(/（(\d+)/)?.[1] ?? 0);
}

/** An exhibit and an invitation showing it, posted as the pages' forms do; answers the invitation's id. */
async function makeInvitation(app: App, page: Page, name: string) {
  const exhibit = await page.request.post(`${CUSTOM}/exhibits`, {
    multipart: { intent: "save", nameZh: `${name}展品`, imageUrls__file: { name: "exhibit.png", mimeType: "image/png", buffer: PNG } },
    maxRedirects: 0,
  });
  expect(exhibit.status(), await exhibit.text()).toBe(302);
  await app.goto(CUSTOM);
  const form = page.getByTestId("invitation-form");
  await form.locator("input[name=name]").fill(name);
  await form.locator("input[name=templateId]").first().check();
  await form.getByRole("checkbox", { name: `${name}展品` }).check();
  await form.getByRole("button", { name: /保存/ }).click();
  await expect(page).toHaveURL(/[?&]view=\d+/);
  return new URL(page.url()).searchParams.get("view")!;
}

/** The link the invitation image's QR code carries, read off the downloaded PNG. */
async function qrLinkOf(page: Page, invitationId: string) {
  const download = await page.request.get(`${CUSTOM}/${invitationId}/image?format=png&download=1`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("image/png");
  const png = PngReader.sync.read(await download.body());
  expect([png.width, png.height]).toEqual([750, 1334]);
  const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(qr?.data).toMatch(new RegExp(`/visit/[A-Z2-9]{10}\\?inv=${invitationId}$`));
  return qr!.data;
}

test("an invitation's QR code brings a buyer who registers; the exhibitor sees them and its count goes up", async ({ app, page, browser }, testInfo) => {
  test.slow();
  await setLanguage(page, "zh", testInfo);
  await app.signIn("std01");
  const before = await ownCount(page);
  const name = unique(testInfo, "旅程邀请");
  const link = await qrLinkOf(page, await makeInvitation(app, page, name));

  // The buyer: a phone-sized browser of its own, signed out, in Chinese, from its own address.
  const phone = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 360, height: 740 },
    javaScriptEnabled: app.jsEnabled,
    locale: "zh-CN",
    extraHTTPHeaders: { "x-forwarded-for": clientIpFor(testInfo, "buyer") },
  });
  try {
    const buyer = await phone.newPage();
    await buyer.goto(new URL(link).pathname + new URL(link).search);
    await expect(buyer.getByTestId("inviter")).toContainText("深圳星河智能科技有限公司");
    const visitorName = unique(testInfo, "买家");
    const mobile = uniqueMobile(testInfo, "buyer");
    await buyer.locator("input[name=name]").fill(visitorName);
    await buyer.locator("input[name=company]").fill("采购有限公司");
    await buyer.locator("input[name=mobile]").fill(mobile);
    const mark = outboxMark(mobile);
    await buyer.getByRole("button", { name: "发送验证码" }).click();
    await expect(buyer.getByTestId("code-sent")).toBeVisible();
    // Sending the code kept what was typed.
    await expect(buyer.locator("input[name=name]")).toHaveValue(visitorName);
    await buyer.locator("input[name=smsCode]").fill(await newestCode(mobile, mark));
    await buyer.locator("input[name=email]").fill(uniqueEmail(testInfo, "buyer"));
    await buyer.locator("select[name=countryId]").selectOption({ label: "中国" });
    await buyer.locator("select[name=provinceCode]").selectOption({ index: 1 });
    await buyer.locator("input[name=consent]").check();
    await buyer.getByRole("button", { name: "提交登记" }).click();
    await expect(buyer.getByTestId("visitor-number")).toHaveText(/^V\d{6}$/);
    // Nothing on the phone-sized page is wider than the screen.
    expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The exhibitor's side: the visitor is on the audience page, the mobile masked; the count is up.
    await page.goto(`${AUDIENCE}?keyword=${encodeURIComponent(visitorName)}`);
    const row = page.getByTestId("audience-row").filter({ hasText: visitorName });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("audience-mobile")).not.toHaveText(mobile);
    await expect(row).toContainText(name);
    await expect(page.getByTestId("audience-chart")).toBeVisible();
    expect(await ownCount(page)).toBeGreaterThanOrEqual(before + 1);
    await expect(page.getByTestId("ranking-own-row")).toBeVisible();
  } finally {
    await phone.close();
  }
});
