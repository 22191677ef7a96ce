import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContractorAccessView } from "../../app/contracts/contractors/api-types";
import type { PermissionInfo } from "../../app/contracts/permission/api-types";
import { ACCESS_CODE_MAX_FAILURES } from "../../app/contracts/contractors/schema";
import type { CartView } from "../../server/orders/cart";
import type { Catalogue } from "../../server/orders/catalogue";
import type { OrderPage, OrderSummary, OrderView } from "../../server/orders/orders";
import { appClock } from "../../server/clock";
import { PNG } from "../support/sample-files";
import { readOutbox } from "../support/outbox";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { storeLocalFile } from "../support/stored-files";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

const key = () => `k-${crypto.randomUUID()}`;

describe.each(backendsOf(import.meta.url))("entrusted contractors (ECReservation) on %s", (backend) => {
  let api: TestApi;
  let dataDir: string;
  let std01: string;
  let raw01: string;
  let std01Id: number;
  let catalogue: Catalogue;
  let mailCount = 0;
  const svc = (code: string) => catalogue.list.find((s) => s.code === code)!;
  const ip = () => `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

  const call = <T>(p: string, ticket: string | undefined, init: { form?: Record<string, string>; query?: Record<string, string>; lang?: string } = {}) =>
    api.call<T>(p, { ticket, ...init });
  const entrust = (ticket: string, form: Record<string, string>) => call<ContractorAccessView>("/smeb/service/contractor/entrust", ticket, { form });
  const list = async (ticket: string) => (await call<ContractorAccessView[]>("/smeb/service/contractor/list", ticket)).data;
  const signIn = (exhibitorNo: string, code: string, from = ip()) =>
    api.call<{ ticket: string }>("/login/contractorLogin", { form: { exhibitorNo, code }, ip: from });
  /** The newest e-mail to `email`, with the code and exhibitor number it carries. */
  function lastMailTo(email: string) {
    const mail = readOutbox(dataDir)
      .filter((m) => m.to === email.toLowerCase())
      .at(-1)!;
    return {
      ...mail,
      code: mail.text.match(/(?:一次性验证码|One-time code)[：:]\s*([A-Z2-9]{8})/)![1]!,
      exhibitorNo: mail.text.match(/(?:展商编号|Exhibitor number)[：:]\s*(\S+)/)![1]!,
    };
  }
  /** A fresh contractor of std01's, signed in: its grant, ticket and e-mail. */
  async function contractorOfStd01(company = `搭建商-${crypto.randomUUID().slice(0, 6)}`) {
    const email = `${crypto.randomUUID().slice(0, 8)}@builder.example.com`;
    const made = await entrust(std01, { companyName: company, contactName: "李工", email });
    expect(made.code, made.message).toBe(200);
    const mail = lastMailTo(email);
    const signed = await signIn(mail.exhibitorNo, mail.code);
    expect(signed.code, signed.message).toBe(200);
    return { access: made.data, ticket: signed.data.ticket, email, company };
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-contractors-"));
    api = await startTestApi(backend, { DATA_DIR: dataDir });
    [std01, raw01] = await Promise.all([api.login("std01", "Expo#2026"), api.login("raw01", "Expo#2026")]);
    std01Id = (await api.db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirstOrThrow()).id;
    catalogue = (await call<Catalogue>("/smeb/service/service/list", std01)).data;
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses an incomplete or malformed grant with the field's message, and sends nothing", async () => {
    mailCount = readOutbox(dataDir).length;
    const missing = await entrust(std01, { companyName: "", contactName: "王", email: "not-an-email" });
    expect(missing.code).toBe(400);
    const fields = (missing.data as unknown as { fields: Record<string, string[]> }).fields;
    expect(Object.keys(fields).sort()).toEqual(["companyName", "email"]);
    const zh = await call("/smeb/service/contractor/entrust", std01, { form: { companyName: "", contactName: "王", email: "a@b.cn" }, lang: "zh" });
    expect(zh.message).toContain("搭建商公司名称");
    expect(readOutbox(dataDir).length).toBe(mailCount);
  });

  it("entrusts a contractor: the e-mail carries the exhibitor number and a one-time code in both languages; the list shows it", async () => {
    const email = "Li.Gong@Builder.example.com";
    const made = await entrust(std01, { companyName: "华建展览工程有限公司", contactName: "李工", email });
    expect(made.code, made.message).toBe(200);
    expect(made.data).toMatchObject({
      companyName: "华建展览工程有限公司",
      email: email.toLowerCase(),
      boothNo: "1A01",
      status: "active",
      codeState: "sent",
      orderCount: 0,
    });
    const mail = lastMailTo(email);
    expect(mail.exhibitorNo).toBe("std01");
    expect(mail.subject).toContain("1A01");
    expect(mail.text).toContain("一次性验证码");
    expect(mail.text).toContain("One-time code");
    expect(mail.text).toContain("/contractor?no=std01");
    // Only a hash is stored.
    const row = await api.db.selectFrom("contractor_accesses").select("code_hash").where("id", "=", made.data.accessId).executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(mail.code);
    expect((await list(std01)).map((a) => a.accessId)).toContain(made.data.accessId);
    // The same contractor for the same booth again: a new code is the way, not a second grant.
    const twice = await entrust(std01, { companyName: "华建", contactName: "李工", email });
    expect(twice.code).toBe(409);
    // Another exhibitor's booth cannot be given away.
    const std01Booth = (await api.db.selectFrom("booths").select("id").where("booth_no", "=", "1A01").executeTakeFirstOrThrow()).id;
    expect((await entrust(raw01, { companyName: "X", contactName: "Y", email: "x@y.cn", boothId: String(std01Booth) })).code).toBe(404);
  });

  it("signs the contractor in once with the code; a wrong, reused or other exhibitor's code is refused alike", async () => {
    const email = `${crypto.randomUUID().slice(0, 8)}@builder.example.com`;
    await entrust(std01, { companyName: "一次性", contactName: "张", email });
    const { code } = lastMailTo(email);
    const wrong = await signIn(
      "std01",
      code.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
    );
    expect(wrong.code).toBe(400);
    expect(wrong.message).toMatch(/not correct/);
    expect((await signIn("raw01", code)).code).toBe(400);
    // Typed with spaces and in lower case, as from a phone.
    const first = await signIn("STD01", `${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`);
    expect(first.code, first.message).toBe(200);
    const again = await signIn("std01", code);
    expect(again.code).toBe(400);
    const shown = (await list(std01)).find((a) => a.email === email)!;
    expect(shown.codeState).toBe("used");
    expect(shown.lastSignedInAt).not.toBeNull();
  });

  it(`voids a code after ${ACCESS_CODE_MAX_FAILURES} wrong ones; a new code works and the old one does not`, async () => {
    const email = `${crypto.randomUUID().slice(0, 8)}@builder.example.com`;
    const made = await entrust(std01, { companyName: "猜码测试", contactName: "赵", email });
    const { code } = lastMailTo(email);
    for (let i = 0; i < ACCESS_CODE_MAX_FAILURES; i++) expect((await signIn("std01", "ZZZZZZZZ")).code).toBe(400);
    expect((await signIn("std01", code)).code).toBe(400);
    expect((await list(std01)).find((a) => a.accessId === made.data.accessId)!.codeState).toBe("expired");
    await api.db
      .updateTable("contractor_accesses")
      .set({ code_sent_at: new Date(appClock.now().getTime() - 120_000) })
      .where("id", "=", made.data.accessId)
      .execute();
    const resent = await call<ContractorAccessView>("/smeb/service/contractor/resendCode", std01, { form: { accessId: String(made.data.accessId) } });
    expect(resent.code, resent.message).toBe(200);
    expect(resent.data.codeState).toBe("sent");
    // A second e-mail within the minute is refused, saying how long to wait.
    const tooSoon = await call("/smeb/service/contractor/resendCode", std01, { form: { accessId: String(made.data.accessId) } });
    expect(tooSoon.code).toBe(429);
    expect(tooSoon.message).toMatch(/\d+ seconds/);
    const fresh = lastMailTo(email).code;
    expect(fresh).not.toBe(code);
    expect((await signIn("std01", code)).code).toBe(400);
    expect((await signIn("std01", fresh)).code).toBe(200);
  });

  it("gives the contractor's session the booking menus only, the entrusted booth, no contact details, and 403 elsewhere", async () => {
    const { ticket, company } = await contractorOfStd01();
    const info = (await call<PermissionInfo>("/smeb/permission/getInfo", ticket)).data;
    const routes = JSON.stringify(info.menuAuths);
    expect(routes).toContain("/bookingService/onlineBookingService");
    expect(routes).toContain("/bookingService/myOrder");
    expect(routes).not.toContain("/bookingService/ECReservation");
    expect(routes).not.toContain("/exhibitorInfo");
    expect(info.infoVO).toMatchObject({ username: "std01", boothNo: "1A01", contactPhone: null, contactEmail: null, contractor: { companyName: company } });
    expect(info.infoVO.booths.map((b) => b.boothNo)).toEqual(["1A01"]);
    for (const [p, form] of [
      ["/smeb/exhibitor/info/findByUserId", undefined],
      ["/smeb/service/contractor/list", undefined],
      ["/smeb/service/contractor/entrust", { companyName: "自己", contactName: "我", email: "me@x.cn" }],
      ["/login/modifyPasswd", { password: "x", newPassword: "y" }],
      ["/smeb/user/switchBooth", { boothId: "1" }],
      ["/smeb/service/order/uploadContract", { orderNo: "SO1", contractUrls: "/files/x" }],
      ["/smeb/service/order/claimPayment", { orderNo: "SO1", voucherUrl: "/files/x" }],
      ["/smeb/booking/airCompressor/list", undefined],
    ] as const) {
      const answer = await call(p, ticket, { form: form as Record<string, string> | undefined });
      expect(answer.code, p).toBe(403);
    }
  });

  it("keeps the contractor's cart apart; its order is the exhibitor's, marked as the contractor's, with the grant's company", async () => {
    const { ticket, access, company } = await contractorOfStd01();
    const exhibitorKey = key();
    await call("/smeb/service/cart/add", std01, { form: { serviceId: String(svc("furn-folding-chair").id), quantity: "1" } });
    const exhibitorOrder = (await call<OrderView>("/smeb/service/order/commit", std01, { form: { idempotencyKey: exhibitorKey } })).data;
    await call("/smeb/service/cart/add", std01, { form: { serviceId: String(svc("furn-folding-chair").id), quantity: "3" } });
    const added = await call<CartView>("/smeb/service/cart/add", ticket, { form: { serviceId: String(svc("elec-20kw-380v").id), quantity: "2" } });
    expect(added.code, added.message).toBe(200);
    expect(added.data.lines.map((l) => [l.serviceId, l.quantity])).toEqual([[svc("elec-20kw-380v").id, 2]]);
    const exhibitorCart = (await call<CartView>("/smeb/service/cart/list", std01)).data;
    expect(exhibitorCart.lines.map((l) => l.serviceId)).toEqual([svc("furn-folding-chair").id]);
    // Neither can change the other's line.
    expect((await call("/smeb/service/cart/update", ticket, { form: { itemId: String(exhibitorCart.lines[0]!.itemId), quantity: "9" } })).code).toBe(404);
    expect((await call("/smeb/service/cart/delete", std01, { form: { itemId: String(added.data.lines[0]!.itemId) } })).code).toBe(404);

    // The exhibitor's key is not the contractor's to replay: refused, and nothing of that order shown.
    const replay = await call("/smeb/service/order/commit", ticket, { form: { idempotencyKey: exhibitorKey } });
    expect(replay.code).toBe(400);
    expect(JSON.stringify(replay)).not.toContain(exhibitorOrder.orderNo);
    const idempotencyKey = key();
    const committed = await call<OrderView>("/smeb/service/order/commit", ticket, { form: { idempotencyKey } });
    expect(committed.code, committed.message).toBe(200);
    expect(committed.data).toMatchObject({ source: "contractor", contractorCompany: company, contractorContact: "李工", boothNo: "1A01" });
    expect(committed.data.allowedActions.sort()).toEqual(["delete", "regenerateContract", "updateContractor"]);
    expect(committed.data.history[0]!.actorLabel).toContain(company);
    // The same key again: the same order.
    expect((await call<OrderView>("/smeb/service/order/commit", ticket, { form: { idempotencyKey } })).data.orderNo).toBe(committed.data.orderNo);
    // The exhibitor's cart is untouched; the exhibitor sees the order and may do everything with it.
    expect((await call<CartView>("/smeb/service/cart/list", std01)).data.lines).toHaveLength(1);
    const mine = (await call<OrderPage<OrderSummary>>("/smeb/service/order/list", std01, { query: { page: "1", pageSize: "50" } })).data.list;
    expect(mine.map((o) => o.orderNo)).toEqual(expect.arrayContaining([committed.data.orderNo, exhibitorOrder.orderNo]));
    expect((await call<OrderView>("/smeb/service/order/detail", std01, { query: { orderNo: committed.data.orderNo } })).data.allowedActions).toContain(
      "uploadContract",
    );
    // The contractor sees only its own orders.
    const theirs = (await call<OrderPage<OrderSummary>>("/smeb/service/order/list", ticket, { query: { page: "1", pageSize: "50" } })).data.list;
    expect(theirs.map((o) => o.orderNo)).toEqual([committed.data.orderNo]);
    expect((await call("/smeb/service/order/detail", ticket, { query: { orderNo: exhibitorOrder.orderNo } })).code).toBe(404);
    expect((await call("/smeb/service/order/delete", ticket, { form: { orderNo: exhibitorOrder.orderNo } })).code).toBe(404);
    const listed = (await list(std01)).find((a) => a.accessId === access.accessId)!;
    expect(listed.orderCount).toBe(1);
    expect(listed.orderTotalCents).toBe(committed.data.totalCents);
  });

  it("lets the contractor open the files of its orders only", async () => {
    const { ticket } = await contractorOfStd01();
    const stored = async () => {
      const storageKey = `stored/test/${std01Id}/2026-11/${crypto.randomBytes(8).toString("hex")}-${Date.now()}.png`;
      return (await storeLocalFile(dataDir, api.db, { ownerUserId: std01Id, folder: "eletricbox-img", name: "d.png", storageKey }, PNG)).url;
    };
    const [drawing, other] = [await stored(), await stored()];
    await call("/smeb/service/cart/add", ticket, { form: { serviceId: String(svc("furn-folding-chair").id), quantity: "1" } });
    const order = await call<OrderView>("/smeb/service/order/commit", ticket, { form: { idempotencyKey: key(), installationDrawingUrl: drawing } });
    expect(order.code, order.message).toBe(200);
    expect((await fetch(`${api.baseUrl}${drawing}`, { headers: { ticket: std01 } })).status).toBe(200);
    expect((await fetch(`${api.baseUrl}${drawing}`, { headers: { ticket } })).status).toBe(200);
    expect((await fetch(`${api.baseUrl}${other}`, { headers: { ticket } })).status).toBe(404);
    expect((await fetch(`${api.baseUrl}${other}`, { headers: { ticket: std01 } })).status).toBe(200);
  });

  it("revokes: the contractor's session ends at once, its cart is emptied, its orders stay; the exhibitor's other grants are unaffected", async () => {
    const one = await contractorOfStd01("撤销-甲");
    const two = await contractorOfStd01("撤销-乙");
    await call("/smeb/service/cart/add", one.ticket, { form: { serviceId: String(svc("furn-folding-chair").id), quantity: "1" } });
    const order = await call<OrderView>("/smeb/service/order/commit", one.ticket, { form: { idempotencyKey: key() } });
    await call("/smeb/service/cart/add", one.ticket, { form: { serviceId: String(svc("furn-folding-chair").id), quantity: "4" } });
    // Another exhibitor cannot revoke it (same answer as an unknown id).
    expect((await call("/smeb/service/contractor/revoke", raw01, { form: { accessId: String(one.access.accessId) } })).code).toBe(404);
    expect((await call("/smeb/service/cart/list", one.ticket)).code).toBe(200);

    const revoked = await call<ContractorAccessView>("/smeb/service/contractor/revoke", std01, { form: { accessId: String(one.access.accessId) } });
    expect(revoked.code, revoked.message).toBe(200);
    expect(revoked.data).toMatchObject({ status: "revoked", codeState: "none", orderCount: 1 });
    expect((await call("/smeb/service/cart/list", one.ticket)).code).toBe(401);
    expect(await api.db.selectFrom("cart_items").select("id").where("contractor_access_id", "=", one.access.accessId).execute()).toEqual([]);
    expect((await call<OrderView>("/smeb/service/order/detail", std01, { query: { orderNo: order.data.orderNo } })).data.source).toBe("contractor");
    expect((await call("/smeb/service/cart/list", two.ticket)).code).toBe(200);
    // Twice is fine; a new code for a revoked grant is not.
    expect((await call("/smeb/service/contractor/revoke", std01, { form: { accessId: String(one.access.accessId) } })).code).toBe(200);
    expect((await call("/smeb/service/contractor/resendCode", std01, { form: { accessId: String(one.access.accessId) } })).code).toBe(409);
  });

  it("keeps contractors' sessions when the exhibitor changes the password (they never used it)", async () => {
    const { ticket } = await contractorOfStd01();
    const { deleteOtherSessions } = await import("../../server/auth/sessions");
    const own = await api.db
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", std01Id)
      .where("contractor_access_id", "is", null)
      .executeTakeFirstOrThrow();
    await deleteOtherSessions(api.db, std01Id, own.id);
    expect((await call("/smeb/service/cart/list", ticket)).code).toBe(200);
    std01 = await api.login("std01", "Expo#2026");
  });
});
