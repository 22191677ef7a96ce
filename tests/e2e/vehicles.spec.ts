import { FAILED_RESOURCE, accountFor, expect, successToast, test } from "./fixtures";
import { setLanguage } from "./exhibitor-helpers";
import { addDays, testCalendar } from "../support/test-clock";
import { otherPersonInChinese } from "./other-person";

/**
 * Vehicles and special shipments (/exhibitTL, Chinese only): a yellow-plate truck registered, its
 * plate not changeable, approved by the organizer and its pass downloaded; a small-exhibit express
 * booking (a 4 m side refused with the input kept) moved by carrier01 to the booth. Each project
 * has its own exhibitors (9M01...).
 */

test("small-exhibit express: a 4 m side refused with the input kept, booked, moved by carrier01 to the booth", async ({
  app,
  page,
  browser,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(120_000);
  consoleErrors.allow(FAILED_RESOURCE(400));
  const account = accountFor("vehicles-express", testInfo);
  const item = `样品箱 ${testInfo.project.name}`;
  await setLanguage(page, "zh", testInfo);
  await app.signIn(account);
  await app.goto("/exhibitTL/smallExhibitsExpress");
  const form = page.getByTestId("express-form");
  await form.locator("select[name=carrierId]").selectOption({ label: "顺达国际物流有限公司" });
  await form.locator("input[name=senderName]").fill("深圳样品仓");
  await form.locator("input[name=senderPhone]").fill("13800001234");
  await form.locator("input[name=senderAddress]").fill("深圳市南山区科技园 1 号");
  await form.locator("input[name=recipientName]").fill("赵六");
  await form.locator("input[name=recipientPhone]").fill("13900005678");
  await form.locator("input[name=itemName]").fill(item);
  await form.locator("input[name=pieces]").fill("2");
  await form.locator("input[name=grossWeight]").fill("12.5");
  await form.locator("input[name=length]").fill("400");
  await form.locator("input[name=width]").fill("40");
  await form.locator("input[name=height]").fill("30");
  await form.locator("input[name=expectedOn]").fill(addDays(testCalendar.opensOn, -2));
  await app.submit(() => form.getByTestId("express-book").click());
  await expect(page.getByTestId("express-form")).toContainText("长（cm）最大为 300");
  await expect(page.getByTestId("express-form").locator("input[name=itemName]")).toHaveValue(item);
  await page.getByTestId("express-form").locator("input[name=length]").fill("60");
  await app.submit(() => page.getByTestId("express-form").getByTestId("express-book").click());
  await expect(successToast(page)).toContainText("快递预约已保存");
  const row = page.getByTestId("express-history").locator("tr", { hasText: item });
  await expect(row.getByTestId("express-status")).toContainText("已预约");

  const { other: carrier, close } = await otherPersonInChinese(browser, app, testInfo);
  try {
    await carrier.signIn("carrier01");
    await carrier.goto("/exhibitTL/carriageOrder");
    const booking = carrier.page.getByTestId("carrier-express").locator("tr", { hasText: `E2E ${account}` });
    await carrier.submit(() => booking.getByRole("button", { name: "标记为仓库已收货" }).click());
    await expect(successToast(carrier.page)).toContainText("快递预约进度已更新");
    await carrier.submit(() =>
      carrier.page
        .getByTestId("carrier-express")
        .locator("tr", { hasText: `E2E ${account}` })
        .getByRole("button", { name: "标记为已送达展位" })
        .click(),
    );
    await expect(successToast(carrier.page)).toContainText("快递预约进度已更新");
  } finally {
    await close();
  }

  // The exhibitor's history, filtered to what was delivered.
  await app.goto("/exhibitTL/smallExhibitsExpress?status=delivered");
  const delivered = page.getByTestId("express-history").locator("tr", { hasText: item });
  await expect(delivered.getByTestId("express-status")).toContainText("已送达展位");
  await expect(delivered.getByRole("link", { name: "删除" })).toHaveCount(0);
});

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

test("yellow-plate truck: a bad plate refused with the input kept, registered, its plate not changeable, approved, the pass downloaded", async ({
  app,
  page,
  browser,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(120_000);
  consoleErrors.allow(FAILED_RESOURCE(400));
  consoleErrors.allow(FAILED_RESOURCE(409));
  const plate = testInfo.project.name === "js-on" ? "粤B9M001" : "粤B9M002";
  await setLanguage(page, "zh", testInfo);
  await app.signIn(accountFor("vehicles-truck", testInfo));
  await app.goto("/exhibitTL/truckInformationSubmit");
  const form = page.getByTestId("truck-form");
  await form.locator("input[name=plate]").fill("粤b12345");
  await form.locator("select[name=kind]").selectOption("installation");
  await form.locator("input[name=driverName]").fill("钱七");
  await form.locator("input[name=driverPhone]").fill("13600002222");
  await form.locator("input[name=plannedOn]").fill(testCalendar.rawMoveIn.from);
  await form.getByTestId("upload-input").setInputFiles({ name: "licence.pdf", mimeType: "application/pdf", buffer: PDF });
  if (app.jsEnabled) await expect(form.getByTestId("upload-item").getByRole("link", { name: "licence.pdf" })).toBeVisible();
  await app.submit(() => form.getByTestId("truck-add").click());
  await expect(page.getByTestId("truck-form")).toContainText("请输入正确的车牌号");
  await expect(page.getByTestId("truck-form").locator("input[name=driverName]")).toHaveValue("钱七");
  await page.getByTestId("truck-form").locator("input[name=plate]").fill(plate);
  await app.submit(() => page.getByTestId("truck-form").getByTestId("truck-add").click());
  await expect(successToast(page)).toContainText("车辆已登记");
  const row = page.getByTestId("truck-list").locator("tr", { hasText: plate });
  await expect(row.getByTestId("truck-status")).toContainText("待审核");

  // The plate is the registration: the edit form shows it read-only and the server refuses another one.
  await row.getByRole("link", { name: "修改" }).click();
  const edit = page.getByTestId("truck-edit-form");
  await expect(edit.getByTestId("plate-locked-hint")).toBeVisible();
  await expect(edit.getByTestId("plate-readonly")).toHaveAttribute("readonly", "");
  await expect(edit.getByTestId("plate-readonly")).toHaveValue(plate);
  // The same form posted with another plate (as an altered page would send it) is refused, and nothing changes.
  const field = (name: string) => edit.locator(`input[name=${name}]`).first().inputValue();
  const tampered = await page.request.post(new URL(page.url()).pathname, {
    headers: { origin: new URL(page.url()).origin, "sec-fetch-site": "same-origin" },
    form: {
      intent: "update",
      id: await field("id"),
      version: await field("version"),
      boothId: await edit.locator("select[name=boothId]").inputValue(),
      plate: "粤B7777A",
      kind: "installation",
      driverName: "钱七",
      driverPhone: "13600002222",
      plannedOn: testCalendar.rawMoveIn.from,
      licenseUrl: await field("licenseUrl"),
    },
  });
  expect(tampered.status()).toBe(409);
  expect(await tampered.text()).toContain("已登记的车牌号不可修改：请删除该登记后重新登记");
  await app.goto("/exhibitTL/truckInformationSubmit");
  await expect(page.getByTestId("truck-list")).toContainText(plate);
  await expect(page.getByTestId("truck-list")).not.toContainText("粤B7777A");

  // The organizer approves it with the gate.
  const { other: organizer, close } = await otherPersonInChinese(browser, app, testInfo);
  try {
    await organizer.signIn("admin", "Admin#2026");
    await organizer.goto("/exhibitTL/truckReview?status=submitted");
    const waiting = organizer.page.getByTestId("truck-review-list").locator("tr", { hasText: plate });
    await waiting.locator("input[name=gate]").fill("南 2 门");
    await organizer.submit(() => waiting.getByRole("button", { name: "通过" }).click());
    await expect(successToast(organizer.page)).toContainText("车辆已审核通过");
  } finally {
    await close();
  }

  // The exhibitor downloads the pass.
  await app.goto("/exhibitTL/truckInformationSubmit");
  const approved = page.getByTestId("truck-list").locator("tr", { hasText: plate });
  await expect(approved.getByTestId("truck-status")).toContainText("已通过");
  await expect(approved.getByRole("link", { name: "修改" })).toHaveCount(0);
  const href = await approved.getByRole("link", { name: "下载车辆通行证" }).getAttribute("href");
  const pass = await page.request.get(href!);
  expect(pass.status()).toBe(200);
  expect(pass.headers()["content-type"]).toContain("application/pdf");
  expect((await pass.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // Its History: registered by the exhibitor, approved by the organizer, oldest first.
  await approved.getByRole("link", { name: "历史记录" }).click();
  const history = page.getByTestId("truck-history");
  await expect(history).toContainText(plate);
  const entries = history.getByTestId("record-history-entry");
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toHaveAttribute("data-kind", "create");
  await expect(entries.nth(1)).toHaveAttribute("data-kind", "review");
  await expect(entries.nth(1)).toContainText("admin");
});
