import { FAILED_RESOURCE, successToast, accountFor, expect, test } from "./fixtures";
import { JS_ON_ONLY } from "./js-on-only";

const TOO_LONG = "The content can be at most 300 characters";

test.describe("feedback", () => {
  test.beforeEach(({ consoleErrors }) => {
    // Refused submissions answer 400.
    consoleErrors.allow(FAILED_RESOURCE(400));
  });

  test("the content is limited to 300 characters, with a live counter when JS is on", { tag: JS_ON_ONLY }, async ({ app, page }) => {
    await app.signIn("std01");
    await app.goto("/feedback");
    const content = page.locator("main form textarea[name=content]");
    const counter = page.getByTestId("counter");
    await expect(content).toHaveAttribute("maxlength", "300");
    if (app.jsEnabled) {
      await expect(counter).toHaveText("0/300");
      await content.pressSequentially("Hello");
      await expect(counter).toHaveText("5/300");
      await content.fill("a".repeat(120));
      await expect(counter).toHaveText("120/300");
    } else {
      // Without JS the limit is stated instead of counted.
      await expect(page.getByText("At most 300 characters", { exact: true })).toBeVisible();
      await expect(counter).toHaveCount(0);
    }
    // The field refuses what goes past the limit (typing or pasting).
    await content.fill("b".repeat(10));
    await content.focus();
    await content.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length, el.value.length));
    await page.keyboard.insertText("c".repeat(295));
    await expect(content).toHaveValue("b".repeat(10) + "c".repeat(290));
    if (app.jsEnabled) await expect(counter).toHaveText("300/300");
  });

  test("the server refuses 301 characters", { tag: JS_ON_ONLY }, async ({ app, page }) => {
    await app.signIn("std01");
    // page.request does not send the browser's language; the cookie chooses English.
    await page.context().addCookies([{ name: "lng", value: "en", url: test.info().project.use.baseURL! }]);
    // Past the textarea's maxlength: the form post as a browser without the limit would send it.
    const response = await page.request.post("/feedback", { multipart: { type: "1", content: "x".repeat(301) } });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain(TOO_LONG);
    expect(html).not.toContain("feedback success");
    // 300 is fine.
    const ok = await page.request.post("/feedback", { multipart: { type: "1", content: "y".repeat(300) } });
    expect(ok.status()).toBe(200);
    expect(await ok.text()).toContain("feedback success");
  });

  test("a valid feedback is sent", async ({ app, page }) => {
    await app.signIn("std01");
    await app.goto("/feedback");
    const form = page.locator("main form");
    await form.getByLabel("Type").selectOption({ label: "Suggestion" });
    await form.locator("textarea[name=content]").fill("The schedule page could show the booth number.");
    await app.submit(() => form.getByRole("button", { name: "Submit" }).click());
    await expect(successToast(page)).toHaveText("feedback success");
    // The form is emptied after success.
    await expect(form.locator("textarea[name=content]")).toHaveValue("");
  });
});

test("the skin picker: skin2 is applied and stays chosen", async ({ app, page }, testInfo) => {
  // Skins belong to the account: this project's spare one, so other tests' pages keep theirs.
  await app.signIn(accountFor("spare", testInfo));
  await app.goto("/skin");
  const meadow = page.getByRole("radio", { name: "Meadow" });
  await meadow.check();
  await app.submit(() => page.locator("main form").getByRole("button", { name: "Apply" }).click());
  await expect(successToast(page)).toHaveText("skin change success");
  await expect(meadow).toBeChecked();

  // Loaded afresh (a reload of a JS-off POST result would post again).
  await app.goto("/skin");
  await expect(successToast(page)).toHaveCount(0);
  await expect(page.getByRole("radio", { name: "Meadow" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Morning sky" })).not.toBeChecked();
});

test("the skin picker is reached from the settings link in the footer", { tag: JS_ON_ONLY }, async ({ app, page }) => {
  await app.signIn("std01");
  await app.goto("/index");
  await page.locator("footer").getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/skin$/);
});

test("after a post the frame is asked again only when the action may have changed it", { tag: JS_ON_ONLY }, async ({ app, page }, testInfo) => {
  // Decision 072: feedback leaves the header, menus and tabs as they were; a new skin is the frame's background.
  await app.signIn(accountFor("spare", testInfo));
  const frameLoads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).searchParams.get("_data") === "routes/_shell") frameLoads.push(request.url());
  });
  const pageReloaded = (route: string) =>
    page.waitForResponse((response) => response.request().method() === "GET" && new URL(response.url()).searchParams.get("_data") === route);

  await app.goto("/feedback");
  const form = page.locator("main form");
  await form.getByLabel("Type").selectOption({ label: "Suggestion" });
  await form.locator("textarea[name=content]").fill("The frame stays as it was after this.");
  // The browser asks the page's loaders again at once, all together: once the page's answer is in, a frame load would have been asked too.
  const feedbackReloaded = pageReloaded("routes/_shell.feedback");
  await form.getByRole("button", { name: "Submit" }).click();
  await feedbackReloaded;
  await expect(successToast(page)).toHaveText("feedback success");
  expect(frameLoads).toEqual([]);

  await app.goto("/skin");
  frameLoads.length = 0;
  const frameReloaded = pageReloaded("routes/_shell");
  await page.getByRole("radio", { name: "Morning sky" }).check();
  await page.locator("main form").getByRole("button", { name: "Apply" }).click();
  await frameReloaded;
  await expect(successToast(page)).toHaveText("skin change success");
  expect(frameLoads).toHaveLength(1);
});

test("a navigation to an open tab does not ask the frame again; one to a new page does", { tag: JS_ON_ONLY }, async ({ app, page }, testInfo) => {
  // Decision 073: each tab carries what the frame shows on its page (title, floating buttons, read-only).
  await app.signIn(accountFor("spare", testInfo));
  await app.goto("/feedback");
  await app.goto("/skin");
  const tabs = page.locator("nav.shell-tabs li.shell-tab > a");
  await expect(tabs.filter({ hasText: "Skin" })).toHaveCount(1);
  const openTabs = await tabs.allTextContents();
  expect(openTabs).toContain("Feedback");
  expect(openTabs).not.toContain("Change password");
  const frameLoads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).searchParams.get("_data") === "routes/_shell") frameLoads.push(request.url());
  });
  const pageLoaded = (route: string) =>
    page.waitForResponse((response) => response.request().method() === "GET" && new URL(response.url()).searchParams.get("_data") === route);

  // To an open tab: only the page's loader is asked (both would be asked at once), and the page is named as its tab.
  const feedbackLoaded = pageLoaded("routes/_shell.feedback");
  await tabs.filter({ hasText: "Feedback" }).click();
  await feedbackLoaded;
  await expect(page).toHaveURL(/\/feedback$/);
  await expect(page).toHaveTitle("Feedback");
  await expect(page.locator("main form textarea[name=content]")).toBeVisible();
  expect(frameLoads).toEqual([]);

  // To a page that is not a tab yet: the frame is asked, and the new tab shows.
  const frameLoaded = pageLoaded("routes/_shell");
  await page.getByTestId("user-label").click();
  await page.getByRole("link", { name: "Change password" }).click();
  await frameLoaded;
  await expect(page).toHaveURL(/\/changePassword$/);
  await expect(tabs).toHaveText([...openTabs, "Change password"]);
  expect(frameLoads).toHaveLength(1);
});
