import calendarEn from "../../app/contracts/calendar/texts.en";
import { addDays, testCalendar } from "../support/test-clock";
import { FAILED_RESOURCE, expect, successToast, test } from "./fixtures";

/**
 * The organizer's exhibition calendar (issue 39), JS on and off: opened from the home page, a checklist
 * deadline after the closing day is refused beside its field with what was typed kept, then a good
 * one is saved. Both projects set the same deadline of the same item, so they may run at once.
 */
const ADMIN = { username: "admin", password: "Admin#2026" };
const closingDay = testCalendar.endsOn;

test("a checklist deadline after the closing day is refused on its field, a good one is saved", async ({ app, page, consoleErrors }) => {
  consoleErrors.allow(FAILED_RESOURCE(400));
  await app.signIn(ADMIN.username, ADMIN.password);
  await app.goto("/index");
  await page.getByTestId("edit-calendar").click();
  await expect(page).toHaveURL(/\/index\/calendar$/);
  await app.waitForHydration();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(calendarEn.title);

  const form = page.getByTestId("calendar-deadlines");
  const row = form.getByTestId("calendar-deadline-row").first();
  const input = row.locator('input[type="datetime-local"]');
  const late = `${addDays(closingDay, 1)}T10:00`;
  await input.fill(late);
  await app.submit(() => form.getByRole("button", { name: calendarEn.deadlines.save }).click());
  await expect(row).toContainText(calendarEn.deadlines.afterClose.replace("{{day}}", closingDay));
  await expect(input).toHaveValue(late);

  const good = `${closingDay}T20:00`;
  await input.fill(good);
  await app.submit(() => form.getByRole("button", { name: calendarEn.deadlines.save }).click());
  await expect(successToast(page)).toContainText(calendarEn.deadlines.saved);
  await expect(page.getByTestId("calendar-deadlines").getByTestId("calendar-deadline-row").first().locator('input[type="datetime-local"]')).toHaveValue(good);
  await expect(page.getByTestId("calendar-deadlines").getByText(calendarEn.deadlines.afterClose.replace("{{day}}", closingDay))).toHaveCount(0);
});
