import type { Browser, TestInfo } from "@playwright/test";
import { FAILED_RESOURCE, accountFor, expect, successToast, test, type App, type ConstructionAccount } from "./fixtures";
import { setLanguage } from "./exhibitor-helpers";
import { addDays, testCalendar } from "../support/test-clock";
import { otherPersonInChinese } from "./other-person";

/**
 * Booth construction (/boothConstruction), in Chinese (the area is hidden in English, docs/product.md § Exhibitor data):
 * the standard build from draft to the organizer's return and the resubmission, the safety
 * commitment's tick rule and signed scans, and a raw space booth's drawings to approval. Each test
 * and project has its own exhibitor (CONSTRUCTION_ACCOUNTS: standard booths 9H01..., raw space 9J01...).
 */
const STANDARD = "/boothConstruction/standardConstruction";
const COMMITMENT = "/boothConstruction/entrySafetyCommitment";
const PROCESS = "/boothConstruction/specialBoothCIProcess";
const REVIEW = "/boothConstruction/constructionReview";
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3a1b5e30000000049454e44ae426082",
  "hex",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

async function signIn(app: App, kind: ConstructionAccount, testInfo: TestInfo, page: string) {
  await setLanguage(app.page, "zh", testInfo);
  await app.signIn(accountFor(kind, testInfo));
  await app.goto(page);
}

/** The organizer in a browser of its own, with the same JavaScript setting as the test. */
async function organizerFor(browser: Browser, app: App, testInfo: TestInfo) {
  const { other: organizer, close } = await otherPersonInChinese(browser, app, testInfo);
  await organizer.signIn("admin", "Admin#2026");
  return { organizer, close };
}

/** Opens the queue filtered to one booth and the record of `subject`, then decides it. */
async function decide(organizer: App, boothNo: string, subject: string, decision: "通过" | "退回", comment?: string) {
  const opage = organizer.page;
  await organizer.goto(`${REVIEW}?subject=${subject}&status=submitted&keyword=${boothNo}`);
  const row = opage.getByTestId("review-table").locator("tbody tr").first();
  await expect(row).toContainText(boothNo);
  await row.getByRole("link", { name: /^审核/ }).click();
  const form = opage.getByTestId("review-decision");
  if (comment) await form.getByLabel("审核意见").fill(comment);
  await organizer.submit(() => form.getByRole("button", { name: decision }).click());
  await expect(successToast(opage)).toBeVisible();
}

test("standard build: draft with refused date kept, submit, the organizer returns with a comment, resubmit", async ({
  app,
  page,
  browser,
  consoleErrors,
}, testInfo) => {
  consoleErrors.allow(FAILED_RESOURCE(400));
  await signIn(app, "build-std", testInfo, STANDARD);
  const boothNo = `9H0${testInfo.project.name === "js-on" ? 1 : 2}`;
  await expect(page.getByRole("heading", { name: "标摊搭建", level: 1 })).toBeVisible();
  const form = page.getByTestId("standard-build-form");
  // A 3x3 booth: the 3x2 set plus a negotiation table with three chairs.
  await expect(form.getByTestId("equipment")).toContainText("洽谈桌");
  await expect(form.getByTestId("equipment").locator("tbody tr")).toHaveCount(9);
  await expect(page.getByTestId("fascia-preview")).toBeVisible();

  const nameZh = `星河展示${testInfo.project.name === "js-on" ? "一" : "二"}`;
  await form.locator("input[name=fasciaNameZh]").fill(nameZh);
  await form.locator("input[name=fasciaNameEn]").fill("Galaxy Display");
  await form.getByLabel("不需要: 垃圾桶").check();
  await form.locator("input[name=positioningDate]").fill(addDays(testCalendar.opensOn, 30));
  await app.submit(() => form.getByRole("button", { name: "提交" }).click());
  await expect(page.getByText("提前定位日期须在布展期内")).toBeVisible();
  await expect(form.locator("input[name=fasciaNameZh]")).toHaveValue(nameZh);
  await expect(form.getByLabel("不需要: 垃圾桶")).toBeChecked();
  // The preview shows what is typed (server-rendered after the refusal without JavaScript).
  await expect(page.getByTestId("fascia-preview")).toContainText(nameZh);

  await form.locator("input[name=positioningDate]").fill("");
  await app.submit(() => form.getByRole("button", { name: "保存草稿" }).click());
  await expect(successToast(page)).toContainText("草稿已保存");
  await expect(page.getByTestId("construction-status")).toHaveText("草稿");
  await app.submit(() => page.getByTestId("standard-build-form").getByRole("button", { name: "提交" }).click());
  await expect(successToast(page)).toContainText("已提交审核");
  await expect(page.getByTestId("construction-status")).toHaveText("已提交，审核中");
  await expect(page.getByTestId("build-read-only")).toBeVisible();

  const { organizer, close } = await organizerFor(browser, app, testInfo);
  try {
    await decide(organizer, boothNo, "fascia", "退回", "英文名称请使用公司注册全称");
  } finally {
    await close();
  }

  await app.goto(STANDARD);
  await expect(page.getByTestId("construction-status")).toHaveText("已退回");
  await expect(page.getByTestId("review-comment")).toContainText("英文名称请使用公司注册全称");
  await expect(page.getByTestId("construction-history")).toContainText("退回");
  const again = page.getByTestId("standard-build-form");
  await again.locator("input[name=fasciaNameEn]").fill("Shenzhen Galaxy Display Co., Ltd.");
  await app.submit(() => again.getByRole("button", { name: "提交" }).click());
  await expect(page.getByTestId("construction-status")).toHaveText("已提交，审核中");
  await expect(page.getByTestId("fascia-preview")).toContainText("Shenzhen Galaxy Display Co., Ltd.");
});

test("safety commitment: refused without the tick, filled PDF, signed scans submitted", async ({ app, page, consoleErrors }, testInfo) => {
  consoleErrors.allow(FAILED_RESOURCE(400));
  await signIn(app, "build-commit", testInfo, COMMITMENT);
  await expect(page.getByRole("heading", { name: "进馆安全承诺", level: 1 })).toBeVisible();
  await expect(page.getByTestId("construction-status")).toHaveText("未签署");
  await expect(page.getByTestId("commitment-text")).toContainText("馆内禁止明火");
  const form = page.getByTestId("commitment-form");
  await form.getByLabel("现场负责人").fill("王建国");
  await form.getByLabel("搭建商").fill("鑫源展览工程有限公司");
  await form.getByLabel("手机号").fill("13912345678");
  await app.submit(() => form.getByRole("button", { name: "保存并生成承诺书" }).click());
  await expect(page.getByText("请勾选已阅读规则")).toBeVisible();
  await expect(form.getByLabel("现场负责人")).toHaveValue("王建国");

  await form.getByLabel("我已阅读并同意以上规定").check();
  await app.submit(() => form.getByRole("button", { name: "保存并生成承诺书" }).click());
  await expect(successToast(page)).toContainText("承诺书已生成");
  const download = page.getByTestId("commitment-download");
  await expect(download).toBeVisible();
  const pdf = await page.request.get((await download.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  const scans = page.getByTestId("commitment-scans-form");
  await scans.getByTestId("upload-input").setInputFiles([
    { name: "page1.png", mimeType: "image/png", buffer: PNG },
    { name: "page2.png", mimeType: "image/png", buffer: PNG },
  ]);
  // With JavaScript the scans upload at once: submit once both have arrived.
  if (app.jsEnabled) for (const name of ["page1.png", "page2.png"]) await expect(scans.getByTestId("upload-item").getByRole("link", { name })).toBeVisible();
  await app.submit(() => scans.getByRole("button", { name: "提交签字承诺书" }).click());
  await expect(successToast(page)).toContainText("签字承诺书已提交审核");
  await expect(page.getByTestId("construction-status")).toHaveText("已提交，审核中");
  await expect(page.getByTestId("commitment-signed")).toBeVisible();
});

test("special booth drawings: three documents uploaded, one returned and corrected, all approved and frozen", async ({ app, page, browser }, testInfo) => {
  // Two people, three uploads and four decisions, each a server round trip (forms are checked on the server only).
  test.setTimeout(120_000);
  await signIn(app, "build-raw", testInfo, PROCESS);
  const boothNo = `9J0${testInfo.project.name === "js-on" ? 1 : 2}`;
  await expect(page.getByTestId("process-steps")).toHaveAttribute("data-step", "submit");
  for (const kind of ["design", "structure", "qualification"] as const) {
    const form = page.getByTestId(`drawing-form-${kind}`);
    await form.getByTestId("upload-input").setInputFiles({ name: `${kind}.pdf`, mimeType: "application/pdf", buffer: PDF });
    if (app.jsEnabled) await expect(form.getByTestId("upload-item").getByRole("link", { name: `${kind}.pdf` })).toBeVisible();
    await app.submit(() => form.getByRole("button", { name: "上传新版本" }).click());
    await expect(page.getByTestId(`drawing-${kind}-v1`)).toBeVisible();
  }
  await expect(page.getByTestId("process-steps")).toHaveAttribute("data-step", "review");
  // Under review: no new version until the organizer has decided.
  await expect(page.getByTestId("drawing-form-design")).toHaveCount(0);

  const { organizer, close } = await organizerFor(browser, app, testInfo);
  try {
    await decide(organizer, boothNo, "drawing", "通过");
    await decide(organizer, boothNo, "drawing", "退回", "缺少钢结构节点计算");
    await decide(organizer, boothNo, "drawing", "通过");

    await app.goto(PROCESS);
    await expect(page.getByTestId("process-steps")).toHaveAttribute("data-step", "rectify");
    await expect(page.getByTestId("drawing-comment").first()).toBeVisible();
    const returned = page.locator("[data-testid^=drawing-form-]");
    await expect(returned).toHaveCount(1);
    await returned.getByTestId("upload-input").setInputFiles({ name: "corrected.pdf", mimeType: "application/pdf", buffer: PDF });
    if (app.jsEnabled) await expect(returned.getByTestId("upload-item").getByRole("link", { name: "corrected.pdf" })).toBeVisible();
    await app.submit(() => returned.getByRole("button", { name: "上传新版本" }).click());
    await expect(successToast(page)).toContainText("新版本已上传");
    await expect(page.getByTestId("process-steps")).toHaveAttribute("data-step", "review");

    await decide(organizer, boothNo, "drawing", "通过");
  } finally {
    await close();
  }
  await app.goto(PROCESS);
  await expect(page.getByTestId("process-steps")).toHaveAttribute("data-step", "approved");
  await expect(page.getByText("已通过并锁定")).toHaveCount(3);
  await expect(page.locator("[data-testid^=drawing-form-]")).toHaveCount(0);
});
