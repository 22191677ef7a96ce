import { FAILED_RESOURCE, successToast, expect, test } from "./fixtures";
import { PNG } from "../support/sample-files";
import { JS_ON_ONLY } from "./js-on-only";

/** The upload field on the feedback page: the same rules with JavaScript (direct, with progress) and without (multipart). */

/** A PNG padded past zlib's view, large enough for progress events to be seen. */
const BIG_PNG = Buffer.concat([PNG, Buffer.alloc(1_500_000, 7)]);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

test.beforeEach(({ consoleErrors }) => {
  consoleErrors.allow(FAILED_RESOURCE(400));
});

test("an image is uploaded, ends in a saved URL, and the feedback keeps it", async ({ app, page }) => {
  await app.signIn("std01");
  await app.goto("/feedback");
  const form = page.locator("main form");
  await form.getByLabel("Type").selectOption({ label: "Malfunction" });
  await form.locator("textarea[name=content]").fill("Screenshot of the problem attached.");
  await expect(page.getByText("Accepted formats: jpg, jpeg, png; maximum size 5MB; up to 1 file(s)", { exact: false })).toBeVisible();
  // The progress bar may come and go faster than a poll on loopback: the page itself notes that it showed.
  if (app.jsEnabled) {
    await page.evaluate(() => {
      const seen = () => document.querySelector('[data-testid="upload-progress"]') !== null;
      new MutationObserver((_records, observer) => {
        if (!seen()) return;
        document.documentElement.dataset.sawUploadProgress = "yes";
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true });
    });
  }
  await page.getByTestId("upload-input").setInputFiles({ name: "screen.png", mimeType: "image/png", buffer: BIG_PNG });

  if (app.jsEnabled) {
    // Progress while the file goes to the storage host, then the stored file's link and hidden URL.
    await expect(page.locator("html")).toHaveAttribute("data-saw-upload-progress", "yes");
    const link = page.getByTestId("upload-item").getByRole("link", { name: "screen.png" });
    await expect(link).toHaveAttribute("href", /^\/files\/[A-Za-z0-9_-]+$/);
    await expect(form.locator("input[type=hidden][name=imgUrl]")).toHaveValue(/^\/files\//);
  }
  await app.submit(() => form.getByRole("button", { name: "Submit" }).click());
  await expect(successToast(page)).toHaveText("feedback success");
});

test("a refused submit keeps the uploaded image, and without JS keeps it across the round trip", async ({ app, page }) => {
  await app.signIn("std01");
  await app.goto("/feedback");
  const form = page.locator("main form");
  // No type chosen: the server refuses the form but the image is already stored.
  await form.locator("textarea[name=content]").fill("Kept across a refusal.");
  await page.getByTestId("upload-input").setInputFiles({ name: "kept.png", mimeType: "image/png", buffer: PNG });
  if (app.jsEnabled) await expect(page.getByTestId("upload-item").getByRole("link", { name: "kept.png" })).toBeVisible();
  await form.getByLabel("Type").evaluate((select: HTMLSelectElement) => select.removeAttribute("required"));
  // The server refuses it, with or without JS; waiting for the revalidation keeps the next choice from racing a re-render.
  await app.submit(() => form.getByRole("button", { name: "Submit" }).click());
  await expect(page.getByText("Please choose the feedback type")).toBeVisible();
  await expect(page.getByTestId("upload-item").getByRole("link", { name: "kept.png" })).toBeVisible();
  await expect(form.locator("textarea[name=content]")).toHaveValue("Kept across a refusal.");
  await form.getByLabel("Type").selectOption({ label: "Malfunction" });
  await app.submit(() => form.getByRole("button", { name: "Submit" }).click());
  await expect(successToast(page)).toHaveText("feedback success");
});

test("an oversize file gets the size warning", async ({ app, page }) => {
  await app.signIn("std01");
  await app.goto("/feedback");
  const form = page.locator("main form");
  await form.getByLabel("Type").selectOption({ label: "Malfunction" });
  await form.locator("textarea[name=content]").fill("Too big.");
  await page
    .getByTestId("upload-input")
    .setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 1)]) });
  if (app.jsEnabled) {
    // Refused in the browser before anything is sent.
    await expect(page.getByTestId("upload-notice")).toHaveText("huge.png is larger than 5MB, please choose a smaller file");
    await expect(page.getByTestId("upload-item")).toHaveCount(0);
  } else {
    // Refused by the server while streaming; the typed text comes back.
    await app.submit(() => form.getByRole("button", { name: "Submit" }).click());
    await expect(page.getByText("huge.png is larger than 5MB, please choose a smaller file")).toBeVisible();
    await expect(form.locator("textarea[name=content]")).toHaveValue("Too big.");
  }
});

test("a file whose bytes are not an image is refused, whatever its name", async ({ app, page }) => {
  await app.signIn("std01");
  await app.goto("/feedback");
  const form = page.locator("main form");
  await form.getByLabel("Type").selectOption({ label: "Malfunction" });
  await form.locator("textarea[name=content]").fill("A PDF named .png.");
  await page.getByTestId("upload-input").setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: PDF });
  const message = "The content of this file is not one of jpg, jpeg, png; it was not accepted";
  if (app.jsEnabled) {
    await expect(page.getByTestId("upload-notice")).toHaveText(`Operation failed: ${message}`);
    await expect(page.getByTestId("upload-item")).toHaveCount(0);
  } else {
    await app.submit(() => form.getByRole("button", { name: "Submit" }).click());
    await expect(page.getByText(message)).toBeVisible();
  }
});

test("a wrong file type by name gets the format warning", { tag: JS_ON_ONLY }, async ({ app, page }) => {
  await app.signIn("std01");
  await app.goto("/feedback");
  await page.getByTestId("upload-input").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(page.getByTestId("upload-notice")).toHaveText("Only jpg, jpeg, png files can be uploaded");
});

test("removing a file asks first", async ({ app, page }) => {
  await app.signIn("std01");
  await app.goto("/feedback");
  const form = page.locator("main form");
  await page.getByTestId("upload-input").setInputFiles({ name: "remove-me.png", mimeType: "image/png", buffer: PNG });
  if (app.jsEnabled) {
    const item = page.getByTestId("upload-item");
    await expect(item.getByRole("link", { name: "remove-me.png" })).toBeVisible();
    await item.getByRole("button", { name: "Remove" }).click();
    const confirm = page.getByTestId("upload-confirm");
    await expect(confirm).toContainText("Remove remove-me.png?");
    await confirm.getByRole("button", { name: "Keep" }).click();
    await expect(item.getByRole("link", { name: "remove-me.png" })).toBeVisible();
    await item.getByRole("button", { name: "Remove" }).click();
    await page.getByTestId("upload-confirm").getByRole("button", { name: "Remove" }).click();
    await expect(page.getByTestId("upload-item")).toHaveCount(0);
    await expect(form.locator("input[name=imgUrl]")).toHaveCount(0);
  } else {
    // Without JS the file comes back with a refused submit; removing it is a checkbox, sent with the form.
    await app.submit(() => form.getByRole("button", { name: "Submit" }).click());
    const item = page.getByTestId("upload-item");
    await expect(item.getByRole("link", { name: "remove-me.png" })).toBeVisible();
    await item.getByLabel("Remove").check();
    await app.submit(() => form.getByRole("button", { name: "Submit" }).click());
    await expect(page.getByTestId("upload-item")).toHaveCount(0);
  }
});

test("a submit while the image is still uploading is held back until it is done", { tag: JS_ON_ONLY }, async ({ app, page }) => {
  await app.signIn("std01");
  await app.goto("/feedback");
  // The storage host holds the upload until the test lets it go, so it is still running when the user submits.
  let uploading!: () => void;
  const uploadStarted = new Promise<void>((resolve) => (uploading = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/storage", async (route) => {
    uploading();
    await released;
    await route.continue();
  });
  // Every post of the form itself (a submit that was not held back would be one).
  const formPosts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/feedback") formPosts.push(request.url());
  });
  const form = page.locator("main form");
  await form.getByLabel("Type").selectOption({ label: "Malfunction" });
  await form.locator("textarea[name=content]").fill("Submitted too early.");
  await page.getByTestId("upload-input").setInputFiles({ name: "slow.png", mimeType: "image/png", buffer: PNG });
  await uploadStarted;
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("upload-notice")).toHaveText("Please wait until the upload has finished");
  release();
  await expect(page.getByTestId("upload-item").getByRole("link", { name: "slow.png" })).toBeVisible();
  // The upload has finished, and the early submit never went.
  expect(formPosts).toEqual([]);
  await expect(successToast(page)).toHaveCount(0);
  await app.submit(() => form.getByRole("button", { name: "Submit" }).click());
  await expect(successToast(page)).toHaveText("feedback success");
  // The submit after it is the form's one post (so the watch above sees a submit when there is one).
  expect(formPosts).toHaveLength(1);
});
