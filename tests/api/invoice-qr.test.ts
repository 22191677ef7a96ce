import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InvoiceApplication, InvoiceApplicationDetail, InvoiceQrChange, QrApplication } from "../../app/contracts/invoices/api-types";
import { appClock } from "../../server/clock";
import { countQrRequest } from "../../server/invoices/qr-page";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { addDays, demoName, resetTestClock, TEST_NOW, testCalendar } from "../support/test-clock";
import { uploadAs } from "../support/uploads";
import { billing, insertPaidBill, SAMPLE_PDF } from "./idor/invoices";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * The public QR page's API: the token opens one application's billing details, for 7 days and until
 * the invoice is issued, without a session and in any language; each address has a request budget.
 */
// docs/product.md § Quotas and limits per account: the invoice QR page, 30 requests per 10 minutes per address.
const QR_RATE_LIMIT = 30;

describe.each(backendsOf(import.meta.url))("invoice QR page (/invoice/qr*) on %s", (backend) => {
  let api: TestApi;
  let std01: string;
  let admin: string;
  let raw01: string;
  let carrier: string;
  beforeAll(async () => {
    api = await startTestApi(backend);
    [std01, admin, raw01, carrier] = await Promise.all([
      api.login("std01", "Expo#2026"),
      api.login("admin", "Admin#2026"),
      api.login("raw01", "Expo#2026"),
      api.login("carrier01", "Expo#2026"),
    ]);
  });
  afterAll(() => api?.close());

  /** An application of std01's over one new paid item, with its QR token. */
  async function application(n: number, extra: Record<string, unknown> = {}) {
    const item = await insertPaidBill(api, "std01", 10_000 + n, `二维码测试 ${n}`);
    const saved = await api.call<InvoiceApplication>("/smeb/invoice/save", { json: billing(n, { itemKeys: [item], ...extra }), ticket: std01, lang: "zh" });
    expect(saved.code, saved.message).toBe(200);
    const detail = await api.call<InvoiceApplicationDetail>("/smeb/invoice/detail", { ticket: std01, lang: "zh", query: { id: String(saved.data.id) } });
    const token = new URL(detail.data.qr!.url, api.baseUrl).searchParams.get("token")!;
    return { ...saved.data, item, token };
  }
  const info = (token: string, ip: string, lang = "en") => api.call<QrApplication>("/invoice/qr/info", { query: { token }, ip, lang });
  const qrSave = (body: Record<string, unknown>, ip: string, lang = "en") => api.call<QrApplication>("/invoice/qrSave", { json: body, ip, lang });
  const qrHits = (ip: string) =>
    api.db.selectFrom("rate_limit_hits").select("at").where("limit_name", "=", "invoiceQrPerIp").where("subject", "=", ip).execute();
  const row = (id: number) => api.db.selectFrom("invoice_applications").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const detail = (id: number) => api.call<InvoiceApplicationDetail>("/smeb/invoice/detail", { ticket: std01, lang: "zh", query: { id: String(id) } });
  const revoke = (ticket: string, id: unknown, lang = "zh") => api.call<InvoiceQrChange>("/smeb/invoice/qr/revoke", { json: { id }, ticket, lang });
  const renew = (ticket: string, id: unknown, linkVersion: unknown) =>
    api.call<InvoiceQrChange>("/smeb/invoice/qr/renew", { json: { id, linkVersion }, ticket, lang: "zh" });
  const tokenOf = (url: string) => new URL(url, api.baseUrl).searchParams.get("token")!;
  const INVALID_ZH = "该链接无效，请向展商索取新的二维码";

  it("answers the application's billing details, without a session and in English too, and nothing else", async () => {
    const mine = await application(101);
    const other = await application(102, { title: "另一张申请的抬头" });
    const result = await info(mine.token, "10.88.1.1");
    expect(result.code, result.message).toBe(200);
    expect(result.data).toEqual({
      invoiceType: "vatGeneral",
      title: billing(101).title,
      taxpayerId: billing(101).taxpayerId,
      addressPhone: billing(101).addressPhone,
      bankAccount: "",
      receivingEmail: billing(101).receivingEmail,
      amountCents: 10_101,
      status: "submitted",
      version: 0,
      exhibitionName: demoName.en,
    });
    expect((await info(mine.token, "10.88.1.1", "zh")).data.exhibitionName).toBe(demoName.zh);
    const text = JSON.stringify(result);
    for (const secret of [other.title, "std01", "13812345678", "zhangsan@galaxy-smart.example.com", "1A01", mine.item, "二维码测试"])
      expect(text, secret).not.toContain(secret);
  });

  it("saves the billing details once at the version read: the same form posted again is 409 and changes nothing", async () => {
    const mine = await application(103);
    const form = { ...billing(104), invoiceType: "vatSpecial", bankAccount: "招商银行深圳分行 755900000000001", token: mine.token, version: 0 };
    const saved = await qrSave(form, "10.88.2.1", "zh");
    expect(saved.code, saved.message).toBe(200);
    expect(saved.data).toMatchObject({ invoiceType: "vatSpecial", title: billing(104).title, amountCents: 10_103, version: 1 });
    const again = await qrSave(form, "10.88.2.1", "zh");
    expect(again).toMatchObject({ status: 409, message: "该记录已被修改，请刷新后重试" });
    const stored = await row(mine.id);
    expect(stored).toMatchObject({ details_by: "qr", version: 1, status: "submitted", title: billing(104).title });
    expect(Number(stored.amount_cents)).toBe(10_103);
    const items = await api.db.selectFrom("invoice_application_items").select(["item_key", "active"]).where("application_id", "=", mine.id).execute();
    expect(items).toEqual([{ item_key: mine.item, active: true }]);
    // Amount and items are not the QR page's: sent anyway, they are ignored.
    await qrSave({ ...form, version: 1, amount: "1", itemKeys: ["bill:1"], amountCents: 1 }, "10.88.2.1");
    expect(Number((await row(mine.id)).amount_cents)).toBe(10_103);
    // The exhibitor sees who filled them in.
    const seen = await api.call<InvoiceApplication>("/smeb/invoice/detail", { ticket: std01, lang: "zh", query: { id: String(mine.id) } });
    expect(seen.data.detailsBy).toBe("qr");
  });

  it("checks the billing details as the exhibitor's form does, each message at its field", async () => {
    const mine = await application(105);
    const special = await qrSave({ ...billing(105), invoiceType: "vatSpecial", addressPhone: "", token: mine.token, version: 0 }, "10.88.3.1");
    expect(special).toMatchObject({ status: 400, message: "Address and phone is required" });
    expect(Object.keys((special.data as unknown as { fields: Record<string, unknown> }).fields).sort()).toEqual(["addressPhone", "bankAccount"]);
    const checksum = await qrSave({ ...billing(105), taxpayerId: "91440300MA5F0010X0", token: mine.token, version: 0 }, "10.88.3.1");
    expect(checksum.status).toBe(400);
    expect((await row(mine.id)).version).toBe(0);
  });

  it("refuses an edited or made-up token (404) and says nothing of the application", async () => {
    const mine = await application(106);
    const other = await application(107, { title: "不应出现的抬头" });
    const [prefix, id, linkVersion, expires, signature] = mine.token.split(".") as [string, string, string, string, string];
    const flip = (c: string) => (c === "A" ? "B" : "A");
    for (const token of [
      `${prefix}.${other.id}.${linkVersion}.${expires}.${signature}`,
      `${prefix}.${id}.${linkVersion}.${Number(expires) + 86_400}.${signature}`,
      `${prefix}.${id}.${linkVersion}.${expires}.${flip(signature[0]!)}${signature.slice(1)}`,
      `${prefix}.${id}.${Number(linkVersion) + 1}.${expires}.${signature}`,
      "EPI1.1.1.x",
      "not a token",
    ]) {
      const read = await info(token, "10.88.4.1");
      expect(read).toMatchObject({ status: 404, message: "This link is not valid. Ask the exhibitor for a new QR code" });
      expect(JSON.stringify(read)).not.toContain(other.title);
      expect((await qrSave({ ...billing(108), token, version: 0 }, "10.88.4.1")).status).toBe(404);
    }
    expect((await api.call("/invoice/qr/info", { ip: "10.88.4.1" })).status).toBe(400);
    expect((await row(other.id)).version).toBe(0);
  });

  it("refuses a token past its 7 days (410), whatever the application", async () => {
    const mine = await application(109);
    appClock.freezeAt(new Date(appClock.now().getTime() + 7 * 24 * 3600_000 + 60_000));
    try {
      expect(await info(mine.token, "10.88.5.1")).toMatchObject({ status: 410, message: "This link has expired. Ask the exhibitor for a new QR code" });
      expect((await info(mine.token, "10.88.5.1", "zh")).message).toBe("该链接已过期，请向展商索取新的二维码");
      expect((await qrSave({ ...billing(110), token: mine.token, version: 0 }, "10.88.5.1")).status).toBe(410);
      // A fresh QR code from the exhibitor works again.
      const fresh = await api.call<InvoiceApplicationDetail>("/smeb/invoice/detail", { ticket: std01, lang: "zh", query: { id: String(mine.id) } });
      expect((await info(new URL(fresh.data.qr!.url, api.baseUrl).searchParams.get("token")!, "10.88.5.1")).code).toBe(200);
    } finally {
      resetTestClock();
    }
    expect((await row(mine.id)).version).toBe(0);
  });

  it("refuses an issued invoice (409); a returned application stays returned for the exhibitor to resubmit", async () => {
    const issued = await application(111);
    const pdfUrl = await uploadAs(api, admin, "invoice", "e-invoice.pdf", SAMPLE_PDF);
    const decided = await api.call("/smeb/invoice/review/decide", {
      json: { id: issued.id, decision: "issue", invoiceNo: "44039999000001", invoiceDate: addDays(TEST_NOW.slice(0, 10), 1), pdfUrl, version: 0 },
      ticket: admin,
      lang: "zh",
    });
    expect(decided.code, decided.message).toBe(200);
    expect(await info(issued.token, "10.88.6.1")).toMatchObject({ status: 409, message: "The invoice has been issued: it can no longer be changed" });
    expect((await qrSave({ ...billing(112), token: issued.token, version: 1 }, "10.88.6.1")).status).toBe(409);

    const returned = await application(113);
    await api.call("/smeb/invoice/review/decide", {
      json: { id: returned.id, decision: "return", reason: "请核对抬头", version: 0 },
      ticket: admin,
      lang: "zh",
    });
    const fixed = await qrSave({ ...billing(114), token: returned.token, version: 1 }, "10.88.6.1");
    expect(fixed.data).toMatchObject({ status: "returned", title: billing(114).title, version: 2 });
    expect((await row(returned.id)).status).toBe("returned");
  });

  it("revoking ends every link handed out, for reading and saving alike, and shows none until renewed", async () => {
    const mine = await application(120);
    const ip = "10.88.8.1";
    // Each view of the exhibitor's page signs a token of its own; revoking ends them all.
    const otherView = tokenOf((await detail(mine.id)).data.qr!.url);
    expect((await info(mine.token, ip)).code).toBe(200);
    const revoked = await revoke(std01, mine.id);
    expect(revoked.code, revoked.message).toBe(200);
    expect(revoked.data).toEqual({ id: mine.id, qr: null, qrLink: { version: 1, revoked: true } });
    for (const token of [mine.token, otherView]) {
      expect(await info(token, ip, "zh")).toMatchObject({ status: 404, message: INVALID_ZH, data: null });
      expect((await qrSave({ ...billing(121), token, version: 0 }, ip)).status).toBe(404);
    }
    expect(await row(mine.id)).toMatchObject({ version: 0, title: billing(120).title, details_by: "exhibitor" });
    expect((await detail(mine.id)).data).toMatchObject({ qr: null, qrLink: { version: 1, revoked: true } });
    // Revoking again changes nothing.
    expect((await revoke(std01, mine.id)).data.qrLink).toEqual({ version: 1, revoked: true });
  });

  it("renewing hands out a working link at the link version read; the earlier links stay invalid", async () => {
    const mine = await application(122);
    const ip = "10.88.9.1";
    const renewed = await renew(std01, mine.id, 0);
    expect(renewed.code, renewed.message).toBe(200);
    expect(renewed.data.qrLink).toEqual({ version: 1, revoked: false });
    const fresh = tokenOf(renewed.data.qr!.url);
    expect(fresh).toMatch(new RegExp(`^EPI2\\.${mine.id}\\.1\\.`));
    expect((await info(mine.token, ip)).status).toBe(404);
    expect((await qrSave({ ...billing(123), token: fresh, version: 0 }, ip)).data).toMatchObject({ title: billing(123).title, version: 1 });
    // The same renew form posted again does not replace the link just handed out.
    expect(await renew(std01, mine.id, 0)).toMatchObject({ status: 409, message: "该记录已被修改，请刷新后重试" });
    expect((await info(fresh, ip)).code).toBe(200);
    // Revoked, then renewed: a new link, and neither earlier one comes back.
    await revoke(std01, mine.id);
    const again = await renew(std01, mine.id, 2);
    expect(again.data.qrLink).toEqual({ version: 3, revoked: false });
    for (const token of [mine.token, fresh]) expect((await info(token, ip)).status).toBe(404);
    expect((await info(tokenOf(again.data.qr!.url), ip)).code).toBe(200);
  });

  it("lets only the application's exhibitor revoke and renew; the organizer may revoke; nothing to renew once issued", async () => {
    const mine = await application(124);
    const ip = "10.88.10.1";
    // Another exhibitor meets an unknown application; a carrier's account is refused the exhibitors' routes outright.
    for (const [ticket, status] of [
      [raw01, 404],
      [carrier, 403],
    ] as const) {
      const refusals = [await revoke(ticket, mine.id), await renew(ticket, mine.id, 0)];
      for (const refused of refusals) expect(refused).toMatchObject({ status, data: null });
    }
    // The organizer hands out no exhibitor's link, and the exhibitor's routes stay Chinese only.
    expect((await renew(admin, mine.id, 0)).status).toBe(404);
    expect((await revoke(std01, mine.id, "en")).status).toBe(403);
    expect(await row(mine.id)).toMatchObject({ qr_link_version: 0, qr_link_revoked_at: null });
    expect((await info(mine.token, ip)).code).toBe(200);
    // The organizer revokes (say, a link reported leaked): the exhibitor's link stops working.
    const admin01 = await api.db.selectFrom("users").select("id").where("username", "=", "admin").executeTakeFirstOrThrow();
    expect((await revoke(admin, mine.id)).data).toEqual({ id: mine.id, qr: null, qrLink: { version: 1, revoked: true } });
    expect((await info(mine.token, ip)).status).toBe(404);
    expect((await row(mine.id)).qr_link_changed_by).toBe(admin01.id);
    expect((await revoke(std01, "abc")).status).toBe(400);
    expect((await renew(std01, mine.id, "")).status).toBe(400);

    const issued = await application(125);
    const pdfUrl = await uploadAs(api, admin, "invoice", "e-invoice.pdf", SAMPLE_PDF);
    await api.call("/smeb/invoice/review/decide", {
      json: { id: issued.id, decision: "issue", invoiceNo: "44039999000002", invoiceDate: testCalendar.seededOn, pdfUrl, version: 0 },
      ticket: admin,
      lang: "zh",
    });
    expect(await renew(std01, issued.id, 0)).toMatchObject({ status: 409, message: "发票已开具，无法再修改" });
  });

  it(`allows ${QR_RATE_LIMIT} requests per address in 10 minutes over both routes, then 429`, async () => {
    const mine = await application(115);
    const ip = "10.88.7.1";
    for (let i = 0; i < QR_RATE_LIMIT; i++) {
      const result = i % 2 ? await info(mine.token, ip) : await qrSave({ ...billing(116), token: mine.token, version: 99 }, ip);
      expect(result.status, `request ${i + 1}`).not.toBe(429);
    }
    expect(await info(mine.token, ip)).toMatchObject({ status: 429, message: "Too many requests, please try again later" });
    expect(await qrSave({ ...billing(116), token: mine.token, version: 0 }, ip, "zh")).toMatchObject({ status: 429, message: "请求过于频繁，请稍后再试" });
    // Another address is untouched, and the sign-in throttle never counts these requests.
    expect((await info(mine.token, "10.88.7.2")).code).toBe(200);
    expect(await api.login("std01", "Expo#2026", ip)).toBeTruthy();
    // Refused requests are not recorded: a flood adds no rows.
    const counted = await qrHits(ip);
    expect(counted).toHaveLength(QR_RATE_LIMIT);
    // Once the requests are older than the window, the address may ask again.
    await api.db
      .updateTable("rate_limit_hits")
      .set({ at: new Date(Date.now() - 11 * 60_000) })
      .where("limit_name", "=", "invoiceQrPerIp")
      .where("subject", "=", ip)
      .execute();
    expect((await info(mine.token, ip)).code).toBe(200);
  });

  // Several processes share one count in the database: concurrent requests over the pool's separate
  // connections (as from separate processes) never let more than the budget through.
  it.runIf(backend === "postgres")(`lets exactly ${QR_RATE_LIMIT} of ${QR_RATE_LIMIT * 2} concurrent requests from one address through`, async () => {
    const ip = "10.88.7.9";
    const results = await Promise.allSettled(Array.from({ length: QR_RATE_LIMIT * 2 }, () => countQrRequest(api.db, ip)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(QR_RATE_LIMIT);
    const counted = await qrHits(ip);
    expect(counted).toHaveLength(QR_RATE_LIMIT);
  });
});
