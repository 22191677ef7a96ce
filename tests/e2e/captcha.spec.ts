import crypto from "node:crypto";
import { MISS_POINT, solveClickCaptcha, solveTextCaptcha } from "./captcha-solver";
import { FAILED_RESOURCE, PASSWORD, accountFor, expect, test, type App } from "./fixtures";

const WRONG_CREDENTIALS = "Incorrect username or password";

function captchaIdOf(app: App) {
  return app.page.getByTestId("captcha").locator("input[name=captchaId]").inputValue();
}

/** Clicks the click captcha: on the asked-for character (solved from the SVG and the font) or in a corner. */
async function clickCaptcha(app: App, where: "target" | "miss") {
  const image = app.page.locator("input[type=image][name=captcha]");
  const instruction = (await app.page.locator("#captcha-instruction").textContent()) ?? "";
  const target = /“(.)”/.exec(instruction)?.[1];
  if (!target) throw new Error(`no target in “${instruction}”`);
  const point = where === "target" ? solveClickCaptcha((await image.getAttribute("src")) ?? "", target) : MISS_POINT;
  await app.submit(() => image.click({ position: point }));
}

/** A sign-in that fails on the password (no captcha involved yet). */
async function failPassword(app: App, username: string) {
  await app.submit(() => app.login(username, "wrong-password"));
  await expect(app.page.getByTestId("form-error")).toHaveText(WRONG_CREDENTIALS);
}

/** An unknown username of this test alone. */
const ghostName = () => `ghost-${crypto.randomUUID().slice(0, 8)}`;

test.beforeEach(({ consoleErrors }) => {
  // Refused sign-ins answer 400 (and 429 when locked); Chromium logs those replies.
  consoleErrors.allow(FAILED_RESOURCE(400));
  consoleErrors.allow(FAILED_RESOURCE(429));
});

test("three wrong passwords bring the click captcha, which must be solved to sign in", async ({ app, page }, testInfo) => {
  const username = accountFor("captcha", testInfo);
  await app.goto("/login");
  for (let failure = 1; failure <= 3; failure++) {
    await failPassword(app, username);
    await expect(page.getByTestId("captcha")).toHaveCount(failure < 3 ? 0 : 1);
  }
  await expect(page.locator("#captcha-instruction")).toHaveText(/^Click the character “.” in the picture$/);
  await expect(page.locator("input[name=username]")).toHaveValue(username);

  // "Another picture" gives a new one.
  let previous = await captchaIdOf(app);
  await page.getByRole("link", { name: "Another picture" }).click();
  await expect(page.getByTestId("captcha").locator("input[name=captchaId]")).not.toHaveValue(previous);
  await app.waitForHydration();

  // The right password alone is not enough.
  previous = await captchaIdOf(app);
  await app.submit(() => app.login(username, PASSWORD));
  await expect(page.getByTestId("form-error")).toHaveText("Please complete the security check first");
  await expect(page.getByTestId("captcha")).toBeVisible();

  // A click beside every character is refused, and a fresh picture replaces the spent one.
  previous = await captchaIdOf(app);
  await app.fillLogin(username, PASSWORD);
  await clickCaptcha(app, "miss");
  await expect(page.getByTestId("form-error")).toHaveText("The security check was not passed, please try again");
  await expect(page.getByTestId("captcha").locator("input[name=captchaId]")).not.toHaveValue(previous);
  await expect(page).toHaveURL(/\/login(\?|$)/);

  // The asked-for character, with the right password: signed in.
  await app.fillLogin(username, PASSWORD);
  await clickCaptcha(app, "target");
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByTestId("business-name")).toHaveText("E2E e2e-captcha");
});

test("the type-a-code alternative signs in", async ({ app, page }) => {
  // Three failures from this address (any username) make the captcha due for everyone here.
  const ghost = ghostName();
  await app.goto("/login");
  for (let failure = 1; failure <= 3; failure++) await failPassword(app, ghost);
  await expect(page.getByTestId("captcha")).toBeVisible();

  await page.getByRole("link", { name: "Type a code instead" }).click();
  await expect(page).toHaveURL(/[?&]captcha=text/);
  const code = page.getByRole("textbox", { name: "Verification code", exact: true });
  await expect(code).toBeVisible();
  await app.waitForHydration();

  // A wrong code is refused.
  await app.fillLogin("std01", PASSWORD);
  await code.fill("zzzzzz");
  await app.submit(() => page.getByTestId("captcha").getByRole("button", { name: "Sign in" }).click());
  await expect(page.getByTestId("form-error")).toHaveText("The security check was not passed, please try again");

  // The characters in the picture, read from its glyph outlines.
  await app.fillLogin("std01", PASSWORD);
  const src = (await page.getByTestId("captcha").locator("img").getAttribute("src")) ?? "";
  await page.getByRole("textbox", { name: "Verification code", exact: true }).fill(solveTextCaptcha(src));
  await page.getByTestId("captcha").getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByTestId("business-name")).toHaveText("Shenzhen Galaxy Smart Technology Co., Ltd.");
});

test("ten failures lock sign-in from that address", async ({ app, page, request }) => {
  test.slow(); // eleven sign-ins with ten captchas solved: long on a busy machine
  const ghost = ghostName();
  await app.goto("/login");
  for (let failure = 1; failure <= 3; failure++) await failPassword(app, ghost);
  // From the 4th on, a failure only counts once the captcha is passed.
  const previous = await captchaIdOf(app);
  await app.fillLogin(ghost, "wrong-password");
  await clickCaptcha(app, "target");
  await expect(page.getByTestId("form-error")).toHaveText(WRONG_CREDENTIALS);
  await expect(page.getByTestId("captcha").locator("input[name=captchaId]")).not.toHaveValue(previous);
  // 5th to 10th straight through the API from the same address (same steps as the page, faster).
  for (let failure = 5; failure <= 10; failure++) {
    const captcha = (await (await request.get("/api/vcode/readUsingImageReaderBigcH")).json()).data;
    const point = solveClickCaptcha(captcha.image, captcha.target);
    expect((await (await request.post("/api/vcode/verify", { data: { captchaId: captcha.captchaId, points: [point] } })).json()).code).toBe(200);
    const reply = await (
      await request.post("/api/login/login", { form: { username: ghost, password: "wrong-password", captchaId: captcha.captchaId } })
    ).json();
    expect(reply.code).toBe(400);
  }

  await app.fillLogin(ghost, "wrong-password");
  await clickCaptcha(app, "target");
  await expect(page.getByTestId("form-error")).toHaveText("Too many failed sign-in attempts. Please try again in 15 minutes.");

  // The address is locked: even a real account with its right password is refused.
  await app.goto("/login");
  await app.fillLogin("std01", PASSWORD);
  await clickCaptcha(app, "target");
  await expect(page.getByTestId("form-error")).toHaveText(/^Too many failed sign-in attempts\. Please try again in \d+ minutes\.$/);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("business-name")).toHaveCount(0);
});
