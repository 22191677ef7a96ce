import ExcelJS from "exceljs";
import type { Download, Page } from "@playwright/test";
import { exhibitionDate } from "../../app/contracts/common/exhibition-time";
import { translate } from "../../app/contracts/i18n/translate.server";
import { LEAD_NOTES_MAX } from "../../app/contracts/leads/values";
import leadsEn from "../../app/contracts/leads/texts.en";
import { expect, FAILED_RESOURCE, successToast, test } from "./fixtures";
import { JS_ON_ONLY, NO_JS_SUBJECT } from "./js-on-only";
import { captureLead, leadsOn, newVisitor } from "./visitor-pass-helpers";

/**
 * The company's leads (/leads/list, docs/decisions/070), as std01 sees them: a lead just captured
 * shows on the list (contacts only for a visitor who consented), the GET filters narrow it, the
 * counts per member and per day; a lead's page changes it (too-long notes refused, as typed); delete
 * asks first; the workbook carries contacts only where consented; another exhibitor finds no such
 * lead. Each test registers visitors of its own, so the rows it looks for are its own.
 */
const LIST = "/leads/list";
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

type Visitor = Awaited<ReturnType<typeof newVisitor>>;

const rowOf = (page: Page, visitor: Visitor) =>
  page.getByTestId("lead-row").filter({ has: page.getByTestId("lead-row-name").getByText(visitor.name, { exact: true }) });

/** The downloaded workbook's first sheet. */
async function sheetOf(file: Download) {
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

/** A sheet row as header → text, found by the visitor's name (null when absent). */
function sheetRow(sheet: ExcelJS.Worksheet, name: string) {
  const headers = sheetHeaders(sheet);
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells = Object.fromEntries(headers.map((header, i) => [header, String(row.getCell(i + 1).value ?? "")]));
    if (cells[leadsEn.columns.name] === name) return cells;
  }
  return null;
}

const sheetHeaders = (sheet: ExcelJS.Worksheet) =>
  Array.from({ length: sheet.getRow(1).cellCount }, (_, i) => String(sheet.getRow(1).getCell(i + 1).value ?? ""));

test(
  "the list shows a fresh lead, contacts only for a consenting visitor, the counts, and the filters narrow it",
  // The filters are a plain GET form: that it works without script is the subject.
  { tag: NO_JS_SUBJECT },
  async ({ app, page, request, baseURL }, testInfo) => {
    await app.signIn("std01");
    const consenting = await newVisitor(request, testInfo, baseURL!, { leadConsent: true });
    const withheld = await newVisitor(request, testInfo, baseURL!, { salt: "withheld" });
    const hot = await captureLead(page, consenting, { rating: "hot", notes: `Hot lead ${consenting.name}` });
    const cold = await captureLead(page, withheld, { rating: "cold", notes: `Cold lead ${withheld.name}` });

    await app.goto(LIST);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(leadsEn.listTitle);
    const hotRow = rowOf(page, consenting);
    const coldRow = rowOf(page, withheld);
    await expect(hotRow).toHaveAttribute("data-lead-id", String(hot.id));
    await expect(coldRow).toHaveAttribute("data-lead-id", String(cold.id));
    // Newest first: the later capture above the earlier.
    const ids = await page.getByTestId("lead-row").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-lead-id")));
    expect(ids.indexOf(String(cold.id))).toBeLessThan(ids.indexOf(String(hot.id)));
    // Contacts for the consenting visitor only.
    await expect(hotRow.getByTestId("lead-row-contact")).toContainText(consenting.mobile);
    await expect(hotRow.getByTestId("lead-row-contact")).toContainText(consenting.email);
    await expect(coldRow.getByTestId("lead-row-contact")).toHaveText(leadsEn.list.hidden);
    await expect(page.getByTestId("lead-list")).not.toContainText(withheld.mobile);
    await expect(page.getByTestId("lead-list")).not.toContainText(withheld.email);
    await expect(hotRow.getByTestId("lead-row-rating")).toHaveText(leadsEn.ratings.hot);
    await expect(coldRow.getByTestId("lead-row-rating")).toHaveText(leadsEn.ratings.cold);

    // The counts per member and per day: this lead's scanner and day are there, and each adds up to the total.
    const perMember = page.getByTestId("lead-per-member");
    const perDay = page.getByTestId("lead-per-day");
    await expect(perMember).toContainText(leadsEn.list.perMember);
    await expect(perDay).toContainText(leadsEn.list.perDay);
    const day = exhibitionDate(hot.firstScannedAt);
    await expect(perMember.getByTestId("lead-per-member-row").filter({ hasText: hot.scannedBy })).not.toHaveCount(0);
    await expect(perDay.getByTestId("lead-per-day-row").filter({ hasText: day })).toHaveCount(1);
    const total = Number(await page.getByTestId("lead-total").textContent());
    const sum = async (rows: ReturnType<Page["getByTestId"]>) =>
      (await rows.locator("td:last-child").allTextContents()).reduce((all, count) => all + Number(count), 0);
    expect(total).toBeGreaterThanOrEqual(2);
    expect(await sum(perMember.getByTestId("lead-per-member-row"))).toBe(total);
    expect(await sum(perDay.getByTestId("lead-per-day-row"))).toBe(total);

    // By rating: the hot lead stays, the cold one goes, every row left is hot; the export link carries the search.
    const filters = page.getByTestId("lead-filters");
    await filters.getByLabel(leadsEn.fields.rating).selectOption({ label: leadsEn.ratings.hot });
    await filters.getByTestId("lead-filter-submit").click();
    await expect(page).toHaveURL((url) => url.pathname === LIST && url.searchParams.get("rating") === "hot");
    await app.waitForHydration();
    await expect(hotRow).toBeVisible();
    await expect(coldRow).toHaveCount(0);
    await expect(page.getByTestId("lead-row-rating").filter({ hasNotText: leadsEn.ratings.hot })).toHaveCount(0);
    await expect(filters.getByLabel(leadsEn.fields.rating)).toHaveValue("hot");
    await expect(page.getByTestId("lead-export")).toHaveAttribute("href", "/leads/export?rating=hot");

    // Cold, by the scanner and the day of the captures: the other way round.
    await filters.getByLabel(leadsEn.fields.rating).selectOption({ label: leadsEn.ratings.cold });
    await filters.getByLabel(leadsEn.fields.member).selectOption(String(cold.scannedByUserId));
    await filters.getByLabel(leadsEn.fields.day).fill(exhibitionDate(cold.firstScannedAt));
    await filters.getByTestId("lead-filter-submit").click();
    await expect(page).toHaveURL(
      (url) =>
        url.searchParams.get("rating") === "cold" &&
        url.searchParams.get("member") === String(cold.scannedByUserId) &&
        url.searchParams.get("day") === exhibitionDate(cold.firstScannedAt),
    );
    await app.waitForHydration();
    await expect(coldRow).toBeVisible();
    await expect(hotRow).toHaveCount(0);
    await expect(page.getByTestId("lead-row-rating").filter({ hasNotText: leadsEn.ratings.cold })).toHaveCount(0);

    // Clear: every lead again.
    await filters.getByRole("link", { name: leadsEn.list.clear }).click();
    await expect(page).toHaveURL(new RegExp(`${escaped(LIST)}$`));
    await expect(hotRow).toBeVisible();
    await expect(coldRow).toBeVisible();
  },
);

test("a lead's page from its row: too-long notes refused as typed, then the new rating and notes saved back on the list", async ({
  app,
  page,
  context,
  request,
  baseURL,
  consoleErrors,
}, testInfo) => {
  // The refused notes are answered 400 with the form.
  consoleErrors.allow(FAILED_RESOURCE(400));
  await app.signIn("std01");
  const visitor = await newVisitor(request, testInfo, baseURL!, { leadConsent: true });
  const lead = await captureLead(page, visitor, { rating: "hot", notes: `First talk ${visitor.name}` });

  await app.goto(LIST);
  await rowOf(page, visitor).getByTestId("lead-row-edit").click();
  await expect(page).toHaveURL(new RegExp(`${escaped(LIST)}/${lead.id}$`));
  await app.waitForHydration();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(visitor.name);
  await expect(page.getByTestId("lead-edit-contact")).toContainText(visitor.mobile);
  await expect(page.getByLabel(leadsEn.ratings.hot, { exact: true })).toBeChecked();
  await expect(page.getByTestId("lead-notes")).toHaveValue(`First talk ${visitor.name}`);

  // The field's own limit held by the browser; a post with more is refused by the server, the form kept as typed.
  const tooLong = "y".repeat(LEAD_NOTES_MAX + 1);
  await page.getByLabel(leadsEn.ratings.warm, { exact: true }).check();
  await page.getByTestId("lead-notes").evaluate((area) => area.removeAttribute("maxlength"));
  await page.getByTestId("lead-notes").fill(tooLong);
  await app.submit(() => page.getByTestId("lead-save").click());
  await expect(page).toHaveURL(new RegExp(`${escaped(LIST)}/${lead.id}$`));
  await expect(page.getByTestId("lead-form")).toContainText(translate("en", "validation.tooLong", { prop: leadsEn.fields.notes, max: LEAD_NOTES_MAX }));
  await expect(page.getByTestId("lead-notes")).toHaveValue(tooLong);
  await expect(page.getByLabel(leadsEn.ratings.warm, { exact: true })).toBeChecked();
  // Nothing saved.
  expect((await leadsOn(context, page.request, visitor.name))[0]).toMatchObject({ rating: "hot", notes: `First talk ${visitor.name}` });

  const notes = `Wants a demo at the factory ${visitor.name}`;
  await page.getByTestId("lead-notes").fill(notes);
  await app.submit(() => page.getByTestId("lead-save").click());
  await expect(page).toHaveURL(new RegExp(`${escaped(LIST)}$`));
  await expect(successToast(page)).toContainText(leadsEn.list.updated);
  const row = rowOf(page, visitor);
  await expect(row.getByTestId("lead-row-rating")).toHaveText(leadsEn.ratings.warm);
  await expect(row).toContainText(notes);
  const saved = await leadsOn(context, page.request, visitor.name);
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({ id: lead.id, rating: "warm", notes });
});

test("delete asks first: cancel keeps the lead, confirm removes it", async ({ app, page, context, request, baseURL }, testInfo) => {
  await app.signIn("std01");
  const visitor = await newVisitor(request, testInfo, baseURL!);
  const lead = await captureLead(page, visitor, { rating: "warm", notes: `To be deleted ${visitor.name}` });

  await app.goto(LIST);
  const row = rowOf(page, visitor);
  const confirm = page.getByTestId("lead-confirm-delete");
  await expect(confirm).toHaveCount(0);
  await row.getByTestId("lead-row-delete").click();
  await expect(page).toHaveURL(new RegExp(`${escaped(LIST)}\\?delete=${lead.id}$`));
  await expect(confirm).toContainText(leadsEn.list.confirmDelete.replace("{{name}}", visitor.name));

  // Cancel is a link back: the question goes, the lead stays.
  await confirm.getByRole("link", { name: translate("en", "common.cancel") }).click();
  await expect(page).toHaveURL(new RegExp(`${escaped(LIST)}$`));
  await expect(confirm).toHaveCount(0);
  await expect(row).toBeVisible();
  expect(await leadsOn(context, page.request, visitor.name)).toHaveLength(1);

  // Asked again and confirmed: gone from the list and from the company's leads.
  await app.waitForHydration();
  await row.getByTestId("lead-row-delete").click();
  await expect(confirm).toBeVisible();
  await app.submit(() => confirm.getByRole("button", { name: leadsEn.list.delete }).click());
  await expect(page).toHaveURL(new RegExp(`${escaped(LIST)}$`));
  await expect(successToast(page)).toContainText(leadsEn.list.deleted);
  await expect(confirm).toHaveCount(0);
  await expect(row).toHaveCount(0);
  expect(await leadsOn(context, page.request, visitor.name)).toEqual([]);
});

test(
  "the export: a workbook with the consenting visitor's mobile and e-mail, none for the other",
  // A plain link to a file: the same with or without script.
  { tag: JS_ON_ONLY },
  async ({ app, page, request, baseURL }, testInfo) => {
    await app.signIn("std01");
    const consenting = await newVisitor(request, testInfo, baseURL!, { leadConsent: true });
    const withheld = await newVisitor(request, testInfo, baseURL!, { salt: "withheld" });
    await captureLead(page, consenting, { rating: "hot", notes: `Export ${consenting.name}` });
    await captureLead(page, withheld, { rating: "cold", notes: `Export ${withheld.name}` });

    await app.goto(LIST);
    await expect(rowOf(page, withheld)).toBeVisible();
    const exportLink = page.getByTestId("lead-export");
    await expect(exportLink).toHaveText(leadsEn.list.export);
    const [file] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
    const sheet = await sheetOf(file);
    expect(sheet.name).toBe(leadsEn.columns.sheet);
    const { sheet: _sheet, fileName: _fileName, yes: _yes, no: _no, ...headers } = leadsEn.columns;
    expect(sheetHeaders(sheet)).toEqual(Object.values(headers));

    const shared = sheetRow(sheet, consenting.name);
    expect(shared).toMatchObject({
      [leadsEn.columns.mobile]: consenting.mobile,
      [leadsEn.columns.email]: consenting.email,
      [leadsEn.columns.rating]: leadsEn.ratings.hot,
      [leadsEn.columns.notes]: `Export ${consenting.name}`,
    });
    const hidden = sheetRow(sheet, withheld.name);
    expect(hidden).toMatchObject({
      [leadsEn.columns.mobile]: "",
      [leadsEn.columns.email]: "",
      [leadsEn.columns.rating]: leadsEn.ratings.cold,
    });
    // Nowhere in the row, in no column.
    expect(Object.values(hidden!).join("\n")).not.toContain(withheld.mobile);
    expect(Object.values(hidden!).join("\n")).not.toContain(withheld.email);
  },
);

test(
  "another exhibitor never sees the company's lead: its page is not found, nor on the list or in the export",
  // Answered by the server alone, the same with or without script.
  { tag: JS_ON_ONLY },
  async ({ app, page, context, request, baseURL, consoleErrors }, testInfo) => {
    consoleErrors.allow(FAILED_RESOURCE(404));
    await app.signIn("std01");
    const visitor = await newVisitor(request, testInfo, baseURL!, { leadConsent: true });
    const lead = await captureLead(page, visitor, { rating: "hot", notes: `Secret notes ${visitor.name}` });
    await context.clearCookies();

    await app.signIn("raw01");
    const response = await page.goto(`${LIST}/${lead.id}`);
    expect(response?.status()).toBe(404);
    await app.waitForHydration();
    await expect(page.getByTestId("error-page")).toHaveAttribute("data-status", "404");
    await expect(page.locator("body")).not.toContainText(visitor.name);
    await expect(page.locator("body")).not.toContainText(visitor.mobile);

    await app.goto(LIST);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(leadsEn.listTitle);
    await expect(page.locator("body")).not.toContainText(visitor.name);
    const exported = await page.request.get("/leads/export");
    expect(exported.status()).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await exported.body()) as unknown as ArrayBuffer);
    expect(sheetRow(book.worksheets[0]!, visitor.name)).toBeNull();

    // Posts naming the lead change nothing: the edit is refused as not found, the delete answers an error.
    const edit = await page.request.post(`${LIST}/${lead.id}`, { form: { rating: "cold", notes: "changed by another" }, maxRedirects: 0 });
    expect(edit.status()).toBe(404);
    await page.request.post(LIST, { form: { intent: "delete", id: String(lead.id) }, maxRedirects: 0 });
    await context.clearCookies();
    await app.signIn("std01");
    const still = await leadsOn(context, page.request, visitor.name);
    expect(still).toHaveLength(1);
    expect(still[0]).toMatchObject({ id: lead.id, rating: "hot", notes: `Secret notes ${visitor.name}` });
  },
);
