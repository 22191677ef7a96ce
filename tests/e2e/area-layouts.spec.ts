import { setLanguage } from "./exhibitor-helpers";
import { FAILED_RESOURCE, expect, test } from "./fixtures";
import { JS_ON_ONLY } from "./js-on-only";

/**
 * Areas are layout routes (app/components/shell/area-layout.tsx): the sidebar is the area's, a
 * failing page keeps the shell and the sidebar, a bare area path opens its first page, and moving
 * between the area's pages does not load the area again.
 */

const AREA_DATA = "routes%2F_shell.bookingService";

test("a page that fails shows the error page inside the shell, menus still usable", { tag: JS_ON_ONLY }, async ({ app, page, consoleErrors }, testInfo) => {
  consoleErrors.allow(FAILED_RESOURCE(404));
  await setLanguage(page, "zh", testInfo);
  await app.signIn("std01");
  // A well-formed order number that is nobody's: the page's loader answers 404.
  const response = await page.goto("/bookingService/myOrder/SO20261120-ZZZZZZ");
  expect(response?.status()).toBe(404);
  await app.waitForHydration();
  const error = page.getByTestId("error-page");
  await expect(error).toHaveAttribute("data-status", "404");
  await expect(error.getByRole("heading", { level: 1 })).toHaveText("找不到该页面");
  // The shell's header and the area's sidebar are still there and work.
  await expect(page.getByRole("banner")).toBeVisible();
  const sidebar = page.getByRole("complementary");
  await expect(sidebar).toContainText("我的订单");
  await sidebar.getByRole("link", { name: "我的订单" }).click();
  await expect(page).toHaveURL(/\/bookingService\/myOrder$/);
  await expect(page.getByTestId("error-page")).toHaveCount(0);
});

test("a bare area path opens the area's first page", { tag: JS_ON_ONLY }, async ({ app, page }, testInfo) => {
  await setLanguage(page, "zh", testInfo);
  await app.signIn("std01");
  await app.goto("/bookingService");
  await expect(page).toHaveURL(/\/bookingService\/onlineBookingService$/);
  await app.goto("/exhibitorInfo");
  await expect(page).toHaveURL(/\/exhibitorInfo\/exhibitorData$/);
});

test("moving between an area's pages does not load the area (its API calls) again", { tag: JS_ON_ONLY }, async ({ app, page }, testInfo) => {
  await setLanguage(page, "zh", testInfo);
  await app.signIn("std01");
  await app.goto("/bookingService/onlineBookingService");
  const dataRequests: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.searchParams.has("_data")) dataRequests.push(url.searchParams.get("_data")!);
  });
  const sidebar = page.getByRole("complementary");
  await sidebar.getByRole("link", { name: "我的订单" }).click();
  await expect(page).toHaveURL(/\/bookingService\/myOrder$/);
  await sidebar.getByRole("link", { name: "委托搭建商预订" }).click();
  await expect(page).toHaveURL(/\/bookingService\/ECReservation$/);
  // The pages' own loaders ran (and the shell's, for tabs), the area's did not.
  expect(dataRequests).toContain("routes/_shell.bookingService.myOrder");
  expect(dataRequests).toContain("routes/_shell.bookingService.ECReservation");
  expect(dataRequests.filter((d) => encodeURIComponent(d) === AREA_DATA)).toEqual([]);

  // Another area loads its own sidebar once.
  await page.getByRole("banner").getByRole("link", { name: "展商信息" }).first().click();
  await expect(page).toHaveURL(/\/exhibitorInfo\//);
  expect(dataRequests).toContain("routes/_shell.exhibitorInfo");
});
