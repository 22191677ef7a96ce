import leadsEn from "../../app/contracts/leads/texts.en";
import { expect, FAILED_RESOURCE, PASSWORD, test } from "./fixtures";
import { leadsOn, newVisitor } from "./visitor-pass-helpers";

/**
 * A pass's link (/lead/<code>, docs/decisions/070) as a booth's staff open it: with WeChat's scanner,
 * so in the messaging app's browser, on a 360 px phone, without JavaScript. Each test registers a
 * visitor of its own, so the lead it makes is its own.
 */
const WECHAT = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 MicroMessenger/8.0.49";
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

test.describe("in the messaging app's browser at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 }, userAgent: WECHAT });

  test(
    "a member with the leads grant opens a pass's link, signs in on the way, and saves one lead however often",
    { tag: "@js-off-only" },
    async ({ app, page, context, request, baseURL }, testInfo) => {
      const visitor = await newVisitor(request, testInfo, baseURL!);
      const leadPath = `/lead/${visitor.code}`;

      // Signed out: what the code is, nothing personal, a sign-in that comes back here (not /wxBrowser).
      await page.goto(leadPath);
      await expect(page.getByTestId("lead-anonymous")).toBeVisible();
      await expect(page.locator("body")).not.toContainText(visitor.name);
      await page.getByTestId("lead-sign-in").click();
      await expect(page).toHaveURL(/\/login\?redirectTo=/);
      await app.login("std01c", PASSWORD);
      await expect(page).toHaveURL(new RegExp(`${escaped(leadPath)}$`));

      // The visitor did not consent: name and company, no mobile or e-mail.
      await expect(page.getByTestId("lead-visitor-name")).toHaveText(visitor.name);
      await expect(page.getByTestId("lead-visitor-no-consent")).toHaveText(leadsEn.capture.noConsent);
      await expect(page.locator("body")).not.toContainText(visitor.mobile);
      await expect(page.locator("body")).not.toContainText(visitor.email);

      await page.getByLabel(leadsEn.ratings.hot).check();
      await page.getByTestId("lead-notes").fill("Wants a quote for 200 units");
      await page.getByLabel(leadsEn.fields.followUp).check();
      await app.submit(() => page.getByTestId("lead-save").click());
      await expect(page.getByTestId("lead-saved")).toHaveText(leadsEn.capture.saved);
      await expect(page.getByTestId("lead-existing")).toBeVisible();
      // Fits the phone: nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      // Opened and saved again (another scan of the same pass): the same lead, changed.
      await page.goto(leadPath);
      await expect(page.getByLabel(leadsEn.ratings.hot)).toBeChecked();
      await expect(page.getByTestId("lead-notes")).toHaveValue("Wants a quote for 200 units");
      await page.getByLabel(leadsEn.ratings.warm).check();
      await app.submit(() => page.getByTestId("lead-save").click());
      await expect(page.getByTestId("lead-saved")).toBeVisible();

      const leads = await leadsOn(context, page.request, visitor.name);
      expect(leads).toHaveLength(1);
      expect(leads[0]).toMatchObject({ rating: "warm", notes: "Wants a quote for 200 units", followUp: true });
      expect(leads[0]!.visitor).toMatchObject({ mobile: null, email: null, contactShown: false });
    },
  );

  test(
    "notes too long come back with the reason and the form as typed",
    { tag: "@js-off-only" },
    async ({ app, page, request, baseURL, consoleErrors }, testInfo) => {
      consoleErrors.allow(FAILED_RESOURCE(400));
      const visitor = await newVisitor(request, testInfo, baseURL!, { leadConsent: true });
      await app.signIn("std01");
      await page.goto(`/lead/${visitor.code}`);
      // Consented: the contact is there for the exhibitor.
      await expect(page.getByTestId("lead-visitor-contact")).toContainText(visitor.mobile);
      await page.getByLabel(leadsEn.ratings.cold).check();
      // The field's own limit held by the browser; a hand-made post with more is refused by the server.
      await page.getByTestId("lead-notes").evaluate((area) => area.removeAttribute("maxlength"));
      await page.getByTestId("lead-notes").fill("x".repeat(2001));
      await app.submit(() => page.getByTestId("lead-save").click());
      await expect(page.getByTestId("lead-form")).toContainText("2000");
      await expect(page.getByLabel(leadsEn.ratings.cold)).toBeChecked();
      await expect(page.getByTestId("lead-notes")).toHaveValue("x".repeat(2001));
    },
  );

  test(
    "the visitor's pass: the QR as a picture, consent withdrawn after a question, their own QR opens the pass",
    { tag: "@js-off-only" },
    async ({ page, request, baseURL }, testInfo) => {
      const visitor = await newVisitor(request, testInfo, baseURL!, { leadConsent: true });
      await page.goto(visitor.passPath);
      await expect(page.getByTestId("pass-name")).toHaveText(visitor.name);
      await expect(page.getByTestId("pass-code")).toHaveText(visitor.code);
      const qr = await page.request.get(`${visitor.passPath}/qr`);
      expect(qr.status()).toBe(200);
      expect(qr.headers()["content-type"]).toBe("image/png");
      expect(await page.getByTestId("pass-qr").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

      await expect(page.getByTestId("pass-consent")).toHaveAttribute("data-consent", "yes");
      await page.getByTestId("pass-withdraw").click();
      const question = page.getByTestId("pass-confirm-withdraw");
      await expect(question).toContainText(leadsEn.pass.confirmWithdraw);
      await question.getByRole("button", { name: leadsEn.pass.withdraw }).click();
      await expect(page.getByTestId("pass-done")).toHaveText(leadsEn.pass.withdrawn);
      await expect(page.getByTestId("pass-consent")).toHaveAttribute("data-consent", "no");

      // The visitor scanning their own pass on this phone: their pass, not the exhibitors' sign-in.
      await page.goto(`/lead/${visitor.code}`);
      await expect(page).toHaveURL(new RegExp(`${escaped(visitor.passPath)}$`));

      // A forged code: a translated answer, nothing personal.
      await page.goto(`/lead/${visitor.code.slice(0, -3)}abc`);
      await expect(page.getByTestId("lead-anonymous")).toContainText(leadsEn.errors.forged);
    },
  );

  test("the sign-in page stays for the way back to a pass only", { tag: "@js-off-only" }, async ({ page }) => {
    await page.goto("/login");
    await expect(page).toHaveURL(/\/wxBrowser$/);
    await page.goto(`/login?${new URLSearchParams({ redirectTo: "/index" })}`);
    await expect(page).toHaveURL(/\/wxBrowser$/);
  });
});
