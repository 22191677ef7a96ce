import crypto from "node:crypto";
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

/**
 * Issue 51: the buttons' windows were nine forms of their own; now one table with one save. Each
 * project edits a button of its own (js-on 101, js-off 102): a row posted as it was shown is left as
 * it is, so the two tables saved at once keep each other's change.
 */
test("the button windows are one table with one save: a refusal shows in its row with what was typed kept, then one submit saves", async ({
  app,
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(FAILED_RESOURCE(400));
  const buttonId = test.info().project.name === "js-on" ? 101 : 102;
  const marker = `${test.info().project.name}-${crypto.randomBytes(3).toString("hex")}`;
  await app.signIn(ADMIN.username, ADMIN.password);
  await app.goto("/index/calendar");

  // One form per group: the days, the deadlines, and every button's window.
  await expect(page.locator("main form input[name=intent]")).toHaveCount(3);
  const table = page.getByTestId("calendar-buttons");
  await expect(table.locator("form")).toHaveCount(1);
  await expect(table.getByRole("button", { name: calendarEn.buttons.save })).toHaveCount(1);
  await expect(table.getByTestId("calendar-button")).not.toHaveCount(1);

  const row = table.locator(`[data-testid="calendar-button"][data-button-id="${buttonId}"]`);
  const start = row.locator('input[type="datetime-local"]').first();
  const closesWith = row.locator("select");
  const message = row.locator('input[name$=".closedMessage"]');
  const messageEn = row.locator('input[name$=".closedMessageEn"]');
  const shownStart = await start.inputValue();
  const shownEnd = await closesWith.inputValue();

  // A start after the closing day, with the closing day as its end: refused beside this row's start.
  const lateStart = `${addDays(closingDay, 1)}T10:00`;
  await message.fill(`已关闭 ${marker}`);
  await messageEn.fill(`Closed ${marker}`);
  await start.fill(lateStart);
  await closesWith.selectOption("exhibition-closes");
  await app.submit(() => table.getByRole("button", { name: calendarEn.buttons.save }).click());
  await expect(row).toContainText(calendarEn.buttons.startAfterEnd.split("{{end}}")[0]!);
  await expect(table.getByText(calendarEn.buttons.startAfterEnd.split("{{end}}")[0]!)).toHaveCount(1);
  await expect(start).toHaveValue(lateStart);
  await expect(closesWith).toHaveValue("exhibition-closes");
  await expect(message).toHaveValue(`已关闭 ${marker}`);
  await expect(messageEn).toHaveValue(`Closed ${marker}`);

  // The window back as it was, the messages kept: one submit saves them.
  await start.fill(shownStart);
  await closesWith.selectOption(shownEnd);
  await app.submit(() => table.getByRole("button", { name: calendarEn.buttons.save }).click());
  await expect(successToast(page)).toContainText(calendarEn.buttons.saved);
  await app.goto("/index/calendar");
  const saved = page.locator(`[data-testid="calendar-button"][data-button-id="${buttonId}"]`);
  await expect(saved.locator('input[name$=".closedMessage"]')).toHaveValue(`已关闭 ${marker}`);
  await expect(saved.locator('input[name$=".closedMessageEn"]')).toHaveValue(`Closed ${marker}`);
  await expect(saved.locator('input[type="datetime-local"]').first()).toHaveValue(shownStart);
  await expect(saved.locator("select")).toHaveValue(shownEnd);
});
