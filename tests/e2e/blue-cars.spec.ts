import { FAILED_RESOURCE, accountFor, expect, successToast, test } from "./fixtures";
import { setLanguage } from "./exhibitor-helpers";
import { PNG } from "../support/sample-files";
import { otherPersonInChinese } from "./other-person";

/**
 * Blue-plate cars (issue 41, /HT/blueCarGuide) in the browser, JS on and off: a plate of 7 characters
 * too short is refused with what was typed and the five uploaded pictures kept; the car registered
 * shows under review; the organizer approves it with a pass number (/HT/blueCarReview) and the
 * exhibitor downloads the PDF pass. In English the page is the exhibition's English traffic page (the
 * demo's). Each project registers its own plate.
 */
const DEMO_TRAFFIC_PAGE_URL_EN = "https://traffic.example.org/en";
const SCANS = ["licenseFrontUrl", "licenseBackUrl", "licenseSecondUrl", "licenseFourPagesUrl", "vehiclePhotoUrl"];

test("a blue-plate car registered, kept on a refused plate, approved with a pass, and the English redirect", async ({
  app,
  page,
  browser,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(120_000);
  consoleErrors.allow(FAILED_RESOURCE(400));
  const plate = testInfo.project.name === "js-on" ? "湘A9B001" : "湘A9B002";
  await setLanguage(page, "zh", testInfo);
  await app.signIn(accountFor("vehicles-express", testInfo));
  await app.goto("/HT/blueCarGuide");
  await expect(page.getByTestId("blue-car-guide")).toContainText("深圳本地车牌（粤B）无需登记");

  const form = page.getByTestId("blue-car-form");
  await form.locator("input[name=ownerName]").fill("孙八");
  await form.locator("input[name=plate]").fill("湘A123");
  // One upload field per scan (with script, a field's input goes once it holds its file).
  for (const [i, scan] of SCANS.entries())
    await form
      .getByTestId(`upload-${scan}`)
      .getByTestId("upload-input")
      .setInputFiles({ name: `scan-${i + 1}.png`, mimeType: "image/png", buffer: PNG });
  if (app.jsEnabled) await expect(form.getByTestId("upload-item").getByRole("link")).toHaveCount(5);
  await app.submit(() => form.getByTestId("blue-car-add").click());
  await expect(page.getByTestId("blue-car-form")).toContainText("车牌号应为 7 或 8 位");
  await expect(page.getByTestId("blue-car-form").locator("input[name=ownerName]")).toHaveValue("孙八");
  // The pictures uploaded before the refusal are kept (with and without script).
  await expect(page.getByTestId("blue-car-form").getByTestId("upload-item")).toHaveCount(5);
  await page.getByTestId("blue-car-form").locator("input[name=plate]").fill(plate);
  await app.submit(() => page.getByTestId("blue-car-form").getByTestId("blue-car-add").click());
  await expect(successToast(page)).toContainText("车辆已登记");
  const row = page.getByTestId("blue-car-list").locator("tr", { hasText: plate });
  await expect(row.getByTestId("blue-car-status")).toContainText("审核中");

  // The organizer approves it with a pass number, in a browser of its own.
  const { other: organizer, close } = await otherPersonInChinese(browser, app, testInfo);
  try {
    await organizer.signIn("admin", "Admin#2026");
    await organizer.goto("/HT/blueCarReview?status=submitted");
    const waiting = organizer.page.getByTestId("blue-car-review-list").locator("tr", { hasText: plate });
    const approve = waiting.locator("form", { has: organizer.page.locator("input[name=passNo]") });
    await approve.locator("input[name=passNo]").fill(`SZ-${plate.slice(-3)}`);
    await organizer.submit(() => approve.getByRole("button", { name: "通过" }).click());
    await expect(successToast(organizer.page)).toContainText("车辆已审核通过");

    // The guide previewed as exhibitors will read it: nothing saved, what was typed kept.
    const settings = organizer.page.getByTestId("blue-car-settings");
    const typed = `## 预览标题 ${plate}\n- 第一项`;
    await settings.locator("textarea[name=guideZh]").fill(typed);
    await organizer.submit(() => settings.getByTestId("blue-car-settings-preview").click());
    const preview = organizer.page.getByTestId("blue-car-guide-preview-guideZh");
    await expect(preview.getByRole("heading", { name: `预览标题 ${plate}` })).toBeVisible();
    await expect(preview.getByRole("listitem")).toHaveText("第一项");
    await expect(organizer.page.getByTestId("blue-car-settings").locator("textarea[name=guideZh]")).toHaveValue(typed);
  } finally {
    await close();
  }

  await app.goto("/HT/blueCarGuide");
  const approved = page.getByTestId("blue-car-list").locator("tr", { hasText: plate });
  await expect(approved.getByTestId("blue-car-status")).toContainText("已通过");
  await expect(approved.getByTestId("blue-car-pass-line")).toContainText(`SZ-${plate.slice(-3)}`);
  const href = await approved.getByRole("link", { name: "下载通行证（PDF）" }).getAttribute("href");
  const pass = await page.request.get(href!);
  expect(pass.status()).toBe(200);
  expect((await pass.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // In English the page answers a redirect to the exhibition's English traffic page.
  await setLanguage(page, "en", testInfo);
  const english = await page.request.get("/HT/blueCarGuide", { maxRedirects: 0, headers: { "accept-language": "en" } });
  expect(english.status()).toBe(302);
  expect(english.headers().location).toBe(DEMO_TRAFFIC_PAGE_URL_EN);
});
