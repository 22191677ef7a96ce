import crypto from "node:crypto";
import ExcelJS from "exceljs";
import type { TestInfo } from "@playwright/test";
import accountsEn from "../../app/contracts/accounts/texts.en";
import { EXHIBITOR_IMPORT_FIELDS, type ExhibitorImportField } from "../../app/contracts/accounts/values";
import { FAILED_RESOURCE, appFor, clientIpFor, expect, successToast, test, type App } from "./fixtures";
import { outboxFor, uniqueMobile } from "./exhibitor-helpers";

/**
 * The organizer runs a real exhibition (issue 39), JS on and off: exhibitors and booths imported from
 * Excel (a file with an error saves nothing), the new account invited and activated from the e-mail's
 * link, and a checklist item's not-done list with a reminder sent at once (the e2e server runs no
 * reminder queue: REMINDERS=off, so "send now" sends in the request).
 */
const ADMIN = { username: "admin", password: "Admin#2026" };
const IMPORT = "/exhibitorInfo/exhibitorImport";
const INVITE = "/exhibitorInfo/exhibitorInvite";
/** The demo exhibitor std01's e-mail (server/seed/demo-data.ts), where its reminders go. */
const STD01_EMAIL = "zhangsan@galaxy-smart.example.com";

type Row = Record<ExhibitorImportField, string | number>;

/** A workbook as the template has it: its columns in order, headed by their English names (the import takes either language). */
async function workbook(rows: Row[]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Exhibitors");
  sheet.addRow(EXHIBITOR_IMPORT_FIELDS.map((field) => accountsEn.fields[field]));
  for (const row of rows) sheet.addRow(EXHIBITOR_IMPORT_FIELDS.map((field) => row[field]));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** An exhibitor of this test run only: js-on and js-off (and a repeat) import different numbers, booths and contacts. */
function newExhibitor(testInfo: TestInfo) {
  const suffix = crypto.randomBytes(3).toString("hex").toUpperCase();
  const tag = `${testInfo.project.name === "js-on" ? "N" : "F"}${suffix}`;
  // "0" first: the invitation list is ordered by user name, so the account is on its first page.
  const exhibitorNo = `0OPS-${tag}`;
  return {
    exhibitorNo,
    companyNameZh: `运营测试公司${tag}`,
    companyNameEn: `Operations Test ${tag} Ltd.`,
    contactName: "王五",
    mobile: uniqueMobile(testInfo, suffix),
    email: `ops-${tag.toLowerCase()}@example.com`,
    boothNo: `8Z${tag}`,
    hallCode: "1",
    widthM: 6,
    depthM: 3,
    areaM2: 18,
    boothType: 1,
  } satisfies Row;
}

async function upload(app: App, name: string, bytes: Buffer) {
  await app.page
    .getByTestId("import-file")
    .setInputFiles({ name, mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: bytes });
  await app.submit(() => app.page.getByTestId("import-submit").click());
}

/** The /setPassword/<token> link of the newest invitation mailed to `email` (reminders may come to the same address). */
async function invitationLink(email: string) {
  let link = "";
  await expect
    .poll(
      () => {
        const links = outboxFor(email).map((m) => m.text.match(/\/setPassword\/[A-Za-z0-9_-]{43}/)?.[0] ?? "");
        link = links.filter(Boolean).at(-1) ?? "";
        return link;
      },
      { message: `an invitation to ${email}` },
    )
    .not.toBe("");
  return link;
}

test("import from Excel (a bad row saves nothing), invite the new exhibitor, who activates the account", async ({
  app,
  page,
  consoleErrors,
  browser,
}, testInfo) => {
  // Refusals (a file with errors) answer 400, which Chromium logs for a fetch.
  consoleErrors.allow(FAILED_RESOURCE(400));
  const exhibitor = newExhibitor(testInfo);
  const areaLabel = accountsEn.fields.areaM2;
  const typeLabel = accountsEn.fields.boothType;

  await app.signIn(ADMIN.username, ADMIN.password);

  await test.step("a file with bad rows: every error by row and column, no preview", async () => {
    await app.goto(IMPORT);
    await expect(page.getByRole("heading", { name: "Import exhibitors and booths", level: 1 })).toBeVisible();
    // What each column takes, behind a native disclosure (no script needed to open it).
    const columns = page.getByTestId("template-columns");
    await columns.getByText(accountsEn.page.columnsTitle).click();
    await expect(columns).toContainText(accountsEn.columns.widthM);
    await expect(columns).toContainText(accountsEn.columns.companyNameEn);
    const bad = await workbook([exhibitor, { ...exhibitor, boothNo: `${exhibitor.boothNo}B`, areaM2: "abc", boothType: 3 }]);
    await upload(app, "bad.xlsx", bad);
    const errors = page.getByTestId("import-errors");
    await expect(errors).toContainText("1 rows have errors: correct the file and upload it again. Nothing has been saved.");
    await expect(errors.getByTestId("import-error-3")).toHaveCount(2);
    await expect(errors.getByTestId("import-error-3").filter({ hasText: `K (${areaLabel})` })).toContainText(`Please enter the correct ${areaLabel}`);
    await expect(errors.getByTestId("import-error-3").filter({ hasText: `L (${typeLabel})` })).toContainText(`Please enter the correct ${typeLabel}`);
    await expect(errors.getByTestId("import-error-2")).toHaveCount(0);
    await expect(page.getByTestId("import-preview")).toHaveCount(0);
    await expect(page.getByTestId("import-confirm")).toHaveCount(0);
  });

  await test.step("the corrected file: preview (still new: nothing was saved), then confirm", async () => {
    await upload(app, "good.xlsx", await workbook([exhibitor]));
    const preview = page.getByTestId("import-preview");
    await expect(preview).toContainText("1 rows are ready: 1 new and 0 updated exhibitors, 1 new and 0 updated booths.");
    const row = preview.getByTestId("preview-row-2");
    await expect(row).toContainText(exhibitor.exhibitorNo);
    await expect(row).toContainText(exhibitor.companyNameZh);
    await expect(row).toContainText("6 × 3");
    await expect(row).toContainText(exhibitor.boothNo);
    await expect(row.getByText("new", { exact: true })).toHaveCount(2);
    await expect(page.getByTestId("import-errors")).toHaveCount(0);
    await app.submit(() => page.getByTestId("import-confirm").click());
    await expect(successToast(page)).toContainText("Imported: 1 new and 0 updated exhibitors, 1 new and 0 updated booths");
    await expect(page.getByTestId("import-preview")).toHaveCount(0);
  });

  await test.step("the new account is invited: not activated, ticked and sent", async () => {
    await app.goto(`${INVITE}?filter=pending`);
    const row = page.getByTestId(`invite-row-${exhibitor.exhibitorNo}`);
    await expect(row).toContainText("Never invited");
    await expect(row).toContainText(exhibitor.email);
    await row.getByLabel(`Choose ${exhibitor.exhibitorNo}`).check();
    await app.submit(() => page.getByTestId("invite-send-selected").click());
    await expect(successToast(page)).toContainText("Sent to 1; skipped 0 (0 already activated, 0 without an e-mail or mobile)");
    await expect(page.getByTestId(`invite-row-${exhibitor.exhibitorNo}`)).toContainText(/Invited .+, link valid until /);
  });

  const link = await invitationLink(exhibitor.email);

  await test.step("the exhibitor, signed out, sets a password from the link and lands home signed in", async () => {
    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      javaScriptEnabled: app.jsEnabled,
      locale: "en-US",
      extraHTTPHeaders: { "x-forwarded-for": clientIpFor(testInfo, "invited") },
    });
    try {
      await context.addCookies([{ name: "lng", value: "en", url: testInfo.project.use.baseURL! }]);
      const invited = appFor(await context.newPage(), app.jsEnabled);
      await setPassword(invited, link, exhibitor.exhibitorNo);
      await expect(invited.page.getByTestId("business-name")).toContainText(exhibitor.companyNameEn);
    } finally {
      await context.close();
    }
  });

  await test.step("back as organizer, the account shows activated", async () => {
    await app.goto(`${INVITE}?filter=activated`);
    const row = page.getByTestId(`invite-row-${exhibitor.exhibitorNo}`);
    await expect(row).toContainText(/Activated \d/);
    await expect(row.getByLabel(`Choose ${exhibitor.exhibitorNo}`)).toBeDisabled();
    await app.goto(`${INVITE}?filter=pending`);
    await expect(page.getByTestId("invite-list").or(page.getByTestId("invite-empty"))).toBeVisible();
    await expect(page.getByTestId(`invite-row-${exhibitor.exhibitorNo}`)).toHaveCount(0);
  });
});

/** Opens the invitation link (a page without script) and sets a password the rules accept; the answer is home, signed in. */
async function setPassword(app: App, link: string, username: string) {
  const { page } = app;
  await app.goto(link);
  await expect(page.getByRole("heading", { name: "Set your password" })).toBeVisible();
  await expect(page.locator("input[name=username]")).toHaveValue(username);
  const password = `Welcome#${crypto.randomBytes(3).toString("hex")}`;
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel(/^Confirm new password/).fill(password);
  await page.getByRole("button", { name: "Save password and sign in" }).click();
  await expect(page).toHaveURL(/\/index$/);
}

test("a checklist item's not-done list, and a reminder sent now after a confirmation", async ({ app, page }) => {
  await app.signIn(ADMIN.username, ADMIN.password);
  await app.goto("/index");
  // An item with exhibitors behind: its count links to the drill-down.
  const item = page
    .getByTestId("overview-item")
    .filter({ has: page.getByRole("link") })
    .first();
  const notDone = Number(await item.getByRole("link").textContent());
  expect(notDone).toBeGreaterThan(0);
  await item.getByRole("link").click();
  await expect(page).toHaveURL(/\/index\/checklist\/\d+$/);
  await app.waitForHydration();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Not done: ");
  await expect(page.getByTestId("not-done-count")).toContainText(/^\d+ exhibitors have not done this yet$/);
  await expect(page.getByTestId("not-done-list").getByTestId("not-done-row").first()).toBeVisible();
  // The demo exhibitors have contacts (they are reminded); the imports of the other test may add rows meanwhile.
  await expect(page.getByTestId("not-done-list")).toContainText("std01");

  const manualRows = () => page.getByTestId("reminder-log-row").filter({ hasText: "Sent by the organizer" });
  const before = await manualRows().count();
  const mailsBefore = outboxFor(STD01_EMAIL).length;
  const box = page.getByTestId("send-reminder");
  await app.submit(() => box.getByRole("button", { name: "Send a reminder now" }).click());
  const confirm = page.getByTestId("confirm-reminder");
  await expect(confirm).toContainText(/^Send a reminder about “.+” to \d+ exhibitors\?/);
  await app.submit(() => confirm.getByRole("button", { name: "Send", exact: true }).click());
  await expect(successToast(page)).toHaveText(/Reminder sent to [1-9]\d* exhibitors/);
  const sent = Number((await successToast(page).textContent())?.match(/sent to (\d+)/)?.[1]);
  await expect(page.getByTestId("confirm-reminder")).toHaveCount(0);
  await expect(page.getByTestId("reminder-log")).toBeVisible();
  expect(await manualRows().count()).toBeGreaterThanOrEqual(Math.min(50, before + sent));
  // Its status cell (the kind's text also says "Sent"), and the mail in the outbox.
  await expect(manualRows().filter({ hasText: "std01" }).first().getByRole("cell").nth(3)).toHaveText("Sent");
  // The job queue sends it just after: wait for the file.
  await expect.poll(() => outboxFor(STD01_EMAIL).length, { timeout: 0 }).toBeGreaterThan(mailsBefore);
});
