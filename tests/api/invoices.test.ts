import fs from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import { signInDemo } from "../support/demo-cast";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  BillingBaseInfo,
  BillList,
  FinanceApplication,
  FinancePage,
  InvoiceApplication,
  InvoiceApplicationDetail,
} from "../../app/contracts/invoices/api-types";
import { newExhibitor } from "../support/new-exhibitor";
import { readOutbox } from "../support/outbox";
import { backendsOf, postgresSkipReason, startTestApiInTempDir, type TempDirTestApi } from "../support/test-api";
import { addDays, testCalendar } from "../support/test-clock";
import { uploadAs } from "../support/uploads";
import { appClock } from "../../server/clock";
import { billing, creditCode, insertPaidBill, invoicesSweep, SAMPLE_PDF } from "./idor/invoices";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

type Fields = { fields: Record<string, string[]> };

/** The day the organizer writes on an issued invoice: the day after the test data was made. */
const invoiceDay = addDays(testCalendar.seededOn, 1);

describe.each(backendsOf(import.meta.url))("invoice applications (/smeb/invoice) on %s", (backend) => {
  let api: TempDirTestApi;
  let std01: string;
  let raw01: string;
  let admin: string;
  let carrier: string;
  beforeAll(async () => {
    api = await startTestApiInTempDir(backend, "portal-invoices-");
    ({ std01, raw01, admin, carrier01: carrier } = await signInDemo(api, ["std01", "raw01", "admin", "carrier01"]));
  });
  afterAll(() => api?.close());

  const save = (ticket: string, body: Record<string, unknown>, lang = "zh") => api.call<InvoiceApplication>("/smeb/invoice/save", { json: body, ticket, lang });
  const update = (ticket: string, body: Record<string, unknown>) => api.call<InvoiceApplication>("/smeb/invoice/update", { json: body, ticket, lang: "zh" });
  const openList = (ticket: string) => api.call<BillList>("/smeb/invoice/openList", { ticket, lang: "zh" });
  const detail = (ticket: string, id: number) => api.call<InvoiceApplicationDetail>("/smeb/invoice/detail", { ticket, lang: "zh", query: { id: String(id) } });
  const decide = (body: Record<string, unknown>, ticket = admin) =>
    api.call<FinanceApplication>("/smeb/invoice/review/decide", { json: body, ticket, lang: "zh" });
  const reviewList = (query: Record<string, string> = {}) =>
    api.call<FinancePage<FinanceApplication>>("/smeb/invoice/review/list", { ticket: admin, lang: "zh", query });
  const pdf = (ticket: string, id: number) => fetch(`${api.baseUrl}/api/smeb/invoice/pdfUrl?id=${id}`, { headers: { ticket, "accept-language": "zh" } });
  const invoicePdf = () => uploadAs(api, admin, "invoice", "e-invoice.pdf", SAMPLE_PDF);
  const activeItems = async (key: string) =>
    (await api.db.selectFrom("invoice_application_items").select("application_id").where("item_key", "=", key).where("active", "=", true).execute()).length;

  it("marks the checklist's 'submit invoice application' done for a raw-space exhibitor once it applies, and not before", async () => {
    // A new raw-space exhibitor (as raw01): no application yet, whatever other tests made for raw01.
    const raw = await newExhibitor(api, { boothType: 2 });
    const status = async () =>
      (await api.call<{ link: string; status: string }[]>("/smeb/worksheet/worksheet", { ticket: raw.ticket })).data.find(
        (i) => i.link === "/invoiceArea/billingApplication",
      )?.status;
    expect(await status()).not.toBe("done");
    const key = await insertPaidBill(api, raw.username, 5_000, "清单测试账单");
    expect((await save(raw.ticket, { ...billing(90), itemKeys: [key] })).code).toBe(200);
    expect(await status()).toBe("done");
  });

  it("lists only what is paid and not yet invoiced, with totals over those", async () => {
    const paid = await insertPaidBill(api, "std01", 120_000, "展位费 A");
    const claimed = await insertPaidBill(api, "std01", 30_000, "待确认账单", false);
    const result = await openList(std01);
    expect(result.code).toBe(200);
    const keys = result.data.items.map((i) => i.key);
    expect(keys).toContain(paid);
    expect(keys).not.toContain(claimed);
    expect(result.data.items.every((i) => i.openCents > 0 && i.payment === "paid")).toBe(true);
    const sum = result.data.items.reduce((total, i) => total + i.openCents, 0);
    expect(result.data.totals).toMatchObject({ openCents: sum, unpaidCents: 0 });
  });

  it("save → the organizer issues with a PDF → the exhibitor downloads it and the receiving address is mailed", async () => {
    const [first, second] = [await insertPaidBill(api, "std01", 50_000, "展位费 B"), await insertPaidBill(api, "std01", 8_050, "其他费用 B")];
    const saved = await save(std01, billing(1, { itemKeys: [first, second], receivingEmail: "Finance.B@Galaxy-Smart.example.com" }));
    expect(saved.code, saved.message).toBe(200);
    expect(saved.data).toMatchObject({ amountCents: 58_050, status: "submitted", detailsBy: "exhibitor", version: 0, hasPdf: false });
    expect(saved.data.items.map((i) => i.title).sort()).toEqual(["其他费用 B", "展位费 B"]);
    const listed = await api.call<InvoiceApplication[]>("/smeb/invoice/list", { ticket: std01, lang: "zh" });
    expect(listed.data[0]!.id).toBe(saved.data.id);
    expect((await openList(std01)).data.items.map((i) => i.key)).not.toContain(first);
    expect((await pdf(std01, saved.data.id)).status).toBe(404);

    const open = await detail(std01, saved.data.id);
    expect(open.data.qr!.url).toMatch(/^\/invoiceArea\/saveQrCode\?token=EPI2\.\d+\.0\./);
    // Valid for 7 days of business time (the application clock), whatever the machine's date.
    expect(Date.parse(open.data.qr!.expiresAt)).toBeGreaterThan(appClock.now().getTime());

    const pdfUrl = await invoicePdf();
    const issued = await decide({ id: saved.data.id, decision: "issue", invoiceNo: "44031234567890", invoiceDate: invoiceDay, pdfUrl, version: 0 });
    expect(issued.code, issued.message).toBe(200);
    expect(issued.data).toMatchObject({
      status: "issued",
      invoiceNo: "44031234567890",
      invoiceDate: invoiceDay,
      hasPdf: true,
      exhibitorName: "深圳星河智能科技有限公司",
      version: 1,
    });

    const download = await pdf(std01, saved.data.id);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(Buffer.from(await download.arrayBuffer()).equals(SAMPLE_PDF)).toBe(true);
    expect((await pdf(admin, saved.data.id)).status).toBe(200);
    expect((await pdf(raw01, saved.data.id)).status).toBe(404);
    expect((await detail(std01, saved.data.id)).data.qr).toBeNull();

    const mail = readOutbox(api.dataDir).find((m) => m.to === "finance.b@galaxy-smart.example.com")!;
    expect(mail.subject).toContain("44031234567890");
    expect(mail.subject).toContain("¥580.50");
    expect(mail.text).toContain("/invoiceArea/billingApplication");
  });

  it("an issue whose e-mail fails stays issued (the failure is logged); a picture is not an e-invoice", async () => {
    const item = await insertPaidBill(api, "std01", 1_000, "邮件失败");
    const saved = await save(std01, billing(2, { itemKeys: [item] }));
    const picture = await uploadAs(api, admin, "invoice", "scan.png");
    const refused = await decide({ id: saved.data.id, decision: "issue", invoiceNo: "44030000000001", invoiceDate: invoiceDay, pdfUrl: picture, version: 0 });
    expect(refused.status).toBe(400);
    expect((refused.data as unknown as Fields).fields.pdfUrl).toBeDefined();
    const pdfUrl = await invoicePdf();
    // The outbox cannot be written while a file stands where its folder should be.
    const outbox = path.join(api.dataDir, "outbox");
    fs.mkdirSync(outbox, { recursive: true });
    fs.renameSync(outbox, `${outbox}.away`);
    fs.writeFileSync(outbox, "");
    try {
      const issued = await decide({ id: saved.data.id, decision: "issue", invoiceNo: "44030000000001", invoiceDate: invoiceDay, pdfUrl, version: 0 });
      expect(issued.code).toBe(200);
      expect(issued.data.status).toBe("issued");
    } finally {
      fs.rmSync(outbox);
      fs.renameSync(`${outbox}.away`, outbox);
    }
    expect(api.logLines.some((l) => l.msg === "issued-invoice e-mail could not be sent")).toBe(true);
  });

  it("changes until issued, at the version read; then 409", async () => {
    const item = await insertPaidBill(api, "std01", 20_000, "修改测试");
    const saved = await save(std01, billing(3, { itemKeys: [item] }));
    const changed = await update(std01, billing(4, { id: saved.data.id, version: 0, itemKeys: [item] }));
    expect(changed.code, changed.message).toBe(200);
    expect(changed.data).toMatchObject({ title: billing(4).title, amountCents: 20_000, version: 1 });
    expect(await activeItems(item)).toBe(1);
    expect(await update(std01, billing(5, { id: saved.data.id, version: 0, itemKeys: [item] }))).toMatchObject({
      status: 409,
      message: "该记录已被修改，请刷新后重试",
    });
    const urgent = await api.call<InvoiceApplication>("/smeb/invoice/urgent", {
      json: { id: saved.data.id, urgentReason: "月底结账" },
      ticket: std01,
      lang: "zh",
    });
    expect(urgent.data).toMatchObject({ urgent: true, urgentReason: "月底结账", version: 2 });
    const first = (await reviewList({ status: "submitted", pageSize: "50" })).data.rows[0]!;
    expect(first.urgent).toBe(true);
    expect(
      await decide({ id: saved.data.id, decision: "issue", invoiceNo: "44030000000002", invoiceDate: invoiceDay, pdfUrl: await invoicePdf(), version: 2 }),
    ).toMatchObject({ code: 200 });
    expect(await update(std01, billing(6, { id: saved.data.id, version: 3, itemKeys: [item] }))).toMatchObject({
      status: 409,
      message: "发票已开具，无法再修改",
    });
    expect((await api.call("/smeb/invoice/urgent", { json: { id: saved.data.id, urgentReason: "再急" }, ticket: std01, lang: "zh" })).status).toBe(409);
  });

  it("a return frees the items; the exhibitor's change submits it again", async () => {
    const item = await insertPaidBill(api, "std01", 6_600, "退回测试");
    const saved = await save(std01, billing(7, { itemKeys: [item] }));
    expect(await decide({ id: saved.data.id, decision: "return" })).toMatchObject({ status: 400 });
    const returned = await decide({ id: saved.data.id, decision: "return", reason: "抬头有误", version: 0 });
    expect(returned.data).toMatchObject({ status: "returned", returnReason: "抬头有误" });
    expect(await decide({ id: saved.data.id, decision: "return", reason: "again", version: 1 })).toMatchObject({ status: 409 });
    expect(await activeItems(item)).toBe(0);
    expect((await openList(std01)).data.items.map((i) => i.key)).toContain(item);
    const again = await update(std01, billing(8, { id: saved.data.id, version: 1, itemKeys: [item] }));
    expect(again.data).toMatchObject({ status: "submitted", returnReason: null, amountCents: 6_600 });
    expect(await activeItems(item)).toBe(1);
  });

  it("two saves at once for one item: one wins, the other is told nothing is open", async () => {
    const item = await insertPaidBill(api, "std01", 9_900, "并发测试");
    const results = await Promise.all([save(std01, billing(9, { itemKeys: [item] })), save(std01, billing(10, { itemKeys: [item] }))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.message).toBe("所选账单已无可开票金额（可开 ¥0.00）");
    expect(await activeItems(item)).toBe(1);
  });

  it("refuses what is not open, not one's own, a special invoice without bank details and a wrong check character, at their fields", async () => {
    const item = await insertPaidBill(api, "std01", 3_000, "校验测试");
    await save(std01, billing(11, { itemKeys: [item] }));
    const taken = await save(std01, billing(12, { itemKeys: [item] }));
    expect(taken).toMatchObject({ status: 400, message: "所选账单已无可开票金额（可开 ¥0.00）" });
    expect((taken.data as unknown as Fields).fields.itemKeys).toEqual(["invoices.errors.itemNotOpen"]);
    const unpaid = await insertPaidBill(api, "std01", 3_000, "未确认", false);
    expect((await save(std01, billing(12, { itemKeys: [unpaid] }))).status).toBe(400);
    const others = await insertPaidBill(api, "raw01", 3_000, "别人的账单");
    const foreign = await save(std01, billing(12, { itemKeys: [others] }));
    expect(foreign).toMatchObject({ status: 400, message: "所选账单不属于您或已不存在" });

    const open = await insertPaidBill(api, "std01", 3_000, "校验测试 2");
    const special = await save(std01, billing(13, { itemKeys: [open], invoiceType: "vatSpecial", addressPhone: "", bankAccount: "" }));
    expect(special).toMatchObject({ status: 400, message: "地址及电话不能为空" });
    expect(Object.keys((special.data as unknown as Fields).fields).sort()).toEqual(["addressPhone", "bankAccount"]);
    const code = creditCode(14);
    const wrong = `${code.slice(0, 17)}${code[17] === "0" ? "1" : "0"}`;
    const checksum = await save(std01, billing(14, { itemKeys: [open], taxpayerId: wrong }));
    expect(checksum).toMatchObject({ status: 400, message: "纳税人识别号不是有效的统一社会信用代码（18 位，末位为校验码）" });
    expect((checksum.data as unknown as Fields).fields.taxpayerId).toEqual(["invoices.errors.taxpayerId"]);
    expect(await activeItems(open)).toBe(0);
    // Lower case and spaces are forgiven.
    const forgiven = await save(std01, billing(14, { itemKeys: [open], taxpayerId: ` ${code.slice(0, 9).toLowerCase()} ${code.slice(9)}` }));
    expect(forgiven.data.taxpayerId).toBe(code);
  });

  it("refuses English (403) on the exhibitor's and the organizer's routes, and everyone but the organizer on the review", async () => {
    for (const [ticket, route] of [
      [std01, "/smeb/invoice/openList"],
      [std01, "/smeb/invoice/list"],
      [admin, "/smeb/invoice/review/list"],
    ] as const) {
      expect(await api.call(route, { ticket, lang: "en" })).toMatchObject({ status: 403, message: "The invoice area is available in Chinese only" });
    }
    expect((await save(std01, billing(15, { itemKeys: ["bill:1"] }), "en")).status).toBe(403);
    expect((await api.call("/smeb/invoice/openList", { lang: "zh" })).status).toBe(401);
    const before = JSON.stringify(await api.db.selectFrom("invoice_applications").selectAll().orderBy("id").execute());
    for (const ticket of [std01, raw01, carrier]) {
      expect((await api.call("/smeb/invoice/review/list", { ticket, lang: "zh" })).status).toBe(403);
      expect((await api.call("/smeb/invoice/review/export", { ticket, lang: "zh" })).status).toBe(403);
      expect((await decide({ id: 1, decision: "return", reason: "x" }, ticket)).status).toBe(403);
    }
    expect(JSON.stringify(await api.db.selectFrom("invoice_applications").selectAll().orderBy("id").execute())).toBe(before);
  });

  it("base info comes from the caller's own applications only, distinct and newest first", async () => {
    // A new raw-space exhibitor: its applications are only the two made here (raw01 has others from the IDOR probes).
    const raw = await newExhibitor(api, { boothType: 2, businessName: "广州远航机器人有限公司" });
    const mine = [await insertPaidBill(api, raw.username, 1_100, "远航 1"), await insertPaidBill(api, raw.username, 1_200, "远航 2")];
    const title = "广州远航机器人有限公司 开票";
    const one = await save(raw.ticket, billing(20, { itemKeys: [mine[0]], title, taxpayerId: creditCode(20) }));
    await save(raw.ticket, billing(21, { itemKeys: [mine[1]], title, taxpayerId: creditCode(20), receivingEmail: "newer@yuanhang.example.cn" }));
    const found = await api.call<BillingBaseInfo[]>("/smeb/invoice/baseInfoByName", { ticket: raw.ticket, lang: "zh", query: { title: "远航机器人" } });
    expect(found.data).toHaveLength(1);
    expect(found.data[0]).toMatchObject({ title, receivingEmail: "newer@yuanhang.example.cn" });
    const theirs = await api.call<BillingBaseInfo[]>("/smeb/invoice/baseInfoByName", { ticket: std01, lang: "zh", query: { title: "远航" } });
    expect(theirs.data).toEqual([]);
    expect(
      (await api.call<BillingBaseInfo[]>("/smeb/invoice/baseInfoByName", { ticket: std01, lang: "zh", query: { title: "深圳星河" } })).data.length,
    ).toBeGreaterThan(0);
    expect((await api.call("/smeb/invoice/baseInfoByLogId", { ticket: raw.ticket, lang: "zh", query: { id: String(one.data.id) } })).data).toMatchObject({
      title,
    });
    expect((await api.call("/smeb/invoice/baseInfoByLogId", { ticket: std01, lang: "zh", query: { id: String(one.data.id) } })).status).toBe(404);
  });

  it("the review lists waiting applications first, urgent first, then the oldest; the export is the queue as .xlsx", async () => {
    // An issued application of its own, so the export has a row this test knows.
    const bill = await insertPaidBill(api, "std01", 12_345, "展位费 导出");
    const saved = await save(std01, billing(1, { itemKeys: [bill] }));
    expect(saved.code, saved.message).toBe(200);
    const issuedNow = await decide({
      id: saved.data.id,
      decision: "issue",
      invoiceNo: "44039876543210",
      invoiceDate: invoiceDay,
      pdfUrl: await invoicePdf(),
      version: 0,
    });
    expect(issuedNow.code, issuedNow.message).toBe(200);

    const page = await reviewList({ pageSize: "50" });
    expect(page.code).toBe(200);
    const rows = page.data.rows;
    const rank = (r: FinanceApplication) => (r.status === "submitted" ? (r.urgent ? 0 : 1) : 2);
    expect(rows.map(rank)).toEqual([...rows.map(rank)].sort());
    // Oldest first (the demo's application was made when the database was seeded, at the real time).
    const waiting = rows.filter((r) => rank(r) === 1);
    const byAge = [...waiting].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
    expect(waiting.map((r) => r.id)).toEqual(byAge.map((r) => r.id));
    expect(page.data.total).toBe(rows.length);

    const response = await fetch(`${api.baseUrl}/api/smeb/invoice/review/export?status=issued`, { headers: { ticket: admin, "accept-language": "zh" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("spreadsheetml");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment;/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    const cells: string[][] = [];
    sheet.eachRow((row) => cells.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ""))));
    expect(cells[0]!.slice(0, 4)).toEqual(["展商", "展位号", "发票类型", "发票抬头"]);
    const issued = cells.find((r) => r.includes("44039876543210"))!;
    expect(issued).toEqual(expect.arrayContaining(["深圳星河智能科技有限公司", "1A01", "增值税普通发票", creditCode(1), "123.45", "已开具", invoiceDay]));
    expect(cells.slice(1).every((r) => r.includes("已开具"))).toBe(true);
  });

  it("two organizers deciding at once: one wins, the other gets 409", async () => {
    const item = await insertPaidBill(api, "std01", 2_000, "并发审核");
    const saved = await save(std01, billing(30, { itemKeys: [item] }));
    const results = await Promise.all([
      decide({ id: saved.data.id, decision: "return", reason: "一" }),
      decide({ id: saved.data.id, decision: "return", reason: "二" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  // The IDOR sweep's probes (tests/api/idor.test.ts runs them on the full build too).
  const probes = [...new Set(Object.values(invoicesSweep).map((entry) => entry.probe))];
  it.each(probes.map((probe, i) => [i, probe] as const))(
    "IDOR probe %i: B with A's ids, items, PDF or token gets 403/404 and none of A's data",
    async (_i, probe) => {
      await probe({ api, a: std01, b: raw01, admin, carrier });
    },
  );
});
