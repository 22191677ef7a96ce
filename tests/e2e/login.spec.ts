import { FAILED_RESOURCE, PASSWORD, expect, test } from "./fixtures";

const demoAccounts = [
  { username: "admin", password: "Admin#2026", businessName: "Organizer operations" },
  { username: "std01", password: PASSWORD, businessName: "Shenzhen Galaxy Smart Technology Co., Ltd." },
  // No English name: English falls back to the Chinese one.
  { username: "raw01", password: PASSWORD, businessName: "广州远航机器人有限公司" },
  { username: "carrier01", password: PASSWORD, businessName: "Shunda International Logistics Co., Ltd." },
];

test.describe("sign-in", () => {
  for (const account of demoAccounts) {
    test(`${account.username} signs in and sees the business name`, async ({ app, page }) => {
      await app.goto("/login");
      if (account.username === "std01") {
        // The page itself, once: English for an English browser, a plain form, no captcha for a fresh address.
        await expect(page).toHaveTitle("Login - Exhibitor Portal");
        await expect(page.locator("html")).toHaveAttribute("lang", "en");
        await expect(page.getByRole("heading", { name: "Sign in to the Exhibitor Portal" })).toBeVisible();
        await expect(page.getByRole("textbox", { name: "Username", exact: true })).toBeVisible();
        await expect(page.locator("input[name=password]")).toHaveAttribute("type", "password");
        await expect(page.getByTestId("captcha")).toHaveCount(0);
      }
      await app.login(account.username, account.password);
      await expect(page).toHaveURL(/\/index$/);
      await expect(page.getByTestId("business-name")).toHaveText(account.businessName);
      await expect(page.getByTestId("user-label")).toHaveText(account.username);
      // The ticket cookie: signed, HttpOnly, SameSite=Lax (over plain http here, so no __Host-/Secure).
      const ticket = (await page.context().cookies()).find((c) => c.name === "ticket");
      expect(ticket).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    });
  }

  test("a signed-in user visiting /login goes to the home page", async ({ app, page }) => {
    await app.loginFromScratch("std01");
    await app.goto("/login");
    await expect(page).toHaveURL(/\/index$/);
  });

  test("wrong password: message shown, username kept, password not echoed", async ({ app, page, consoleErrors }) => {
    consoleErrors.allow(FAILED_RESOURCE(400));
    await app.goto("/login");
    // The action's reply: the HTML page (JS off) or the route data (JS on).
    const reply = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/login");
    await app.login("std01", "not-the-password");
    expect(await (await reply).text()).not.toContain("not-the-password");
    await expect(page.getByTestId("form-error")).toHaveText("Incorrect username or password");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator("input[name=username]")).toHaveValue("std01");
    // Without JS the page is the server's: the password field comes back empty.
    if (!app.jsEnabled) await expect(page.locator("input[name=password]")).toHaveValue("");
    expect(await page.content()).not.toContain("not-the-password");
  });

  test("empty submit shows the required messages", async ({ app, page, consoleErrors }) => {
    consoleErrors.allow(FAILED_RESOURCE(400));
    await app.goto("/login");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Please enter username", { exact: true })).toBeVisible();
    await expect(page.getByText("Please enter password", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe("language", () => {
  test.describe("with a Chinese browser", () => {
    test.use({ locale: "zh-CN" });

    test("the login page is in Chinese", async ({ app, page }) => {
      await app.goto("/login");
      await expect(page.locator("html")).toHaveAttribute("lang", "zh");
      await expect(page).toHaveTitle("登录 - 展商服务平台");
      await expect(page.getByRole("heading", { name: "登录展商服务平台" })).toBeVisible();
      await app.login("std01", PASSWORD);
      await expect(page.getByTestId("business-name")).toHaveText("深圳星河智能科技有限公司");
    });
  });

  test("the language buttons switch the login page and remember the choice", async ({ app, page, context }) => {
    await app.goto("/login?redirectTo=%2FchangePassword");
    await expect(page.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");

    await page.getByRole("button", { name: "中文" }).click();
    await expect(page.getByRole("heading", { name: "登录展商服务平台" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "zh");
    await expect(page).toHaveTitle("登录 - 展商服务平台");
    // The page (with its return path) stays the same.
    await expect(page).toHaveURL(/\/login\?redirectTo=%2FchangePassword$/);
    await expect(page.getByRole("button", { name: "中文" })).toHaveAttribute("aria-pressed", "true");
    expect((await context.cookies()).find((c) => c.name === "lng")?.value).toBe("zh");
    if (test.info().project.name === "js-on") {
      // Mirrored to local storage, as the spec keeps the language there.
      expect(await page.evaluate(() => window.localStorage.getItem("language"))).toBe("zh");
    }

    // The choice outlives a reload and wins over the browser's English.
    await app.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh");
    await expect(page.getByRole("textbox", { name: "用户名", exact: true })).toBeVisible();

    await page.getByRole("button", { name: "English" }).click();
    await expect(page.getByRole("heading", { name: "Sign in to the Exhibitor Portal" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect((await context.cookies()).find((c) => c.name === "lng")?.value).toBe("en");
  });
});
