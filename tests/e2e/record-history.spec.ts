import { maskPhone } from "../../app/contracts/common/format";
import teamZh from "../../app/contracts/team/texts.zh";
import { setLanguage } from "./exhibitor-helpers";
import { accountFor, expect, test } from "./fixtures";

/**
 * A record's History section (docs/decisions/069) on a page other than the badges': a service order
 * committed and then changed by its exhibitor lists both changes, oldest first, with the fields each
 * changed (a phone masked). In Chinese, as the booking menus are; each project has its own exhibitor and booth (9P01...).
 */
const BOOKING = "/bookingService/onlineBookingService";
const texts = teamZh.history;

test("a service order's History lists its commit and the contractor's change, with who and what", async ({ app, page }, testInfo) => {
  await setLanguage(page, "zh", testInfo);
  const exhibitor = accountFor("history-order", testInfo);
  await app.signIn(exhibitor);
  await app.goto(BOOKING);
  const card = page.getByTestId("service-furn-folding-chair");
  await card.locator("input[name=quantity]").fill("2");
  await app.submit(() => card.getByRole("button", { name: "加入购物车" }).click());
  await expect(page.getByTestId("notice")).toHaveText("已加入购物车。");
  const commit = page.getByTestId("commit-form");
  await commit.getByLabel("搭建商公司名称").fill("历史搭建商");
  await commit.getByLabel("搭建商联系人").fill("赵工");
  await app.submit(() => commit.getByRole("button", { name: "提交订单" }).click());
  await expect(page).toHaveURL(/\/bookingService\/myOrder\/SO\d{8}-[A-Z0-9]{6}\?notice=committed$/);
  const orderPath = new URL(page.url()).pathname;

  // The commit: one entry, by the account's owner, with the order's fields as they were set.
  const history = page.getByTestId("record-history");
  await expect(history.getByRole("heading", { name: texts.section })).toBeVisible();
  const entries = history.getByTestId("record-history-entry");
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toHaveAttribute("data-kind", "submit");
  await expect(entries.first()).toContainText(texts.kinds.submit);
  await expect(entries.first()).toContainText(`${exhibitor} · E2E ${exhibitor} (${texts.roles.owner})`);
  await expect(entries.first()).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}.*\(UTC\+8\)/);
  await expect(entries.first().getByTestId("history-changes")).toContainText("contractor_company: — → 历史搭建商");

  // The contractor changed on the order's page: a second entry with the old and new values; the phone masked.
  const contractor = page.getByTestId("contractor-form");
  await contractor.getByLabel("搭建商公司名称").fill("新历史搭建商");
  await contractor.getByLabel("搭建商电话").fill("13900002468");
  await app.submit(() => contractor.getByRole("button", { name: "保存搭建商信息" }).click());
  await expect(page.getByTestId("notice")).toHaveText("搭建商信息已保存。");
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toHaveAttribute("data-kind", "submit");
  await expect(entries.nth(1)).toHaveAttribute("data-kind", "update");
  await expect(entries.nth(1)).toContainText(texts.kinds.update);
  const changes = entries.nth(1).getByTestId("history-changes");
  await expect(changes).toContainText("contractor_company: 历史搭建商 → 新历史搭建商");
  await expect(changes).toContainText(`contractor_phone: — → ${maskPhone("13900002468")}`);
  await expect(history).not.toContainText("13900002468");
  // Only what changed: the contact stayed, so it is no line of the change.
  await expect(changes).not.toContainText("contractor_contact");

  // The same section when the page is opened afresh.
  await app.goto(orderPath);
  await expect(page.getByTestId("record-history").getByTestId("record-history-entry")).toHaveCount(2);
});

test(
  "a payment voucher's History, from its row: the demo's transfer saved by std01 and confirmed by the organizer",
  { tag: "@js-on-only" },
  async ({ app, page }, testInfo) => {
    // The invoice area is Chinese only.
    await setLanguage(page, "zh", testInfo);
    await app.signIn("std01");
    await app.goto("/invoiceArea/paymentVoucher");
    const row = page.getByTestId("voucher-list").locator("tr", { hasText: "展位费转账" }).first();
    await row.getByRole("link", { name: texts.section }).click();
    const history = page.getByTestId("voucher-history");
    await expect(history).toContainText("展位费转账");
    const entries = history.getByTestId("record-history-entry");
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toHaveAttribute("data-kind", "create");
    await expect(entries.nth(0)).toContainText("std01");
    await expect(entries.nth(1)).toHaveAttribute("data-kind", "review");
    await expect(entries.nth(1)).toContainText("admin");
    await history.getByRole("link", { name: texts.close }).click();
    await expect(page.getByTestId("voucher-history")).toHaveCount(0);
  },
);

test(
  "a Taiwan exhibits filing shows its History under it: raw01's demo filing of 2B12, made by raw01",
  { tag: "@js-on-only" },
  async ({ app, page }, testInfo) => {
    await setLanguage(page, "zh", testInfo);
    await app.signIn("raw01");
    // The demo filing is raw01's second booth's.
    await app.goto("/exhibitTL/twExhibitsDeclaration");
    await page.getByRole("link", { name: "2B12" }).click();
    const history = page.getByTestId("record-history");
    await expect(history.getByRole("heading", { name: texts.section })).toBeVisible();
    const first = history.getByTestId("record-history-entry").first();
    await expect(first).toHaveAttribute("data-kind", "create");
    await expect(first).toContainText("raw01");
  },
);
