import { expect, FAILED_RESOURCE, test } from "./fixtures";

/**
 * Issue 40's promotional video in the browser, JS on and off (decision 037): the exhibitor starts a
 * generation, the page follows the job by itself (revalidation every 2 s with script, a meta refresh
 * without) until it is done, plays the video and its share link serves byte ranges; a second start
 * while one runs is refused with the message. Each project uses its own account (js-on std01, whose
 * demo job renders first; js-off raw01).
 */
const PAGE = "/exhibitorInfo/promotionalVideo";

test("an exhibitor generates a promotional video and sees it finish", async ({ app, page, browser, consoleErrors }, testInfo) => {
  test.setTimeout(180_000);
  consoleErrors.allow(FAILED_RESOURCE(409));
  const account = testInfo.project.name === "js-on" ? "std01" : "raw01";
  await app.signIn(account);
  await app.goto(PAGE);
  const state = page.getByTestId("video-state");
  // std01's demo job (queued by the seed) renders first.
  await expect(state).not.toHaveAttribute("data-state", /queued|rendering/, { timeout: 90_000 });

  await page.locator("input[name=orientation][value=portrait]").check();
  await app.submit(() => page.getByTestId("video-start").click());
  // A second start while one runs is refused (409 with its message): tests/api/video.test.ts proves it with
  // the job held, which a browser test cannot do without racing the render.
  await expect(state).toHaveAttribute("data-state", /queued|rendering|done/);
  await expect(state).toHaveAttribute("data-state", "done", { timeout: 120_000 });
  await expect(state).toHaveText(/^(已完成|Done)$/);
  const player = page.getByTestId("video-player");
  await expect(player).toHaveAttribute("poster", /^\/v\/[A-Za-z0-9_-]+\.jpg$/);
  const src = await player.getAttribute("src");
  expect(src).toMatch(/^\/v\/[A-Za-z0-9_-]+\.mp4$/);
  const part = await page.request.get(src!, { headers: { range: "bytes=0-15" } });
  expect(part.status()).toBe(206);
  expect((await part.body()).toString("latin1", 4, 8)).toBe("ftyp");
  const past = await page.request.get(src!, { headers: { range: "bytes=999999999-" } });
  expect(past.status()).toBe(416);

  // The share page (the spec's public route), opened by someone without a session.
  const share = await page.getByTestId("video-share-page").getAttribute("href");
  expect(share).toMatch(/^\/exhibitorInfo\/promotionalVideo\?code=[A-Za-z0-9_-]+$/);
  const visitor = await browser.newContext({ javaScriptEnabled: testInfo.project.name === "js-on", baseURL: testInfo.project.use.baseURL });
  try {
    const visit = await visitor.newPage();
    await visit.goto(share!);
    await expect(visit.getByTestId("public-video-player")).toHaveAttribute("src", src!);
    await visit.goto(PAGE);
    await expect(visit.locator("#main").getByRole("link", { name: /^(登录|Sign in)$/ })).toHaveAttribute("href", /^\/login\?redirectTo=/);
    await visit.goto(`${PAGE}?code=NoSuchCode123`);
    await expect(visit.getByTestId("public-video-error")).toHaveText(/该视频不存在|This video does not exist/);
  } finally {
    await visitor.close();
  }

  // Issue 51: the share link is made for the messaging app, whose in-app browser opens it; the exhibitor's own page
  // there, and a code that plays nothing, still ask for a real browser.
  const inApp = await browser.newContext({
    javaScriptEnabled: testInfo.project.name === "js-on",
    baseURL: testInfo.project.use.baseURL,
    userAgent: "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 MicroMessenger/8.0.49",
  });
  try {
    const phone = await inApp.newPage();
    await phone.goto(share!);
    await expect(phone).toHaveURL(new RegExp(`${share!.replace(/[/?]/g, "\\$&")}$`));
    await expect(phone.getByTestId("public-video-player")).toHaveAttribute("src", src!);
    await phone.goto(`${PAGE}?code=NoSuchCode123`);
    await expect(phone).toHaveURL(/\/wxBrowser$/);
    await inApp.addCookies((await page.context().cookies()).filter((cookie) => cookie.name === "ticket"));
    await phone.goto(PAGE);
    await expect(phone).toHaveURL(/\/wxBrowser$/);
  } finally {
    await inApp.close();
  }
});
