import crypto from "node:crypto";
import texts from "../../app/contracts/logistics-settings/texts.en";
import { FAILED_RESOURCE, expect, successToast, test } from "./fixtures";

/**
 * The organizer's logistics settings pages (issue 52), JS on and off: a refused value keeps the form
 * as typed with its translated error and saves nothing; a good one saves and shows. Each run adds a
 * carrier of its own, inactive, so no exhibitor's page offers it; the badge quota and the
 * construction calendar, which other specs rely on, are saved back with the values they had.
 */
const ADMIN = { username: "admin", password: "Admin#2026" };
const message = (template: string, field: keyof typeof texts.fields) => template.replace("{{prop}}", texts.fields[field]);

test("carriers: a refused carrier or price keeps its form and error; a good one saves, shows, and is removed after asking", async ({
  app,
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(FAILED_RESOURCE(400));
  const code = `e2e-${test.info().project.name}-${crypto.randomBytes(3).toString("hex")}`;
  const nameEn = `Spec Carrier ${code}`;
  await app.signIn(ADMIN.username, ADMIN.password);
  await app.goto("/index/settings");
  await page.getByTestId("settings-link-carriers").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.carriers.title);

  // A carrier with an e-mail that is not one: refused at its field, everything typed kept, nothing added.
  const carrierForm = page.getByTestId("carrier-form");
  await carrierForm.locator("input[name=code]").fill(code);
  await carrierForm.locator("input[name=nameZh]").fill("规格承运商");
  await carrierForm.locator("input[name=nameEn]").fill(nameEn);
  await carrierForm.locator("input[name=email]").fill("desk-at-carrier");
  await carrierForm.locator("input[name=active]").setChecked(false);
  await app.submit(() => page.getByTestId("carrier-save").click());
  await expect(carrierForm).toContainText("Email format is incorrect");
  await expect(carrierForm.locator("input[name=code]")).toHaveValue(code);
  await expect(carrierForm.locator("input[name=nameEn]")).toHaveValue(nameEn);
  await expect(page.getByTestId(`carrier-${code}`)).toHaveCount(0);

  await carrierForm.locator("input[name=email]").fill("desk@carrier.test");
  await carrierForm.locator("input[name=active]").setChecked(false);
  await app.submit(() => page.getByTestId("carrier-save").click());
  await expect(successToast(page)).toHaveText(texts.saved);
  const card = page.getByTestId(`carrier-${code}`);
  await expect(card).toContainText(nameEn);
  await expect(card).toContainText(texts.carriers.inactive);

  // A negative price: refused at its field, kept as typed; a good one shows on the carrier.
  const priceForm = page.getByTestId("price-form");
  await priceForm.locator("select[name=carrierId]").selectOption({ label: `${code} · ${nameEn}` });
  await priceForm.locator("select[name=service]").selectOption("storage");
  await priceForm.locator("input[name=perM3]").fill("-5");
  await priceForm.locator("input[name=perTon]").fill("abc");
  await app.submit(() => page.getByTestId("price-save").click());
  await expect(priceForm).toContainText(message(texts.errors.negative, "perM3"));
  await expect(priceForm).toContainText(`Please enter the correct ${texts.fields.perTon}`);
  await expect(priceForm.locator("input[name=perM3]")).toHaveValue("-5");
  await expect(card).toContainText(texts.carriers.noPrices);

  await priceForm.locator("select[name=carrierId]").selectOption({ label: `${code} · ${nameEn}` });
  await priceForm.locator("select[name=service]").selectOption("storage");
  await priceForm.locator("input[name=perM3]").fill("12.5");
  await priceForm.locator("input[name=perTon]").fill("30");
  await app.submit(() => page.getByTestId("price-save").click());
  await expect(successToast(page)).toHaveText(texts.saved);
  await expect(page.getByTestId(`prices-${code}`)).toContainText("¥12.50 per m³");

  // Removed only after the question is answered.
  await page.getByTestId(`remove-price-${code}-storage`).click();
  const confirm = page.getByTestId("confirm-action");
  await expect(confirm).toContainText(nameEn);
  await app.submit(() => confirm.getByRole("button", { name: texts.remove }).click());
  await expect(successToast(page)).toHaveText(texts.removed);
  await expect(page.getByTestId(`carrier-${code}`)).toContainText(texts.carriers.noPrices);
});

test("badge quota and construction: a bad value keeps the form with its error; the stored values save and show", async ({ app, page, consoleErrors }) => {
  consoleErrors.allow(FAILED_RESOURCE(400));
  await app.signIn(ADMIN.username, ADMIN.password);

  await app.goto("/index/settings/badgeQuota");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.badgeQuota.title);
  const quota = page.getByTestId("quota-form");
  const paidMax = quota.locator("input[name=paidMax]");
  const stored = await paidMax.inputValue();
  await paidMax.fill("abc");
  await quota.locator("input[name=paidPrice]").fill("-80");
  await app.submit(() => page.getByTestId("quota-save").click());
  await expect(quota).toContainText(`Please enter the correct ${texts.fields.paidMax}`);
  await expect(quota).toContainText(message(texts.errors.negative, "paidPrice"));
  await expect(paidMax).toHaveValue("abc");
  await app.goto("/index/settings/badgeQuota");
  await expect(paidMax).toHaveValue(stored);
  await app.submit(() => page.getByTestId("quota-save").click());
  await expect(successToast(page)).toHaveText(texts.saved);
  await expect(paidMax).toHaveValue(stored);

  await app.goto("/index/settings/construction");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.construction.title);
  const construction = page.getByTestId("construction-form");
  const buildUpFrom = construction.locator("input[name=buildUpFrom]");
  const dismantleTo = construction.locator("input[name=dismantleTo]");
  const ends = await dismantleTo.inputValue();
  // Dismantling ending before build-up starts: out of order.
  await dismantleTo.fill(await buildUpFrom.inputValue());
  await construction.locator("input[name=dismantleFrom]").fill(ends);
  await app.submit(() => page.getByTestId("construction-save").click());
  await expect(construction).toContainText(texts.errors.dayOrder.dismantleTo);
  await expect(construction.locator("input[name=dismantleFrom]")).toHaveValue(ends);
  await app.goto("/index/settings/construction");
  await expect(dismantleTo).toHaveValue(ends);
  await app.submit(() => page.getByTestId("construction-save").click());
  await expect(successToast(page)).toHaveText(texts.saved);
  await expect(dismantleTo).toHaveValue(ends);
});
