import { addDays, testCalendar } from "../support/test-clock";
import { clientIpFor, expect, FAILED_RESOURCE, successToast, test } from "./fixtures";
import { otherPerson } from "./other-person";

/**
 * Issue 41's business reservations in the browser, JS on and off: the organizer adds a hotel and a
 * block of 2 rooms a night (3 at most per exhibitor); an exhibitor asking for 3 is refused with the
 * numbers (what was typed kept), a guest named twice (issue 50) and a check-out before the check-in too; its request shows as requested; the organizer confirms
 * it; the exhibitor cancels it after the confirmation question. Each project uses a hotel of its own.
 */
test("an exhibitor requests rooms within the quota, the organizer confirms, the exhibitor cancels", async ({ app, page, browser, consoleErrors }, testInfo) => {
  consoleErrors.allow(FAILED_RESOURCE(400));
  const project = testInfo.project.name;
  const hotel = `E2E hotel ${project}`;
  const opens = testCalendar.opensOn;
  await app.signIn("admin", "Admin#2026");
  await app.goto("/HT/reservationDesk");

  const hotelForm = page.getByTestId("hotel-form");
  await hotelForm.locator("input[name=nameZh]").fill(`E2E 酒店 ${project}`);
  await hotelForm.locator("input[name=nameEn]").fill(hotel);
  await hotelForm.locator("input[name=cancelUntil]").fill(opens);
  await app.submit(() => hotelForm.getByRole("button", { name: "Save" }).click());
  await expect(successToast(page)).toContainText("Saved");
  const blockForm = page.getByTestId("block-form");
  await blockForm.locator("select[name=hotelId]").selectOption({ label: hotel });
  await blockForm.locator("input[name=roomTypeZh]").fill("大床房");
  await blockForm.locator("input[name=roomTypeEn]").fill("E2E King");
  await blockForm.locator("input[name=price]").fill("500");
  await blockForm.locator("input[name=roomsPerNight]").fill("2");
  await expect(blockForm.locator("input[name=maxRoomsPerExhibitor]")).toHaveValue("5");
  await blockForm.locator("input[name=maxRoomsPerExhibitor]").fill("3");
  await blockForm.locator("input[name=firstNight]").fill(addDays(opens, -1));
  await blockForm.locator("input[name=lastNight]").fill(addDays(opens, 1));
  await app.submit(() => blockForm.getByRole("button", { name: "Save" }).click());
  await expect(successToast(page)).toContainText("Saved");
  await expect(page.getByTestId("manage-hotels")).toContainText("E2E King");
  await expect(page.getByTestId("manage-hotels")).toContainText("at most 3 per exhibitor");

  const { context, other } = await otherPerson(browser, app, testInfo, { locale: "en-US", ip: clientIpFor(testInfo, "exhibitor") });
  try {
    const exhibitor = other.page;
    await other.signIn(project === "js-on" ? "std01" : "raw01");
    await other.goto("/HT/businessReservations");
    await expect(exhibitor.getByTestId("hotel").filter({ hasText: hotel })).toContainText("E2E King");

    const form = () => exhibitor.getByTestId("room-request-form");
    await form()
      .locator("select[name=blockId]")
      .selectOption({ label: `${hotel} · E2E King` });
    await form().locator("input[name=checkIn]").fill(opens);
    await form().locator("input[name=checkOut]").fill(addDays(opens, 2));
    await form().locator("input[name=rooms]").fill("3");
    await form().locator("textarea[name=guestNames]").fill("Ann Lee\nBo Chen\nCai Wu");
    await form().locator("input[name=contactMobile]").fill("13912345678");
    await other.submit(() => form().getByRole("button", { name: "Submit" }).click());
    await expect(form()).toContainText(`Only 2 rooms left for the night of ${opens}, you asked for 3`);
    await expect(form().locator("textarea[name=guestNames]")).toHaveValue("Ann Lee\nBo Chen\nCai Wu");

    // One guest named twice: refused at the field, what was typed kept.
    await form().locator("input[name=rooms]").fill("2");
    await form().locator("textarea[name=guestNames]").fill("Ann Lee\nann  lee");
    await other.submit(() => form().getByRole("button", { name: "Submit" }).click());
    await expect(form()).toContainText("Each guest is named once: the same name appears twice");
    await expect(form().locator("textarea[name=guestNames]")).toHaveValue("Ann Lee\nann  lee");
    await form().locator("textarea[name=guestNames]").fill("Ann Lee\nBo Chen\nCai Wu");

    // A check-out before the check-in: refused by the field.
    await form().locator("input[name=rooms]").fill("1");
    await form().locator("input[name=checkOut]").fill(addDays(opens, -1));
    await other.submit(() => form().getByRole("button", { name: "Submit" }).click());
    await expect(form()).toContainText("The check-out must be after the check-in");
    await form().locator("input[name=checkOut]").fill(addDays(opens, 1));
    await other.submit(() => form().getByRole("button", { name: "Submit" }).click());
    await expect(successToast(exhibitor)).toContainText("Your request is sent");
    const row = () => exhibitor.getByTestId("request-row").filter({ hasText: hotel });
    await expect(row()).toContainText("Requested");

    // The organizer confirms it.
    await app.goto("/HT/reservationDesk?status=requested");
    const deskRow = page.getByTestId("desk-request-row").filter({ hasText: hotel });
    await app.submit(() => deskRow.getByRole("button", { name: "Confirm" }).click());
    await expect(successToast(page)).toContainText("Saved");
    await expect(page.getByTestId("desk-request-row").filter({ hasText: hotel })).toHaveCount(0);

    // The exhibitor sees it confirmed and cancels it (before the hotel's cut-off), asked first.
    await other.goto("/HT/businessReservations");
    await expect(row()).toContainText("Confirmed");
    await row().getByRole("link", { name: "Cancel" }).click();
    await other.submit(() => exhibitor.getByTestId("confirm-action").getByRole("button", { name: "Cancel" }).click());
    await expect(successToast(exhibitor)).toContainText("Cancelled");
    await expect(row()).toContainText("Cancelled");
    await expect(row().getByRole("link", { name: "Cancel" })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
