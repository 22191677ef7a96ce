import { expect, test } from "./fixtures";
import { field, openStep } from "./exhibitor-helpers";

/**
 * Issue 51: a new exhibitor profile starts from what the account already holds. raw01 (demo) has a
 * Chinese company name, a mobile and an e-mail on its account and has never saved a profile; this test
 * only reads it, so other tests and both projects may run beside it.
 */
test("a new profile's company and contact steps start from the account's company name, mobile and e-mail", async ({ app, page }) => {
  await app.signIn("raw01");
  await openStep(app, "company");
  await expect(field(page, "company", "companyNameZh")).toHaveValue("广州远航机器人有限公司");
  // The account has no English name: the field stays empty for the exhibitor to fill.
  await expect(field(page, "company", "companyNameEn")).toHaveValue("");
  await openStep(app, "contacts");
  await expect(field(page, "contacts", "contact1Mobile")).toHaveValue("13698765432");
  await expect(field(page, "contacts", "contact1Email")).toHaveValue("lisi@yuanhang.example.cn");
  // Contact 2 is the exhibitor's to give.
  await expect(field(page, "contacts", "contact2Mobile")).toHaveValue("");
});
