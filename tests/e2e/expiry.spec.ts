import { createCookie } from "@remix-run/node";
import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { PASSWORD, accountFor, expect, test } from "./fixtures";

const EXPIRED = "User not logged in or session has expired, please log in again";

/** Ends this browser's API session behind its back, as an idle timeout or an admin would. */
async function endSessionOnServer(context: BrowserContext, request: APIRequestContext) {
  const signed = (await context.cookies()).find((c) => c.name === "ticket");
  expect(signed, "ticket cookie").toBeDefined();
  const ticket = await createCookie("ticket", { secrets: ["e2e-session-secret-0123456789"] }).parse(`ticket=${signed!.value}`);
  expect(typeof ticket).toBe("string");
  const response = await request.post("/api/login/cancellation", { headers: { ticket } });
  expect((await response.json()).code).toBe(200);
}

// The web app caches each ticket's permission info for a minute (docs/decisions/004), so a session
// ended behind its back shows at the next API call that answers 401 (docs/product.md § Sign-in and sessions / Messages and errors): the skin
// page asks the API for the user's skin when it loads, and a form post calls the API too.

test("an ended session sends the next page that calls the API to login with a one-time notice", async ({ app, page, context, request }, testInfo) => {
  await app.loginFromScratch(accountFor("expire", testInfo));
  await endSessionOnServer(context, request);

  await app.goto("/skin");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fskin$/);
  await expect(page.getByText(EXPIRED, { exact: true })).toHaveCount(1);
  await expect(page.getByTestId("notice")).toHaveText(EXPIRED);

  await page.reload();
  await app.waitForHydration();
  await expect(page.getByRole("heading", { name: "Sign in to the Exhibitor Portal" })).toBeVisible();
  await expect(page.getByText(EXPIRED)).toHaveCount(0);

  await app.login(accountFor("expire", testInfo), PASSWORD);
  await expect(page).toHaveURL(/\/skin$/);
  await expect(page.getByRole("heading", { name: "Skin" })).toBeVisible();
});

test("an ended session also ends in-page navigation and form posts", async ({ app, page, context, request }, testInfo) => {
  const username = accountFor("spare", testInfo);
  await app.loginFromScratch(username);
  // The skin page gets a tab in the strip; back home, its tab is a link to follow.
  await app.goto("/skin");
  await app.goto("/index");

  // A link followed after the session ended (a client-side navigation with JS on).
  await endSessionOnServer(context, request);
  await page.locator("nav.shell-tabs").getByRole("link", { name: "Skin" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fskin$/);
  await expect(page.getByTestId("notice")).toHaveText(EXPIRED);
  await app.login(username, PASSWORD);
  await expect(page).toHaveURL(/\/skin$/);

  // A form posted after the session ended: nothing is changed, the user signs in again.
  await app.goto("/changePassword");
  await endSessionOnServer(context, request);
  await page.locator("input[name=password]").fill(PASSWORD);
  await page.locator("input[name=newPassword]").fill("Changed#2026");
  await page.locator("input[name=newPassword1]").fill("Changed#2026");
  await page.locator("main form").getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2FchangePassword$/);
  await expect(page.getByTestId("notice")).toHaveText(EXPIRED);
  await app.login(username, PASSWORD);
  await expect(page).toHaveURL(/\/changePassword$/);
});
