import ExcelJS from "exceljs";
import type { TestInfo } from "@playwright/test";
import { idCardCheckChar } from "../../app/contracts/badges/id-documents";
import teamEn from "../../app/contracts/team/texts.en";
import { FAILED_RESOURCE, expect, successToast, test } from "./fixtures";
import { NO_JS_SUBJECT } from "./js-on-only";
import { setLanguage } from "./exhibitor-helpers";

/**
 * The history (docs/decisions/069), JS on and off: the organizer's log at /index/history searched
 * with its plain GET form, its workbook, a refused filter named on the page; and a badge's History
 * section, for its exhibitor and in the organizer's review, after the exhibitor changed it.
 */
const ADMIN = { username: "admin", password: "Admin#2026" };
const LOG = "/index/history";
const BADGES = "/exhibitorInfo/exhibitorCertificateApply";
const texts = teamEn.history;

/** A badge holder nobody else in the e2e database has: by project (the two run at once). */
function holder(testInfo: TestInfo) {
  const unique = testInfo.project.name === "js-on" ? "1" : "2";
  const first17 = `11010119900101${unique}91`;
  return {
    name: `History ${unique}`,
    idNumber: `${first17}${idCardCheckChar(first17)}`,
    mobile: `1360000${unique}910`,
    email: `history-${unique}@example.com`,
  };
}

test("the organizer searches the history by person and kind, exports it, and is told of a filter that is no day", { tag: NO_JS_SUBJECT }, async ({
  app,
  page,
  consoleErrors,
}) => {
  // An exhibitor is sent to /401 (which answers 403), from the log and from its workbook.
  consoleErrors.allow(FAILED_RESOURCE(403));
  await app.signIn("std01");
  await app.goto(LOG);
  await expect(page).toHaveURL(/\/401$/);
  await app.goto(`${LOG}/export`);
  await expect(page).toHaveURL(/\/401$/);

  // The organizer's own sign-in is in the log: searched with the form, which works without script.
  await page.context().clearCookies();
  await app.signIn(ADMIN.username, ADMIN.password);
  await app.goto(LOG);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.logTitle);
  const filters = page.getByTestId("history-filters");
  await filters.getByLabel(teamEn.fields.person).fill(ADMIN.username);
  await filters.getByLabel(teamEn.fields.kind).selectOption({ label: texts.kinds.signIn });
  await filters.getByRole("button", { name: texts.search }).click();
  await expect(page).toHaveURL(/person=admin/);
  await expect(page).toHaveURL(/kind=signIn/);
  await expect(filters.getByLabel(teamEn.fields.person)).toHaveValue(ADMIN.username);
  const rows = page.getByTestId("history-row");
  await expect(rows.first()).toBeVisible();
  // Asked of the list as it is when it settles (other tests' sign-ins may arrive meanwhile): no row of another kind or person.
  await expect(rows.getByTestId("history-kind").filter({ hasNotText: new RegExp(`^${texts.kinds.signIn}$`) })).toHaveCount(0);
  await expect(rows.getByTestId("history-who").filter({ hasNotText: ADMIN.username })).toHaveCount(0);
  await expect(rows.getByTestId("history-who").filter({ hasNotText: `(${texts.roles.organizer})` })).toHaveCount(0);

  // The export link carries the same search and answers a workbook of those entries.
  const exportLink = page.getByTestId("history-export");
  await expect(exportLink).toHaveText(texts.export);
  const href = (await exportLink.getAttribute("href"))!;
  expect(href).toMatch(/^\/index\/history\/export\?/);
  expect(new URL(href, "http://x").searchParams.get("kind")).toBe("signIn");
  // Clicked as a user does: the browser saves the file (its language travels with it).
  const [file] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).value).toBe(texts.at);
  expect(sheet.rowCount).toBeGreaterThan(1);
  expect(String(sheet.getRow(2).getCell(4).value)).toBe(texts.kinds.signIn);

  // Nothing of another kind for this person on an unknown day range: the empty state for a search.
  await app.goto(`${LOG}?person=admin&kind=signInFailed&from=2001-01-01&to=2001-01-02`);
  await expect(page.getByTestId("history-empty")).toHaveText(texts.noMatch);

  // A day that is not in the calendar: the page says so (translated) and still answers.
  const response = await page.goto(`${LOG}?from=2026-13-45&person=admin`);
  await app.waitForHydration();
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId("history-filter-error")).toHaveText("Please enter the correct Day");
  await expect(page.getByTestId("history-row").first()).toBeVisible();
  // The export of that address goes back to the page, which names the refused day.
  await app.goto(`${LOG}/export?from=2026-13-45`);
  await expect(page).toHaveURL(/\/index\/history\?from=2026-13-45$/);
  await expect(page.getByTestId("history-filter-error")).toBeVisible();
});

test("a badge's History lists its creation and its change, for the exhibitor and in the organizer's review", async ({ app, page }, testInfo) => {
  const person = holder(testInfo);
  await setLanguage(page, "en", testInfo);
  await app.signIn("std01");
  await app.goto(BADGES);
  const form = page.getByTestId("badge-form");
  await form.locator("input[name=holderName]").fill(person.name);
  await form.locator("select[name=idType]").selectOption("idCard");
  await form.locator("input[name=idNumber]").fill(person.idNumber);
  await form.locator("input[name=mobile]").fill(person.mobile);
  await form.locator("input[name=email]").fill(person.email);
  await form.locator("input[name=position]").fill("Engineer");
  await app.submit(() => form.getByRole("button", { name: "Submit application" }).click());
  await expect(successToast(page)).toContainText(person.name);
  const id = new URL(page.url()).searchParams.get("id");
  expect(id).toMatch(/^\d+$/);

  const history = page.getByTestId("badge-detail").getByTestId("record-history");
  await expect(history.getByRole("heading", { name: texts.section })).toBeVisible();
  const entries = history.getByTestId("record-history-entry");
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(texts.kinds.create);
  await expect(entries.first()).toContainText("std01");
  await expect(entries.first()).toContainText(`(${texts.roles.owner})`);
  await expect(entries.first()).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}.*\(UTC\+8\)/);
  await expect(entries.first().getByTestId("history-changes")).toContainText(`holder_name: — → ${person.name}`);
  // Contacts and ID numbers stay masked in the history too, as in the detail above it.
  await expect(entries.first().getByTestId("history-changes")).toContainText("mobile: — → 1360******0");
  await expect(history).not.toContainText(person.mobile);
  await expect(history).not.toContainText(person.idNumber);

  // A change: the second entry, oldest first, with the field's old and new value.
  await page.getByTestId("badge-detail").getByRole("link", { name: "Edit" }).click();
  const edit = page.getByTestId("badge-form");
  await edit.locator("input[name=holderName]").fill(`${person.name} changed`);
  await app.submit(() => edit.getByRole("button", { name: "Save changes" }).click());
  await expect(successToast(page)).toContainText(`${person.name} changed`);
  await app.goto(`${BADGES}?id=${id}`);
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toHaveAttribute("data-kind", "create");
  await expect(entries.nth(1)).toHaveAttribute("data-kind", "update");
  await expect(entries.nth(1)).toContainText(texts.kinds.update);
  await expect(entries.nth(1).getByTestId("history-changes")).toContainText(`holder_name: ${person.name} → ${person.name} changed`);

  // The organizer sees the same entries under the review's own history, and finds the change in the log.
  await page.context().clearCookies();
  await app.signIn(ADMIN.username, ADMIN.password);
  await app.goto(`/exhibitorInfo/badgeReview?id=${id}`);
  const review = page.getByTestId("review-detail").getByTestId("record-history");
  await expect(review.getByRole("heading", { name: texts.changesSection })).toBeVisible();
  await expect(review.getByTestId("record-history-entry")).toHaveCount(2);
  // roleId 1 sees them as typed, as in the review's detail.
  await expect(review).toContainText(`mobile: — → ${person.mobile}`);
  await app.goto(`${LOG}?person=std01&area=badges&kind=update`);
  const record = page.getByTestId("history-record").filter({ hasText: new RegExp(`^${texts.record}: badge ${id}$`) });
  const logged = page.getByTestId("history-row").filter({ has: record });
  await expect(logged.first()).toContainText(`${person.name} changed`);

  // The badge goes again, so std01's list stays as the demo made it; its history stays.
  await page.context().clearCookies();
  await setLanguage(page, "en", testInfo);
  await app.signIn("std01");
  await app.goto(`${BADGES}?delete=${id}`);
  await app.submit(() => page.getByTestId("confirm-delete").getByRole("button").click());
  await expect(successToast(page)).toContainText("1 badge(s) deleted.");
});
