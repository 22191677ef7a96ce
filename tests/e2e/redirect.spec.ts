import { PASSWORD, expect, test } from "./fixtures";

test("a signed-out visit to a page goes to login and comes back after signing in", async ({ app, page }) => {
  await app.goto("/changePassword");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2FchangePassword$/);
  // Nothing to explain: the user simply was not signed in.
  await expect(page.getByTestId("notice")).toHaveCount(0);
  await app.login("std01", PASSWORD);
  await expect(page).toHaveURL(/\/changePassword$/);
  await expect(page.getByRole("heading", { name: "Change password" })).toBeVisible();
});

test("the return path only leads to this site", async ({ app, page }) => {
  await app.goto("/login?redirectTo=%2F%2Fevil.example%2Fx");
  await app.login("std01", PASSWORD);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/index$/);
});

test("logout ends the session with a notice; signed-in pages then ask to sign in", async ({ app, page, context }) => {
  await app.loginFromScratch("std01");
  // "Change password" is in the user dropdown of the header.
  await (await app.openUserMenu()).getByRole("link", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/changePassword$/);
  const ticket = (await context.cookies()).find((c) => c.name === "ticket");
  expect(ticket).toBeDefined();

  await app.logout();
  await expect(page.getByTestId("notice")).toHaveText("You have signed out");
  expect((await context.cookies()).find((c) => c.name === "ticket")).toBeUndefined();
  // The notice is shown once.
  await app.goto("/login");
  await expect(page.getByTestId("notice")).toHaveCount(0);

  await app.goto("/index");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Findex$/);

  // The API session is over too: the old cookie, put back, no longer signs anyone in.
  await context.addCookies([ticket!]);
  await app.goto("/index");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Findex$/);
  await expect(page.getByTestId("notice")).toHaveText("User not logged in or session has expired, please log in again");
});
