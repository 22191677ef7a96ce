import { clientIpFor, expect, FAILED_RESOURCE, successToast, test } from "./fixtures";
import { otherPerson } from "./other-person";

/**
 * Issue 41's data area in the browser, JS on and off: the organizer adds a class and a file (a file
 * form without its name is refused with what was typed kept; a class holding a file is not deleted,
 * after the confirmation, with the message); an exhibitor finds the file by class and keyword among
 * the demo's files and downloads it. Each project uses names of its own.
 */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

test("the organizer publishes a file and an exhibitor finds and downloads it", async ({ app, page, browser, consoleErrors }, testInfo) => {
  consoleErrors.allow(FAILED_RESOURCE(400));
  consoleErrors.allow(FAILED_RESOURCE(409));
  const project = testInfo.project.name;
  const className = `E2E class ${project}`;
  const fileName = `E2E guide ${project}`;
  await app.signIn("admin", "Admin#2026");
  await app.goto("/dataArea/files");

  const classForm = page.getByTestId("class-form");
  await classForm.locator("input[name=nameZh]").fill(`E2E 分类 ${project}`);
  await classForm.locator("input[name=nameEn]").fill(className);
  await app.submit(() => classForm.getByRole("button", { name: "Save" }).click());
  await expect(successToast(page)).toContainText("Saved");
  await expect(page.getByTestId("class-list")).toContainText(className);

  const fileForm = page.getByTestId("file-form");
  await fileForm.locator("select[name=classId]").selectOption({ label: className });
  await fileForm.locator("input[name=nameEn]").fill(fileName);
  await fileForm.locator("textarea[name=descriptionEn]").fill("Where to park the trucks");
  await fileForm.getByTestId("upload-input").setInputFiles({ name: "guide.pdf", mimeType: "application/pdf", buffer: PDF });
  if (app.jsEnabled) await expect(fileForm.getByTestId("upload-item").getByRole("link", { name: "guide.pdf" })).toBeVisible();
  // No Chinese name: refused, what was typed kept.
  await app.submit(() => page.getByTestId("file-save").click());
  await expect(page.getByTestId("file-form")).toContainText("Name (Chinese) is required");
  await expect(page.getByTestId("file-form").locator("input[name=nameEn]")).toHaveValue(fileName);
  await page.getByTestId("file-form").locator("input[name=nameZh]").fill(`E2E 指南 ${project}`);
  // The uploaded file was kept too (with and without script).
  await expect(page.getByTestId("file-form").getByTestId("upload-item")).toHaveCount(1);
  await app.submit(() => page.getByTestId("file-save").click());
  await expect(successToast(page)).toContainText("Saved");
  await expect(page.getByTestId("file-list")).toContainText(fileName);

  // The class holds the file: asked first, then refused with the count.
  await page.getByTestId("class-row").filter({ hasText: className }).getByRole("link", { name: "Delete" }).click();
  await app.submit(() => page.getByTestId("confirm-action").getByRole("button", { name: "Delete" }).click());
  await expect(page.getByTestId("delete-error")).toHaveText("This class still holds 1 files: move or delete them first");

  // An exhibitor, in a browser of its own.
  const { context, other } = await otherPerson(browser, app, testInfo, { locale: "en-US", ip: clientIpFor(testInfo, "exhibitor") });
  try {
    const exhibitor = other.page;
    await other.signIn(project === "js-on" ? "std01" : "raw01");
    await exhibitor.goto("/dataArea");
    await expect(exhibitor).toHaveURL(/\/dataArea\/index$/);
    // The demo's files are there (6 in 3 classes), then the search narrows them to this file.
    await expect(exhibitor.getByTestId("data-file").first()).toBeVisible();
    await exhibitor.locator("select[name=classId]").selectOption({ label: `${className} (1)` });
    await exhibitor.locator("input[name=keyword]").fill("park");
    await exhibitor.getByRole("button", { name: "Search" }).click();
    await expect(exhibitor.getByTestId("data-file")).toHaveCount(1);
    await expect(exhibitor.getByTestId("data-file")).toContainText(fileName);
    const href = await exhibitor.getByTestId("data-file").getByRole("link", { name: "Download" }).getAttribute("href");
    const file = await exhibitor.request.get(href!);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
    // Named after the file in the request's language (this request sends none: Chinese).
    expect(file.headers()["content-disposition"]).toContain(encodeURIComponent(`E2E 指南 ${project}.pdf`));
    await exhibitor.reload();
    await expect(exhibitor.getByTestId("data-file")).toContainText("1 downloads");
  } finally {
    await context.close();
  }
});
