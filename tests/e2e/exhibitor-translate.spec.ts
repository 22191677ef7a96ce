import { accountFor, expect, test } from "./fixtures";
import { field, openStep, press } from "./exhibitor-helpers";

/**
 * The translate buttons fill an English field from its Chinese one (docs/product.md § Exhibitor data), through the
 * portal's translation service (a stand-in started by start-server.mjs), with and without JS.
 * The filled text is saved in the draft; what else was typed stays.
 */
test("translate fills the English introduction, brands and main products from the Chinese", async ({ app, page }, testInfo) => {
  await app.signIn(accountFor("profile-translate", testInfo));
  await openStep(app, "presentation");
  await field(page, "presentation", "introZh").fill("我们专注于服务机器人。");
  await field(page, "presentation", "brandsZh").fill("星河");
  await field(page, "presentation", "mainProductsZh").fill("巡检机器人");
  await field(page, "presentation", "mainProductsEn").fill("typed by hand");

  await press(app, "presentation", "translate:introEn");
  await expect(page.getByTestId("notice")).toHaveText("The English text was filled in from the Chinese; please check it.");
  await expect(field(page, "presentation", "introEn")).toHaveValue("[en] 我们专注于服务机器人。");
  await expect(field(page, "presentation", "introZh")).toHaveValue("我们专注于服务机器人。");
  await expect(field(page, "presentation", "mainProductsEn")).toHaveValue("typed by hand");

  await press(app, "presentation", "translate:brandsEn");
  await expect(field(page, "presentation", "brandsEn")).toHaveValue("[en] 星河");
  // Saved as the draft: a fresh visit shows both.
  await openStep(app, "presentation");
  await expect(field(page, "presentation", "introEn")).toHaveValue("[en] 我们专注于服务机器人。");
  await expect(field(page, "presentation", "brandsEn")).toHaveValue("[en] 星河");
});
