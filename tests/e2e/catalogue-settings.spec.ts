import crypto from "node:crypto";
import catalogueEn from "../../app/contracts/catalogue-settings/texts.en";
import { FAILED_RESOURCE, expect, successToast, test } from "./fixtures";

/**
 * The organizer's service catalogue and overseas agents (issue 52), JS on and off: reached from
 * /index/settings; a refused save keeps the form with its error at the field; a good one saves and
 * shows in the list; a removal asks first. Each run adds its own rows (a code of its own), withdrawn
 * so that no exhibitor's page of another spec sees them, and removes them again.
 */
const ADMIN = { username: "admin", password: "Admin#2026" };

test("services: a bad price is refused at its field with the form kept; a good one is saved, shown, changed and removed", async ({
  app,
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(FAILED_RESOURCE(400));
  const code = `e2e-${test.info().project.name}-${crypto.randomBytes(3).toString("hex")}`;
  await app.signIn(ADMIN.username, ADMIN.password);
  await app.goto("/index/settings");
  await page.getByTestId("catalogue-settings-links").getByRole("link", { name: catalogueEn.services.title }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(catalogueEn.services.title);
  await expect(page.getByTestId("price-periods")).toBeVisible();

  const form = page.getByTestId("service-form");
  const field = (name: string) => form.locator(`[name=${name}]`);
  const save = () => app.submit(() => page.getByTestId("service-save").click());
  await field("code").fill(code);
  await field("category").selectOption("water");
  await field("nameZh").fill(`测试水管 ${code}`);
  await field("nameEn").fill(`Test pipe ${code}`);
  await field("unitZh").fill("条");
  await field("unitEn").fill("pipe");
  await field("advancePrice").fill("-5");
  await field("standardPrice").fill("abc");
  await field("onsitePrice").fill("30");
  await form.getByTestId("field-active").uncheck();
  await save();
  await expect(form).toContainText(catalogueEn.errors.negativePrice);
  await expect(form).toContainText(`correct ${catalogueEn.fields.standardPrice}`);
  await expect(field("advancePrice")).toHaveValue("-5");
  await expect(field("nameEn")).toHaveValue(`Test pipe ${code}`);
  await expect(page.getByTestId(`service-${code}`)).toHaveCount(0);

  await field("advancePrice").fill("20");
  await field("standardPrice").fill("25.5");
  await save();
  await expect(successToast(page)).toHaveText(catalogueEn.services.saved);
  const row = page.getByTestId(`service-${code}`);
  await expect(row).toContainText("¥25.50");
  await expect(row).toContainText(catalogueEn.services.withdrawn);

  // Edited: the order window the wrong way round is refused, a new price is shown.
  await row.getByTestId(`edit-${code}`).click();
  await expect(page.getByRole("heading", { name: catalogueEn.services.edit })).toBeVisible();
  // Only the order matters: a window closing five days before it opens, counted from now.
  const inDays = (days: number) => `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 11)}10:00`;
  await field("orderOpensAt").fill(inDays(10));
  await field("orderClosesAt").fill(inDays(5));
  await save();
  await expect(form).toContainText(catalogueEn.errors.windowOrder);
  await field("orderClosesAt").fill("");
  await field("orderOpensAt").fill("");
  await field("onsitePrice").fill("40");
  await save();
  await expect(successToast(page)).toHaveText(catalogueEn.services.saved);
  await expect(page.getByTestId(`service-${code}`)).toContainText("¥40.00");

  // Removed after the question.
  await page.getByTestId(`service-${code}`).getByTestId(`remove-${code}`).click();
  await expect(page.getByTestId("confirm-action")).toContainText(catalogueEn.services.confirmRemove);
  await app.submit(() => page.getByTestId("confirm-action").getByRole("button", { name: catalogueEn.remove }).click());
  await expect(successToast(page)).toHaveText(catalogueEn.services.removed);
  await expect(page.getByTestId(`service-${code}`)).toHaveCount(0);
});

test("overseas agents: an empty name is refused at its field; a good agent is saved, shown and removed", async ({ app, page, consoleErrors }) => {
  consoleErrors.allow(FAILED_RESOURCE(400));
  const code = `e2e-${test.info().project.name}-${crypto.randomBytes(3).toString("hex")}`;
  await app.signIn(ADMIN.username, ADMIN.password);
  await app.goto("/index/settings/overseasAgents");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(catalogueEn.agents.title);
  const form = page.getByTestId("agent-form");
  const field = (name: string) => form.locator(`[name=${name}]`);
  const save = () => app.submit(() => page.getByTestId("agent-save").click());
  await field("code").fill(code);
  await field("nameZh").fill(`测试代理 ${code}`);
  // A name of blanks passes the browser's own check and is refused by the server.
  await field("nameEn").fill("   ");
  await field("regionsZh").fill("北欧");
  await field("regionsEn").fill("Nordics");
  await field("contactEmail").fill("nordics@agents.test");
  await form.getByTestId("field-active").uncheck();
  await save();
  await expect(form).toContainText(`${catalogueEn.fields.nameEn} is required`);
  await expect(field("regionsEn")).toHaveValue("Nordics");

  await field("nameEn").fill(`Nordic Agent ${code}`);
  await save();
  await expect(successToast(page)).toHaveText(catalogueEn.agents.saved);
  await expect(page.getByTestId(`agent-${code}`)).toContainText(`Nordic Agent ${code}`);
  await expect(page.getByTestId(`agent-${code}`)).toContainText(catalogueEn.agents.hidden);

  await page.getByTestId(`agent-${code}`).getByTestId(`remove-${code}`).click();
  await app.submit(() => page.getByTestId("confirm-action").getByRole("button", { name: catalogueEn.remove }).click());
  await expect(successToast(page)).toHaveText(catalogueEn.agents.removed);
  await expect(page.getByTestId(`agent-${code}`)).toHaveCount(0);
});
