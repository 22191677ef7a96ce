import crypto from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { FAILED_RESOURCE, expect, successToast, test, type App } from "./fixtures";
import { setLanguage } from "./exhibitor-helpers";
import { PNG } from "../support/sample-files";
import { JS_ON_ONLY } from "./js-on-only";

/**
 * The exhibitor's promotion pages (issue 38), in Chinese: the /invitation area is hidden in English
 * (docs/product.md § Menus and page access). The demo standard-booth exhibitor std01 is shared by
 * both projects and may hold demo exhibits and invitations, so every test makes and finds its own by
 * a unique name and never counts the whole list.
 */
const CUSTOM = "/exhibitorInfo/invitation/custom";
const EXHIBITS = `${CUSTOM}/exhibits`;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

const unique = (testInfo: TestInfo, label: string) => `${label}-${testInfo.project.name}-${crypto.randomBytes(3).toString("hex")}`;

/** Serious or critical axe findings on the page as it is (JS on only: axe runs in the page). */
async function expectAccessible(app: App) {
  if (!app.jsEnabled) return;
  const results = await new AxeBuilder({ page: app.page }).analyze();
  expect(
    results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

async function signInZh(app: App, testInfo: TestInfo) {
  await setLanguage(app.page, "zh", testInfo);
  await app.signIn("std01");
}

const exhibitRow = (page: Page, name: string) =>
  page.getByTestId("exhibit-row").filter({ has: page.getByTestId("exhibit-name").getByText(name, { exact: true }) });
const invitationRow = (page: Page, name: string) =>
  page.getByTestId("invitation-row").filter({ has: page.getByTestId("invitation-name").getByText(name, { exact: true }) });

async function attach(app: App, form: Locator, name: string, buffer = PNG) {
  await form.getByTestId("upload-input").setInputFiles({ name, mimeType: "image/png", buffer });
  if (app.jsEnabled) await expect(form.getByTestId("upload-item").getByRole("link", { name })).toBeVisible();
}

/** An exhibit with one image, made the way the page's form posts without JavaScript (the image streams to storage on the way). */
async function addExhibit(page: Page, name: string) {
  const response = await page.request.post(EXHIBITS, {
    multipart: { intent: "save", nameZh: name, imageUrls__file: { name: "exhibit.png", mimeType: "image/png", buffer: PNG } },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
}

test.beforeEach(({ consoleErrors }) => {
  consoleErrors.allow(FAILED_RESOURCE(400));
});

test("exhibits: refused input keeps what was typed, then add, change, reorder and delete", async ({ app, page }, testInfo) => {
  test.slow(); // a dozen posts with uploads, one after the other: past 90 s on a busy machine (CI)
  await signInZh(app, testInfo);
  await app.goto(EXHIBITS);
  await expect(page.getByRole("heading", { level: 1, name: "展品" })).toBeVisible();
  // The page takes the custom invitation's permission and shows the /invitation area's sidebar.
  await expect(page.locator(".area-layout").getByRole("link", { name: "定制邀请函" })).toBeVisible();
  await expect(page.getByTestId("exhibit-count")).toContainText("最多50个");
  await expectAccessible(app);

  const form = page.getByTestId("exhibit-form");
  const first = unique(testInfo, "展品甲");
  // A name far over the limit (the browser's maxlength taken away, as a hand-made post would).
  await form.locator("input[name=nameZh]").evaluate((input: HTMLInputElement) => input.removeAttribute("maxlength"));
  await form.locator("input[name=nameZh]").fill("长".repeat(500));
  await form.locator("input[name=nameEn]").fill("Kept English name");
  await form.locator("textarea[name=descriptionZh]").fill("保留的介绍");
  await form.locator("select[name=classId]").selectOption({ index: 1 });
  const chosenClass = await form.locator("select[name=classId]").inputValue();
  await attach(app, form, "kept.png");
  await app.submit(() => form.getByRole("button", { name: "保存展品" }).click());
  await expect(form.getByText("展品名称（中文）最多 100 个字符")).toBeVisible();
  await expect(form.locator("input[name=nameEn]")).toHaveValue("Kept English name");
  await expect(form.locator("textarea[name=descriptionZh]")).toHaveValue("保留的介绍");
  await expect(form.locator("select[name=classId]")).toHaveValue(chosenClass);
  await expect(form.getByTestId("upload-item").getByRole("link", { name: "kept.png" })).toBeVisible();

  // A file whose bytes are not an image, and one of 30 MB: refused with the upload's own messages.
  await form.locator("input[name=nameZh]").fill(first);
  await form.getByTestId("upload-input").setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: PDF });
  if (app.jsEnabled) await expect(form.getByTestId("upload-notice")).toContainText("该文件的内容不是 jpg, jpeg, png, gif 格式，未被接受");
  else {
    await app.submit(() => form.getByRole("button", { name: "保存展品" }).click());
    await expect(form.getByText("该文件的内容不是 jpg, jpeg, png, gif 格式，未被接受")).toBeVisible();
    await expect(form.locator("input[name=nameZh]")).toHaveValue(first);
  }
  await form
    .getByTestId("upload-input")
    .setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.concat([PNG, Buffer.alloc(30 * 1024 * 1024, 1)]) });
  if (app.jsEnabled) await expect(form.getByTestId("upload-notice")).toHaveText("huge.png 超过 5MB，请选择更小的文件");
  else {
    await app.submit(() => form.getByRole("button", { name: "保存展品" }).click());
    await expect(form.getByText("huge.png 超过 5MB，请选择更小的文件")).toBeVisible();
    await expect(form.locator("input[name=nameZh]")).toHaveValue(first);
    await expect(form.locator("input[name=nameEn]")).toHaveValue("Kept English name");
  }
  await expect(form.getByTestId("upload-item").getByRole("link", { name: "kept.png" })).toBeVisible();

  await app.submit(() => form.getByRole("button", { name: "保存展品" }).click());
  await expect(successToast(page)).toHaveText("展品已保存");
  const row = exhibitRow(page, first);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("img")).toHaveAttribute("src", /^\/files\/[A-Za-z0-9_-]+$/);

  // A second one, then moved above the first (the order is saved through saveAll).
  const second = unique(testInfo, "展品乙");
  await addExhibit(page, second);
  await app.goto(EXHIBITS);
  const names = async () => page.getByTestId("exhibit-name").allInnerTexts();
  expect((await names()).indexOf(second)).toBeGreaterThan((await names()).indexOf(first));
  await app.submit(() => exhibitRow(page, second).getByTestId("move-up").click());
  await expect(successToast(page)).toHaveText("顺序已保存");
  await expect.poll(async () => (await names()).indexOf(second) < (await names()).indexOf(first), { timeout: 0 }).toBe(true);

  // Change the first: the form opens with its values.
  await exhibitRow(page, first).getByRole("link", { name: "修改" }).click();
  await expect(page.getByRole("heading", { name: `修改展品 ${first}` })).toBeVisible();
  await expect(form.locator("input[name=nameZh]")).toHaveValue(first);
  await app.waitForHydration();
  await form.locator("input[name=nameEn]").fill("Changed English name");
  await app.submit(() => form.getByRole("button", { name: "保存展品" }).click());
  await expect(successToast(page)).toHaveText("展品已保存");
  await expect(exhibitRow(page, first)).toContainText("Changed English name");

  // Delete the second after the question.
  await exhibitRow(page, second).getByRole("link", { name: "删除" }).click();
  const confirm = page.getByTestId("confirm-delete");
  await expect(confirm).toContainText(second);
  await app.waitForHydration();
  await app.submit(() => confirm.getByRole("button", { name: "删除展品" }).click());
  await expect(successToast(page)).toHaveText("展品已删除");
  await expect(exhibitRow(page, second)).toHaveCount(0);
  await expect(exhibitRow(page, first)).toHaveCount(1);
});

test("custom invitation: refused values kept, saved with its preview and downloads, then deleted", async ({ app, page }, testInfo) => {
  await signInZh(app, testInfo);
  const exhibits = [1, 2, 3, 4].map((n) => unique(testInfo, `邀请展品${n}`));
  for (const name of exhibits) await addExhibit(page, name);

  await app.goto(CUSTOM);
  await expect(page.getByRole("heading", { level: 1, name: "定制邀请函" })).toBeVisible();
  await expect(page.getByTestId("manage-exhibits")).toHaveAttribute("href", EXHIBITS);
  const form = page.getByTestId("invitation-form");
  // The company name starts as the exhibitor's own.
  await expect(form.locator("input[name=companyName]")).not.toHaveValue("");
  const name = unique(testInfo, "春季邀请");
  await form.locator("input[name=name]").fill(name);
  await form.locator("input[name=companyName]").fill("示例科技有限公司");
  await form.getByLabel("经典中文（中文，最多3个展品）").check();
  for (const exhibit of exhibits) await form.getByLabel(exhibit, { exact: true }).check();
  await app.submit(() => form.getByRole("button", { name: "保存邀请函" }).click());
  await expect(form.getByTestId("exhibits-error")).toHaveText("该模板最多展示3个展品");
  await expect(form.locator("input[name=name]")).toHaveValue(name);
  await expect(form.locator("input[name=companyName]")).toHaveValue("示例科技有限公司");
  await expect(form.getByLabel("经典中文（中文，最多3个展品）")).toBeChecked();
  for (const exhibit of exhibits) await expect(form.getByLabel(exhibit, { exact: true })).toBeChecked();

  // One exhibit fewer, but no name: refused again, the rest kept.
  await form.getByLabel(exhibits[3]!, { exact: true }).uncheck();
  await form.locator("input[name=name]").evaluate((input: HTMLInputElement) => input.removeAttribute("required"));
  await form.locator("input[name=name]").fill("");
  await app.submit(() => form.getByRole("button", { name: "保存邀请函" }).click());
  await expect(form.getByText("邀请函名称不能为空")).toBeVisible();
  await expect(form.locator("input[name=companyName]")).toHaveValue("示例科技有限公司");
  for (const exhibit of exhibits.slice(0, 3)) await expect(form.getByLabel(exhibit, { exact: true })).toBeChecked();
  await expect(form.getByLabel(exhibits[3]!, { exact: true })).not.toBeChecked();

  await form.locator("input[name=name]").fill(name);
  await app.submit(() => form.getByRole("button", { name: "保存邀请函" }).click());
  await expect(successToast(page)).toHaveText("邀请函已保存");
  await expect(page).toHaveURL(/\?view=\d+$/);
  const id = new URL(page.url()).searchParams.get("view");
  const image = `${CUSTOM}/${id}/image?format=png`;
  const preview = page.getByTestId("invitation-preview");
  await expect(preview.locator("img")).toHaveAttribute("src", image);
  // The image route renders it (the first render after a start parses the font: give it time).
  await expect.poll(() => preview.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 0 }).toBe(750);
  await expect(preview.getByRole("link", { name: "下载图片（PNG）" })).toHaveAttribute("href", `${image}&download=1`);
  await expect(preview.getByRole("link", { name: "下载 PDF" })).toHaveAttribute("href", `${CUSTOM}/${id}/image?format=pdf&download=1`);
  await expectAccessible(app);
  const row = invitationRow(page, name);
  await expect(row).toContainText("经典中文（中文，最多3个展品）");
  await expect(row).toContainText(exhibits[0]!);
  await expect(row.locator(`img[src="${image}"]`)).toHaveCount(1);
  await expect(row.getByTestId("download-pdf")).toHaveAttribute("href", `${CUSTOM}/${id}/image?format=pdf&download=1`);

  // Delete after the question.
  await row.getByRole("link", { name: "删除" }).click();
  const confirm = page.getByTestId("confirm-delete");
  await expect(confirm).toContainText(name);
  await app.waitForHydration();
  await app.submit(() => confirm.getByRole("button", { name: "删除邀请函" }).click());
  await expect(successToast(page)).toHaveText("邀请函已删除");
  await expect(invitationRow(page, name)).toHaveCount(0);
});

test("the invitation pages are not there in English", { tag: JS_ON_ONLY }, async ({ app, page, consoleErrors }) => {
  consoleErrors.allow(FAILED_RESOURCE(403));
  await app.signIn("std01");
  for (const path of [CUSTOM, EXHIBITS]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/401$/);
  }
});
