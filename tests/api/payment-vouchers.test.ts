import crypto from "node:crypto";
import { signInDemo } from "../support/demo-cast";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Bill, BillableItem, BillList, FinancePage, FinanceVoucher, PaymentVoucher, PaymentVoucherList } from "../../app/contracts/invoices/api-types";
import type { OrderView } from "../../app/contracts/orders/api-types";
import type { HistoryEntry } from "../../app/contracts/team/api-types";
import { appClock } from "../../server/clock";
import { backendsOf, postgresSkipReason, startTestApiInTempDir, type TempDirTestApi } from "../support/test-api";
import { addDays, resetTestClock, TEST_NOW } from "../support/test-clock";
import { uploadAs } from "../support/uploads";
import { paymentVouchersSweep } from "./idor/payment-vouchers";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

type Fields = { fields: Record<string, string[]> };
const HTML = Buffer.from("<!DOCTYPE html><html><head><title>x</title></head><body><script>alert(document.cookie)</script></body></html>\n");
/** TEST_NOW's day in exhibition time (UTC+8). */
const TODAY = TEST_NOW.slice(0, 10);

describe.each(backendsOf(import.meta.url))("payment vouchers and bills (/smeb/paymentVoucher, /smeb/bill) on %s", (backend) => {
  let api: TempDirTestApi;
  let std01: string;
  let raw01: string;
  let admin: string;
  let carrier: string;

  beforeAll(async () => {
    api = await startTestApiInTempDir(backend, "portal-vouchers-");
    ({ std01, raw01, admin, carrier01: carrier } = await signInDemo(api, ["std01", "raw01", "admin", "carrier01"]));
  });
  afterEach(() => resetTestClock());
  afterAll(() => api?.close());

  const zh = <T>(path: string, ticket: string, init: { form?: Record<string, string>; query?: Record<string, string>; json?: unknown; lang?: string } = {}) =>
    api.call<T>(path, { lang: "zh", ticket, ...init });
  /** A form post with repeated keys for lists, as the browser sends a multi-select. */
  async function postForm<T>(path: string, ticket: string, form: Record<string, string | string[]>) {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(form)) for (const item of [value].flat()) body.append(key, item);
    const response = await fetch(`${api.baseUrl}/api${path}`, {
      method: "POST",
      headers: { ticket, "content-type": "application/x-www-form-urlencoded", "accept-language": "zh" },
      body,
    });
    return { status: response.status, ...((await response.json()) as { code: number; message: string; data: T }) };
  }
  const bills = async (ticket: string) => (await zh<BillList>("/smeb/paymentVoucher/bills", ticket)).data;
  const itemOf = async (ticket: string, key: string) => (await bills(ticket)).items.find((item) => item.key === key) as BillableItem;
  const vouchers = async (ticket: string) => (await zh<PaymentVoucherList>("/smeb/paymentVoucher/list", ticket)).data.vouchers;
  const doc = (ticket: string, name = "transfer.png") => uploadAs(api, ticket, "payment-voucher", name);
  async function newBill(boothNo: string, amount: string, title = "展位费") {
    const saved = await zh<Bill>("/smeb/bill/save", admin, { form: { boothNo, kind: "boothFee", titleZh: title, titleEn: "Booth fee", amount } });
    expect(saved.code, saved.message).toBe(200);
    return `bill:${saved.data.id}`;
  }
  const voucherForm = (itemKeys: string | string[], documentUrls: string | string[], extra: Record<string, string> = {}) => ({
    name: "银行转账",
    productType: "boothFee",
    amount: "12,000.50",
    paidOn: TODAY,
    payerAccountName: "深圳星河智能科技有限公司",
    itemKeys,
    documentUrls,
    ...extra,
  });
  const save = (ticket: string, form: Record<string, string | string[]>) => postForm<PaymentVoucher>("/smeb/paymentVoucher/save", ticket, form);
  const decide = (form: Record<string, string>, ticket = admin) => zh<FinanceVoucher>("/smeb/paymentVoucher/review/decide", ticket, { form });
  const review = (query: Record<string, string> = {}) => zh<FinancePage<FinanceVoucher>>("/smeb/paymentVoucher/review/list", admin, { query });

  /** An order of std01's at the step payment_claimed: committed, stamped contract, voucher attached. */
  async function claimedOrder(ticket = std01) {
    const catalogue = await api.call<{ list: { id: number; code: string }[] }>("/smeb/service/service/list", { ticket });
    const chair = catalogue.data.list.find((s) => s.code === "furn-folding-chair")!;
    expect((await api.call("/smeb/service/cart/add", { ticket, form: { serviceId: String(chair.id), quantity: "2" } })).code).toBe(200);
    const order = await api.call<OrderView>("/smeb/service/order/commit", { ticket, form: { idempotencyKey: `k-${crypto.randomUUID()}` } });
    expect(order.code, order.message).toBe(200);
    const orderNo = order.data.orderNo;
    const contract = await uploadAs(api, ticket, "certificate-composite", "contract.png");
    expect((await api.call("/smeb/service/order/uploadContract", { ticket, form: { orderNo, rulesAccepted: "on", contractUrls: contract } })).code).toBe(200);
    const voucherUrl = await doc(ticket, "order-transfer.png");
    const claimed = await api.call<OrderView>("/smeb/service/order/claimPayment", { ticket, form: { orderNo, voucherUrl } });
    expect(claimed.data).toMatchObject({ status: "payment_claimed", voucherUrl });
    const id = (await api.db.selectFrom("service_orders").select("id").where("order_no", "=", orderNo).executeTakeFirstOrThrow()).id;
    return { orderNo, key: `order:${id}`, totalCents: order.data.totalCents, voucherUrl };
  }
  const orderDetail = async (orderNo: string) => (await api.call<OrderView>("/smeb/service/order/detail", { ticket: std01, query: { orderNo } })).data;

  it("lists what the exhibitor owes: a bill the organizer entered by booth number, in Chinese, to its exhibitor only", async () => {
    const key = await newBill("1a01", "12,000.50");
    const item = await itemOf(std01, key);
    expect(item).toMatchObject({ kind: "bill", title: "展位费", boothNo: "1A01", amountCents: 1_200_050, payment: "unpaid", openCents: 0 });
    expect((await bills(raw01)).items.map((i) => i.key)).not.toContain(key);
    const listed = await zh<Bill[]>("/smeb/bill/list", admin, { query: { keyword: "星河" } });
    expect(listed.data.find((b) => `bill:${b.id}` === key)).toMatchObject({
      exhibitorName: "深圳星河智能科技有限公司",
      boothNo: "1A01",
      kind: "boothFee",
      amountCents: 1_200_050,
    });
    expect((await zh<Bill[]>("/smeb/bill/list", admin, { query: { keyword: "远航" } })).data.map((b) => `bill:${b.id}`)).not.toContain(key);

    const unknown = await zh<Fields>("/smeb/bill/save", admin, { form: { boothNo: "ZZ99", kind: "other", titleZh: "杂费", titleEn: "Other", amount: "10" } });
    expect(unknown).toMatchObject({ status: 400, message: "本届展会没有展位 ZZ99" });
    expect(unknown.data.fields.boothNo).toEqual(["invoices.errors.boothUnknown"]);
    const negative = await zh<Fields>("/smeb/bill/save", admin, { form: { boothNo: "1A01", kind: "other", titleZh: "杂费", titleEn: "Other", amount: "-1" } });
    expect(negative.status).toBe(400);
    expect(negative.data.fields.amount).toEqual(["validation.correct|invoices.fields.amount"]);
  });

  it("saves a voucher, lists it, and the organizer's confirmation shows the bill paid", async () => {
    const key = await newBill("1A01", "12,000.50");
    const first = await doc(std01, "回单1.png");
    const second = await doc(std01, "回单2.png");
    const saved = await save(std01, voucherForm(key, [first, second]));
    expect(saved.code, saved.message).toBe(200);
    expect(saved.data).toMatchObject({
      source: "voucher",
      name: "银行转账",
      amountCents: 1_200_050,
      paidOn: TODAY,
      status: "submitted",
      deletable: true,
      items: [{ key, title: "展位费", amountCents: 1_200_050 }],
    });
    expect(saved.data.documents).toEqual([
      { url: first, name: "回单1.png" },
      { url: second, name: "回单2.png" },
    ]);
    expect((await vouchers(std01))[0]).toEqual(saved.data);
    expect((await vouchers(raw01)).map((v) => v.id)).not.toContain(saved.data.id);
    expect(await itemOf(std01, key)).toMatchObject({ payment: "claimed", openCents: 0 });

    const queue = await review({ status: "submitted", keyword: "星河" });
    expect(queue.data.rows[0]).toMatchObject({ id: saved.data.id, exhibitorName: "深圳星河智能科技有限公司", status: "submitted" });
    expect(queue.data.rows.every((r) => r.status === "submitted")).toBe(true);
    expect((await review({ status: "issued" })).status).toBe(400);

    const confirmed = await decide({ id: String(saved.data.id), decision: "confirm", version: String(saved.data.version) });
    expect(confirmed.data).toMatchObject({ status: "confirmed", version: saved.data.version + 1, deletable: false });
    expect(await itemOf(std01, key)).toMatchObject({ payment: "paid", openCents: 1_200_050 });
    expect((await bills(std01)).totals.paidCents).toBeGreaterThanOrEqual(1_200_050);
    expect(await decide({ id: String(saved.data.id), decision: "return", reason: "晚了" })).toMatchObject({ status: 409, message: "该记录已审核" });
    // Its History: saved by the exhibitor (the documents by name and size), confirmed by the organizer; nothing of it for another exhibitor.
    const history = await zh<HistoryEntry[]>("/smeb/history/record", std01, { query: { type: "paymentVoucher", id: String(saved.data.id) } });
    expect(history.data.map((e) => [e.kind, e.actor])).toEqual([
      ["create", "std01"],
      ["review", "admin"],
    ]);
    expect(history.data[0]!.changes).toEqual(expect.arrayContaining([{ field: "name", old: null, new: "银行转账" }]));
    expect(history.data[1]!.changes).toEqual(expect.arrayContaining([{ field: "status", old: "submitted", new: "confirmed" }]));
    expect((await zh("/smeb/history/record", raw01, { query: { type: "paymentVoucher", id: String(saved.data.id) } })).status).toBe(404);
    // Decided ones follow the waiting ones.
    const all = (await review({ pageSize: "50" })).data.rows;
    expect(all.findIndex((r) => r.status !== "submitted")).toBeGreaterThanOrEqual(all.filter((r) => r.status === "submitted").length);
  });

  it("refuses an HTML page as a voucher document at the upload, by its bytes", async () => {
    const signed = await api.call<{ key: string; fields: Record<string, string> }>("/oss/signature/getSignature", {
      ticket: std01,
      query: { timesp: String(Date.now()), folder: "payment-voucher", fileName: "voucher.png" },
    });
    const form = new FormData();
    for (const [k, v] of Object.entries(signed.data.fields)) form.append(k, v);
    form.append("file", new File([new Uint8Array(HTML)], "voucher.png"));
    expect((await fetch(`${api.baseUrl}/storage`, { method: "POST", body: form })).status).toBe(200);
    const done = await api.call<Fields>("/oss/complete", { ticket: std01, form: { key: signed.data.key, name: "voucher.png" } });
    expect(done.status).toBe(400);
    expect(done.data.fields.file).toEqual(["uploads.typeMismatch"]);
    expect(await api.db.selectFrom("stored_files").select("id").where("upload_key", "=", signed.data.key).executeTakeFirst()).toBeUndefined();
  });

  it("refuses a wrong amount, a future date, another's bill, another's or a wrong folder's file, each at its field and translated", async () => {
    const key = await newBill("1A01", "12,000.50");
    const file = await doc(std01);
    const mismatch = await save(std01, voucherForm(key, file, { amount: "100" }));
    expect(mismatch).toMatchObject({ status: 400, message: "金额（¥100.00）须等于所选账单合计（¥12,000.50）" });
    expect((mismatch.data as unknown as Fields).fields.amount).toEqual(["invoices.errors.amountMismatch"]);

    const future = await save(std01, voucherForm(key, file, { paidOn: addDays(TODAY, 1) }));
    expect(future).toMatchObject({ status: 400, message: "付款日期不能晚于今天" });
    expect((future.data as unknown as Fields).fields.paidOn).toEqual(["invoices.errors.paidOnFuture"]);

    const rawKey = await newBill("2B12", "50");
    const theirs = await save(std01, voucherForm([key, rawKey], file, { amount: "12050.50" }));
    expect(theirs).toMatchObject({ status: 404, message: "所选账单不属于您或已不存在" });
    expect((theirs.data as unknown as Fields).fields.itemKeys).toEqual(["invoices.errors.itemUnknown"]);

    for (const url of [await doc(raw01), await uploadAs(api, std01, "feedback", "screenshot.png")]) {
      const refused = await save(std01, voucherForm(key, [file, url]));
      expect(refused).toMatchObject({ status: 404, message: "请重新上传凭证文件" });
      expect((refused.data as unknown as Fields).fields.documentUrls).toEqual(["invoices.errors.documentInvalid"]);
    }
    const six = await save(
      std01,
      voucherForm(
        key,
        Array.from({ length: 6 }, () => file),
      ),
    );
    expect(six.status).toBe(400);
    expect((await itemOf(std01, key)).payment).toBe("unpaid");

    // Today is the exhibition's (UTC+8): just after midnight there, while UTC is still on the day before.
    appClock.freezeAt(`${addDays(TODAY, 1)}T00:30:00+08:00`);
    expect((await save(std01, voucherForm(key, file, { paidOn: addDays(TODAY, 1) }))).code).toBe(200);
  });

  it("lets one of two vouchers for the same bill in at once, and tells the other it is taken", async () => {
    const key = await newBill("2B10", "300");
    const files = [await doc(raw01), await doc(raw01)];
    const [a, b] = await Promise.all([
      save(raw01, voucherForm(key, files[0]!, { amount: "300" })),
      save(raw01, voucherForm(key, files[1]!, { amount: "300" })),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.message).toBe("所选账单已在其他付款凭证中");
    expect((loser.data as unknown as Fields).fields.itemKeys).toEqual(["invoices.errors.itemOnVoucher"]);
    expect(await api.db.selectFrom("payment_voucher_items").select("voucher_id").where("item_key", "=", key).execute()).toHaveLength(1);
  });

  it("deletes before the decision (the bill is free again) and not after; a paid bill is refused", async () => {
    const key = await newBill("1A01", "20");
    const first = (await save(std01, voucherForm(key, await doc(std01), { amount: "20" }))).data;
    const stale = await zh("/smeb/paymentVoucher/delete", std01, { form: { id: String(first.id), version: String(first.version + 1) } });
    expect(stale).toMatchObject({ status: 409, message: "该记录已被修改，请刷新后重试" });
    expect((await zh("/smeb/paymentVoucher/delete", std01, { form: { id: String(first.id), version: String(first.version) } })).code).toBe(200);
    expect((await vouchers(std01)).map((v) => v.id)).not.toContain(first.id);
    expect((await itemOf(std01, key)).payment).toBe("unpaid");
    expect((await zh("/smeb/paymentVoucher/delete", std01, { form: { id: String(first.id) } })).status).toBe(404);

    const second = (await save(std01, voucherForm(key, await doc(std01), { amount: "20" }))).data;
    expect(second.status).toBe("submitted");
    await decide({ id: String(second.id), decision: "confirm" });
    expect(await zh("/smeb/paymentVoucher/delete", std01, { form: { id: String(second.id), version: String(second.version + 1) } })).toMatchObject({
      status: 409,
      message: "该记录已审核",
    });
    const again = await save(std01, voucherForm(key, await doc(std01), { amount: "20" }));
    expect(again).toMatchObject({ status: 409, message: "所选账单已付款" });
  });

  it("makes an order's payment claim its voucher; returning it frees the order for a new voucher, confirming completes it", async () => {
    const order = await claimedOrder();
    const listed = (await vouchers(std01)).find((v) => v.name === order.orderNo)!;
    expect(listed).toMatchObject({
      source: "order",
      productType: "service",
      amountCents: order.totalCents,
      paidOn: TODAY,
      payerAccountName: "深圳星河智能科技有限公司",
      status: "submitted",
      deletable: false,
    });
    expect(listed.items).toEqual([{ key: order.key, title: order.orderNo, amountCents: order.totalCents }]);
    expect(listed.documents.map((d) => d.url)).toEqual([order.voucherUrl]);
    expect(await zh("/smeb/paymentVoucher/delete", std01, { form: { id: String(listed.id) } })).toMatchObject({
      status: 409,
      message: "该凭证属于服务订单，请在订单中处理",
    });
    const twice = await save(std01, voucherForm(order.key, await doc(std01), { amount: String(order.totalCents / 100) }));
    expect(twice).toMatchObject({ status: 409, message: "所选账单已在其他付款凭证中" });

    expect((await decide({ id: String(listed.id), decision: "return" })).status).toBe(400);
    const returned = await decide({ id: String(listed.id), decision: "return", reason: "金额不符", version: String(listed.version) });
    expect(returned.data).toMatchObject({ status: "returned", returnReason: "金额不符" });
    expect(await itemOf(std01, order.key)).toMatchObject({ payment: "unpaid" });
    const reopened = await orderDetail(order.orderNo);
    expect(reopened).toMatchObject({ status: "contract_uploaded", voucherUrl: null, allowedActions: ["claimPayment"] });
    expect(reopened.history.at(-1)).toMatchObject({
      action: "returnPayment",
      fromStatus: "payment_claimed",
      toStatus: "contract_uploaded",
      actorLabel: "admin",
      details: { voucherId: listed.id, reason: "金额不符" },
    });

    const voucherUrl = await doc(std01, "second-transfer.png");
    expect((await api.call<OrderView>("/smeb/service/order/claimPayment", { ticket: std01, form: { orderNo: order.orderNo, voucherUrl } })).data.status).toBe(
      "payment_claimed",
    );
    const renewed = (await vouchers(std01)).find((v) => v.name === order.orderNo && v.status === "submitted")!;
    expect(renewed.documents.map((d) => d.url)).toEqual([voucherUrl]);
    expect((await decide({ id: String(renewed.id), decision: "confirm", version: String(renewed.version) })).data.status).toBe("confirmed");
    const completed = await orderDetail(order.orderNo);
    expect(completed.status).toBe("completed");
    expect(completed.history.at(-1)).toMatchObject({ action: "complete", fromStatus: "payment_claimed", toStatus: "completed", actorLabel: "admin" });
    const row = await api.db.selectFrom("service_orders").select(["completed_by"]).where("order_no", "=", order.orderNo).executeTakeFirstOrThrow();
    const adminId = (await api.db.selectFrom("users").select("id").where("username", "=", "admin").executeTakeFirstOrThrow()).id;
    expect(row.completed_by).toBe(adminId);
    expect(await itemOf(std01, order.key)).toMatchObject({ payment: "paid", openCents: order.totalCents });
  });

  it("confirms the order's voucher when the organizer completes the order on its own page", async () => {
    const order = await claimedOrder();
    expect((await api.call<OrderView>("/smeb/service/order/complete", { ticket: admin, form: { orderNo: order.orderNo } })).data.status).toBe("completed");
    expect((await vouchers(std01)).find((v) => v.name === order.orderNo)).toMatchObject({ status: "confirmed", deletable: false });
    expect((await itemOf(std01, order.key)).payment).toBe("paid");
  });

  it("claims and completes an order of 0 without a voucher, as before", async () => {
    const catalogue = await api.call<{ list: { id: number; code: string }[] }>("/smeb/service/service/list", { ticket: std01 });
    await api.call("/smeb/service/cart/add", {
      ticket: std01,
      form: { serviceId: String(catalogue.data.list.find((s) => s.code === "furn-folding-chair")!.id), quantity: "1" },
    });
    const { orderNo } = (await api.call<OrderView>("/smeb/service/order/commit", { ticket: std01, form: { idempotencyKey: `k-${crypto.randomUUID()}` } })).data;
    await api.db.updateTable("service_orders").set({ total_cents: 0 }).where("order_no", "=", orderNo).execute();
    await api.call("/smeb/service/order/uploadContract", {
      ticket: std01,
      form: { orderNo, rulesAccepted: "on", contractUrls: await uploadAs(api, std01, "certificate-composite", "contract.png") },
    });
    expect(
      (await api.call<OrderView>("/smeb/service/order/claimPayment", { ticket: std01, form: { orderNo, voucherUrl: await doc(std01) } })).data.status,
    ).toBe("payment_claimed");
    expect((await vouchers(std01)).map((v) => v.name)).not.toContain(orderNo);
    expect((await api.call<OrderView>("/smeb/service/order/complete", { ticket: admin, form: { orderNo } })).data.status).toBe("completed");
  });

  it("decides once when two organizers decide at once", async () => {
    const key = await newBill("2B12", "66");
    const voucher = (await save(raw01, voucherForm(key, await doc(raw01), { amount: "66" }))).data;
    const [a, b] = await Promise.all([
      decide({ id: String(voucher.id), decision: "confirm", version: String(voucher.version) }),
      decide({ id: String(voucher.id), decision: "return", reason: "重复", version: String(voucher.version) }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? a : b;
    expect((await itemOf(raw01, key)).payment).toBe(winner.data.status === "confirmed" ? "paid" : "unpaid");
  });

  it("refuses English on every route, and everyone but the organizer on the review and bill routes", async () => {
    const exhibitorRoutes: [string, Record<string, string>?][] = [
      ["/smeb/paymentVoucher/bills"],
      ["/smeb/paymentVoucher/list"],
      ["/smeb/paymentVoucher/save", { name: "x" }],
      ["/smeb/paymentVoucher/delete", { id: "1" }],
    ];
    const organizerRoutes: [string, Record<string, string>?][] = [
      ["/smeb/paymentVoucher/review/list"],
      ["/smeb/paymentVoucher/review/decide", { id: "1", decision: "confirm" }],
      ["/smeb/bill/list"],
      ["/smeb/bill/save", { boothNo: "1A01", kind: "other", titleZh: "x", titleEn: "x", amount: "1" }],
      ["/smeb/bill/delete", { id: "1" }],
    ];
    for (const [path, form] of [...exhibitorRoutes, ...organizerRoutes]) {
      const english = await api.call(path, { ticket: path.includes("review") || path.includes("bill/") ? admin : std01, form, lang: "en" });
      expect(english, path).toMatchObject({ status: 403, message: "The invoice area is available in Chinese only" });
      expect((await api.call(path, { form, lang: "zh" })).status, path).toBe(401);
    }
    for (const [path, form] of organizerRoutes) {
      for (const ticket of [std01, raw01, carrier]) {
        const refused = await zh(path, ticket, { form });
        expect(refused, path).toMatchObject({ status: 403, data: null });
      }
    }
  });

  it("deletes a bill only while no live voucher or invoice application names it", async () => {
    const key = await newBill("2B12", "40", "广告费");
    const id = key.slice("bill:".length);
    const voucher = (await save(raw01, voucherForm(key, await doc(raw01), { amount: "40" }))).data;
    expect(await zh("/smeb/bill/delete", admin, { form: { id } })).toMatchObject({ status: 409, message: "该账单已在付款凭证或发票申请中，不能删除" });
    await decide({ id: String(voucher.id), decision: "return", reason: "请重新上传" });
    expect((await itemOf(raw01, key)).payment).toBe("unpaid");

    // An invoice application is another engineer's; one naming the bill is written straight in.
    const raw = await api.db.selectFrom("users").select(["id", "exhibition_id"]).where("username", "=", "raw01").executeTakeFirstOrThrow();
    const application = await api.db
      .insertInto("invoice_applications")
      .values({
        exhibition_id: raw.exhibition_id,
        user_id: raw.id,
        invoice_type: "vatGeneral",
        title: "广州远航机器人有限公司",
        taxpayer_id: "91440101MA59TEST0X",
        receiving_email: "lisi@yuanhang.example.cn",
        amount_cents: 4000,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await api.db.insertInto("invoice_application_items").values({ application_id: application.id, item_key: key, amount_cents: 4000 }).execute();
    expect((await zh("/smeb/bill/delete", admin, { form: { id } })).status).toBe(409);
    await api.db.updateTable("invoice_application_items").set({ active: false }).where("application_id", "=", application.id).execute();

    expect(await zh("/smeb/bill/delete", admin, { form: { id } })).toMatchObject({ status: 200, data: { id: Number(id), deleted: true } });
    expect((await bills(raw01)).items.map((i) => i.key)).not.toContain(key);
    expect((await zh<Bill[]>("/smeb/bill/list", admin)).data.map((b) => String(b.id))).not.toContain(id);
    expect((await zh("/smeb/bill/delete", admin, { form: { id } })).status).toBe(404);
  });

  it("passes its IDOR sweep entries", async () => {
    const ctx = { api, a: std01, b: raw01, admin, carrier };
    for (const [key, entry] of Object.entries(paymentVouchersSweep)) {
      await entry.probe(ctx).catch((error: Error) => {
        throw new Error(`${key}: ${error.message}`);
      });
    }
  });
});
