import ExcelJS from "exceljs";
import { idCardCheckChar } from "../../app/contracts/badges/id-documents";
import { expect, FAILED_RESOURCE, successToast, test } from "./fixtures";
import { JS_ON_ONLY } from "./js-on-only";

/**
 * Issue 41's epidemic declaration in the browser, JS on and off: the commitment is refused without
 * its tick and accepted with it; one person is added (a bad ID number first: refused, what was typed
 * kept); a staff workbook with a bad ID number in row 4 is refused naming the row, nothing imported.
 * Each project works as its own exhibitor (std01 with JS, raw01 without) with numbers of its own.
 */
const idCard = (prefix: string, n: number) => {
  const first17 = `${prefix}${String(n).padStart(3, "0")}`;
  return `${first17}${idCardCheckChar(first17)}`;
};

async function staffWorkbook(rows: string[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Staff");
  sheet.addRow(["Name", "ID number", "Mobile"]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test("an exhibitor accepts the commitment, adds a person and gets a bad workbook's row named", async ({ app, page, consoleErrors }, testInfo) => {
  consoleErrors.allow(FAILED_RESOURCE(400));
  const jsOn = testInfo.project.name === "js-on";
  // Project-specific birth dates, so the two projects never list the same numbers.
  const prefix = jsOn ? "51010719910203" : "51010719920304";
  const name = jsOn ? "E2E 防疫 甲" : "E2E 防疫 乙";
  await app.signIn(jsOn ? "std01" : "raw01");
  await app.goto("/exhibitorInfo/epidemicDeclaration");
  await expect(page.getByTestId("commitment-text")).toContainText("Our company commits");

  // The tick is required.
  const commitment = page.getByTestId("commitment-form");
  await commitment.getByRole("checkbox").uncheck();
  await commitment.locator("input[name=signerName]").fill("E2E Signer");
  await app.submit(() => page.getByTestId("commitment-submit").click());
  await expect(page.getByTestId("commitment-form")).toContainText("please tick that you have read the rules");
  await expect(page.getByTestId("commitment-form").locator("input[name=signerName]")).toHaveValue("E2E Signer");
  await page.getByTestId("commitment-form").getByRole("checkbox").check();
  await app.submit(() => page.getByTestId("commitment-submit").click());
  await expect(successToast(page)).toContainText("Commitment accepted");
  await expect(page.getByTestId("commitment-accepted")).toContainText("E2E Signer");

  // One person: a wrong check digit first, then the right number.
  const good = idCard(prefix, 1);
  const form = page.getByTestId("staff-form");
  await form.locator("input[name=name]").fill(name);
  await form.locator("input[name=idNumber]").fill(`${good.slice(0, 17)}${good.endsWith("0") ? "1" : "0"}`);
  await form.locator("input[name=mobile]").fill("13712345678");
  await app.submit(() => page.getByTestId("staff-submit").click());
  await expect(page.getByTestId("staff-form")).toContainText("IDCard format is incorrect");
  await expect(page.getByTestId("staff-form").locator("input[name=name]")).toHaveValue(name);
  await page.getByTestId("staff-form").locator("input[name=idNumber]").fill(good);
  await app.submit(() => page.getByTestId("staff-submit").click());
  await expect(successToast(page)).toContainText(`${name} added`);
  await expect(page.getByTestId("staff-list")).toContainText(name);
  // The page's changes, newest first: the person added, by the account, the mobile masked.
  const changes = page.getByTestId("record-history");
  await expect(changes.getByRole("heading", { name: "Changes on this page" })).toBeVisible();
  await expect(changes.getByTestId("record-history-entry").first()).toContainText(name);
  await expect(changes.getByTestId("record-history-entry").first()).toContainText("1371******8");
  await expect(changes).not.toContainText("13712345678");

  // A workbook with a bad ID number in row 4: refused, the row named, nothing imported.
  const rows = [2, 3, 4, 5].map((n) => [`E2E 导入 ${n}`, idCard(prefix, n), `1371234560${n}`]);
  rows[2]![1] = "123456789012345678";
  await page.getByTestId("import-file").setInputFiles({
    name: "staff.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: await staffWorkbook(rows),
  });
  await app.submit(() => page.getByTestId("import-submit").click());
  await expect(page.getByTestId("import-errors")).toContainText("Row 4: IDCard format is incorrect");
  await expect(page.getByTestId("import-error-4")).toBeVisible();
  await expect(page.getByTestId("staff-list")).not.toContainText("E2E 导入");
});

test("the organizer sees the declarations and offers the export", { tag: JS_ON_ONLY }, async ({ app, page }) => {
  await app.signIn("admin", "Admin#2026");
  await app.goto("/exhibitorInfo/epidemicReview");
  await expect(page.getByTestId("settings-form").getByRole("checkbox")).toBeChecked();
  await expect(page.getByTestId("declaration-list")).toContainText("Accepted");
  await expect(page.getByTestId("staff-list")).toContainText("李明");
  const href = await page.getByTestId("export-link").getAttribute("href");
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toContain("spreadsheetml");
});
