import { clientIpFor, expect, FAILED_RESOURCE, successToast, test } from "./fixtures";
import { setLanguage } from "./exhibitor-helpers";
import { PNG } from "../support/sample-files";
import { otherPerson } from "./other-person";

/**
 * Issue 41's bus and parking guides in the browser, JS on and off: the organizer adds a car park
 * with its map (a capacity of 0 is refused with what was typed kept) and a route with a stop and a
 * day (a last departure before the first is refused, kept); an exhibitor then reads both on the
 * guide pages, in English and in Chinese. Each project uses names of its own.
 */
test("the organizer adds a car park and a route; an exhibitor reads them in both languages", async ({ app, page, browser, consoleErrors }, testInfo) => {
  test.setTimeout(120_000);
  consoleErrors.allow(FAILED_RESOURCE(400));
  // Names of this project and run (a repeated run must not pick an earlier run's route in the selects).
  const project = `${testInfo.project.name} ${Date.now().toString(36)}`;
  const parkEn = `E2E car park ${project}`;
  const parkZh = `E2E 停车场 ${project}`;
  const routeEn = `E2E shuttle ${project}`;
  const routeZh = `E2E 接驳线 ${project}`;
  await app.signIn("admin", "Admin#2026");
  await app.goto("/HT/guides");

  // A car park: a capacity of 0 refused, what was typed kept; then saved with its map.
  const parkForm = page.getByTestId("car-park-form");
  await parkForm.locator("input[name=nameZh]").fill(parkZh);
  await parkForm.locator("input[name=nameEn]").fill(parkEn);
  await parkForm.locator("textarea[name=hoursEn]").fill("Daily 07:00–22:00");
  await parkForm.locator("input[name=capacity]").fill("0");
  await parkForm.getByTestId("upload-input").setInputFiles({ name: "map.png", mimeType: "image/png", buffer: PNG });
  // With script the file uploads at once: the form posts only after it has finished (its link appears).
  if (app.jsEnabled) await expect(parkForm.getByTestId("upload-item").getByRole("link", { name: "map.png" })).toBeVisible();
  await app.submit(() => page.getByTestId("car-park-save").click());
  await expect(page.getByTestId("car-park-form")).toContainText("Capacity must be a whole number above 0");
  await expect(page.getByTestId("car-park-form").locator("input[name=nameEn]")).toHaveValue(parkEn);
  await expect(page.getByTestId("car-park-form").getByTestId("upload-item")).toHaveCount(1);
  await page.getByTestId("car-park-form").locator("input[name=capacity]").fill("150");
  await app.submit(() => page.getByTestId("car-park-save").click());
  await expect(successToast(page)).toContainText("Saved");
  await expect(page.getByTestId("car-park-list")).toContainText(parkEn);

  // A route, one stop, one day.
  const routeForm = page.getByTestId("route-form");
  await routeForm.locator("input[name=nameZh]").fill(routeZh);
  await routeForm.locator("input[name=nameEn]").fill(routeEn);
  await app.submit(() => page.getByTestId("route-save").click());
  await expect(successToast(page)).toContainText("Saved");
  const stopForm = page.getByTestId("stop-form");
  await stopForm.locator("select[name=routeId]").selectOption({ label: routeEn });
  await stopForm.locator("input[name=nameZh]").fill("E2E 北门");
  await stopForm.locator("input[name=nameEn]").fill("E2E North gate");
  await app.submit(() => page.getByTestId("stop-save").click());
  await expect(successToast(page)).toContainText("Saved");
  const dayForm = page.getByTestId("timetable-form");
  await dayForm.locator("select[name=routeId]").selectOption({ label: routeEn });
  await dayForm.locator("input[name=firstDeparture]").fill("08:00");
  await dayForm.locator("input[name=lastDeparture]").fill("07:00");
  await dayForm.locator("input[name=intervalMinutes]").fill("15");
  await app.submit(() => page.getByTestId("timetable-save").click());
  await expect(page.getByTestId("timetable-form")).toContainText("The last departure cannot be before the first");
  await expect(page.getByTestId("timetable-form").locator("input[name=firstDeparture]")).toHaveValue("08:00");
  await page.getByTestId("timetable-form").locator("input[name=lastDeparture]").fill("18:00");
  await app.submit(() => page.getByTestId("timetable-save").click());
  await expect(successToast(page)).toContainText("Saved");
  await expect(page.getByTestId("route-row").filter({ hasText: routeEn })).toContainText("08:00–18:00, every 15 min");

  // An exhibitor, in a browser of its own.
  const { context, other } = await otherPerson(browser, app, testInfo, { locale: "en-US", ip: clientIpFor(testInfo, "exhibitor") });
  try {
    const exhibitor = other.page;
    await setLanguage(exhibitor, "en", testInfo);
    await other.signIn(testInfo.project.name === "js-on" ? "std01" : "raw01");
    await other.goto("/HT/busGuide");
    const route = exhibitor.getByTestId("bus-route").filter({ hasText: routeEn });
    await expect(route).toContainText("E2E North gate");
    await expect(route).toContainText("08:00–18:00, every 15 min");
    await other.goto("/HT/parkingGuide");
    const park = exhibitor.getByTestId("car-park").filter({ hasText: parkEn });
    await expect(park).toContainText("150 spaces");
    await expect(park).toContainText("Daily 07:00–22:00");
    const map = park.getByRole("img", { name: `Map of ${parkEn}` });
    await expect(map).toBeVisible();
    const picture = await exhibitor.request.get((await map.getAttribute("src"))!);
    expect(picture.status()).toBe(200);
    expect(picture.headers()["content-type"]).toBe("image/png");

    // In Chinese: the Chinese names and texts (the English opening hours stand in for the missing Chinese ones).
    await setLanguage(exhibitor, "zh", testInfo);
    await other.goto("/HT/parkingGuide");
    await expect(exhibitor.getByRole("heading", { name: "停车指引", level: 1 })).toBeVisible();
    await expect(exhibitor.getByTestId("car-park").filter({ hasText: parkZh })).toContainText("150 个车位");
    await other.goto("/HT/busGuide");
    await expect(exhibitor.getByRole("heading", { name: "接驳巴士指引", level: 1 })).toBeVisible();
    await expect(exhibitor.getByTestId("bus-route").filter({ hasText: routeZh })).toContainText("08:00–18:00，每 15 分钟一班");
  } finally {
    await context.close();
  }
});
