import crypto from "node:crypto";
import { signInDemo } from "../support/demo-cast";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { WorksheetItem } from "../../server/api/routes/home";
import type { CartView } from "../../server/orders/cart";
import type { Catalogue } from "../../server/orders/catalogue";
import { completeOrderCommand } from "../../server/orders/order-actions";
import type { AdminOrderSummary, OrderPage, OrderSummary, OrderView } from "../../server/orders/orders";
import { appClock } from "../../server/clock";
import { isDone } from "../../server/schedule/done-checks";
import { seedDemoData } from "../../server/seed/demo-data";
import { newExhibitor } from "../support/new-exhibitor";
import { PNG } from "../support/sample-files";
import { backendsOf, postgresSkipReason, startTestApiInTempDir, type TempDirTestApi } from "../support/test-api";
import { addDays, endOfExhibitionDay, exhibitionTime, resetTestClock, testCalendar as cal } from "../support/test-clock";
import { storeLocalFile } from "../support/stored-files";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/** Exhibition time: advance prices through cal.advanceUntil, on-site from cal.opensOn. */
const ADVANCE_DAY = exhibitionTime(addDays(cal.advanceUntil, -8));
const STANDARD_DAY = exhibitionTime(addDays(cal.advanceUntil, 3));
const key = () => `k-${crypto.randomUUID()}`;

describe.each(backendsOf(import.meta.url))("service ordering API on %s", (backend) => {
  let api: TempDirTestApi;
  let std01: string;
  let raw01: string;
  let admin: string;
  let std01Id: number;
  let raw01Id: number;
  let catalogue: Catalogue;
  const svc = (code: string) => catalogue.list.find((s) => s.code === code)!;

  const call = <T>(path: string, ticket: string, init: { form?: Record<string, string>; query?: Record<string, string>; lang?: string; json?: unknown } = {}) =>
    api.call<T>(`/smeb/service/${path}`, { ticket, ...init });
  const add = (ticket: string, code: string, quantity: number, extra: Record<string, string> = {}) =>
    call<CartView>("cart/add", ticket, { form: { serviceId: String(svc(code).id), quantity: String(quantity), ...extra } });
  const commit = (ticket: string, form: Record<string, string> = {}) => call<OrderView>("order/commit", ticket, { form: { idempotencyKey: key(), ...form } });
  const detail = (ticket: string, orderNo: string) => call<OrderView>("order/detail", ticket, { query: { orderNo } });
  /** A stored 1×1 PNG of the user's (the stamped contract is read back and combined into a PDF). */
  async function storedFile(userId: number) {
    const storageKey = `stored/test/${userId}/2026-11/${crypto.randomBytes(8).toString("hex")}-${Date.now()}.png`;
    return (await storeLocalFile(api.dataDir, api.db, { ownerUserId: userId, folder: "test", name: "contract.png", storageKey }, PNG)).url;
  }
  async function newOrder(ticket: string, code = "furn-folding-chair", quantity = 2) {
    expect((await add(ticket, code, quantity)).code).toBe(200);
    const result = await commit(ticket);
    expect(result.code).toBe(200);
    return result.data;
  }
  /** A new order of the user's taken through contract, voucher and the organizer's completion. */
  async function completedOrder(ticket: string, userId: number) {
    const order = await newOrder(ticket);
    const orderNo = order.orderNo;
    expect((await call("order/uploadContract", ticket, { form: { orderNo, rulesAccepted: "on", contractUrls: await storedFile(userId) } })).code).toBe(200);
    expect((await call("order/claimPayment", ticket, { form: { orderNo, voucherUrl: await storedFile(userId) } })).code).toBe(200);
    expect((await call("order/complete", admin, { form: { orderNo } })).code).toBe(200);
    return order;
  }

  beforeAll(async () => {
    api = await startTestApiInTempDir(backend, "portal-orders-");
    ({ std01, raw01, admin } = await signInDemo(api, ["std01", "raw01", "admin"]));
    const users = await api.db.selectFrom("users").select(["id", "username"]).execute();
    std01Id = users.find((u) => u.username === "std01")!.id;
    raw01Id = users.find((u) => u.username === "raw01")!.id;
    appClock.freezeAt(ADVANCE_DAY);
    catalogue = (await call<Catalogue>("service/list", std01)).data;
  });
  afterEach(() => {
    appClock.freezeAt(ADVANCE_DAY);
  });
  afterAll(async () => {
    resetTestClock();
    await api?.close();
  });

  it("lists the catalogue with the price in force, its deadline and the order window; seeding again adds nothing", async () => {
    expect(catalogue.list.length).toBeGreaterThanOrEqual(20);
    expect(catalogue.advanceUntil).toBe(endOfExhibitionDay(cal.advanceUntil));
    expect(catalogue.onsiteFrom).toBe(cal.opensOn);
    expect(new Set(catalogue.list.map((s) => s.category))).toEqual(
      new Set(["electricity", "compressedAir", "water", "lighting", "furniture", "network", "cleaning"]),
    );
    expect(svc("elec-3kw-220v")).toMatchObject({
      name: expect.stringContaining("3 kW / 220 V"),
      nameEn: expect.stringContaining("3 kW / 220 V"),
      unit: "个",
      unitEn: "box",
      advanceCents: 80_000,
      standardCents: 96_000,
      onsiteCents: 120_000,
      orderOpen: true,
    });
    expect(svc("elec-3kw-220v").price).toEqual({ kind: "advance", cents: 80_000, until: endOfExhibitionDay(cal.advanceUntil) });

    appClock.freezeAt(STANDARD_DAY);
    const later = (await call<Catalogue>("service/list", std01)).data;
    expect(later.list.find((s) => s.code === "elec-3kw-220v")!.price).toEqual({
      kind: "standard",
      cents: 96_000,
      until: endOfExhibitionDay(addDays(cal.opensOn, -1)),
    });
    // Water connections stop taking orders at cal.serviceCloses.water (seeded window).
    expect(later.list.find((s) => s.code === "water-dn15")!.orderOpen).toBe(true);
    appClock.freezeAt(exhibitionTime(addDays(cal.opensOn, 1)));
    const onsite = (await call<Catalogue>("service/list", std01)).data;
    expect(onsite.list.find((s) => s.code === "elec-3kw-220v")!.price).toEqual({ kind: "onsite", cents: 120_000 });
    expect(onsite.list.find((s) => s.code === "water-dn15")!.orderOpen).toBe(false);

    const count = async () => (await api.db.selectFrom("services").select("id").execute()).length;
    const before = await count();
    await seedDemoData(api.db);
    expect(await count()).toBe(before);
    expect((await api.call("/smeb/service/service/list")).code).toBe(401);
  });

  it("adds, increases, changes, deletes and totals cart lines in cents", async () => {
    await add(std01, "elec-3kw-220v", 2);
    await add(std01, "elec-3kw-220v", 1);
    const cart = (await add(std01, "furn-folding-chair", 4)).data;
    expect(cart.boothNo).toBe("1A01");
    expect(cart.lines.map((l) => [l.nameEn.split(" (")[0], l.quantity, l.price.cents, l.lineCents])).toEqual([
      ["Electricity box 3 kW / 220 V", 3, 80_000, 240_000],
      ["Folding chair", 4, 3_000, 12_000],
    ]);
    expect(cart.totalCents).toBe(252_000);
    const chairs = cart.lines[1]!.itemId;
    expect((await call<CartView>("cart/update", std01, { form: { itemId: String(chairs), quantity: "7" } })).data.totalCents).toBe(240_000 + 21_000);
    expect((await call<CartView>("cart/update", std01, { form: { itemId: String(chairs), quantity: "0" } })).data.lines).toHaveLength(1);
    const box = (await call<CartView>("cart/list", std01)).data.lines[0]!.itemId;
    expect((await call<CartView>("cart/delete", std01, { form: { itemId: String(box) } })).data).toMatchObject({ lines: [], totalCents: 0 });
    expect((await call("cart/delete", std01, { form: { itemId: String(box) } })).code).toBe(404);

    const tooMany = await add(std01, "furn-folding-chair", 1000, {});
    expect(tooMany).toMatchObject({ code: 400, message: "Please enter the correct Quantity" });
    expect((await call("cart/add", std01, { form: { serviceId: String(svc("furn-folding-chair").id), quantity: "0" }, lang: "zh" })).message).toBe(
      "请输入正确的数量",
    );
    await add(std01, "furn-folding-chair", 999);
    expect((await add(std01, "furn-folding-chair", 1)).code).toBe(400);
    expect((await call("cart/add", std01, { form: { serviceId: "999999", quantity: "1" } })).code).toBe(404);
    const line = (await call<CartView>("cart/list", std01)).data.lines[0]!;
    expect(line.quantity).toBe(999);
    await call("cart/delete", std01, { form: { itemId: String(line.itemId) } });
  });

  it("keeps carts per booth: raw01's second booth, and nobody else's booth", async () => {
    const booths = await api.db.selectFrom("booths").select(["id", "booth_no"]).orderBy("id").execute();
    const b12 = booths.find((b) => b.booth_no === "2B12")!.id;
    const a01 = booths.find((b) => b.booth_no === "1A01")!.id;
    expect((await add(raw01, "net-booth-wifi", 1, { boothId: String(b12) })).data.boothNo).toBe("2B12");
    expect((await call<CartView>("cart/list", raw01)).data).toMatchObject({ boothNo: "2B10", lines: [] });
    expect((await add(raw01, "net-booth-wifi", 1, { boothId: String(a01) })).code).toBe(404);
    expect((await call("cart/list", raw01, { query: { boothId: String(a01) } })).code).toBe(404);
    const order = (await call<OrderView>("order/commit", raw01, { form: { idempotencyKey: key(), boothId: String(b12) } })).data;
    expect(order).toMatchObject({ boothNo: "2B12", totalCents: 80_000, source: "online" });
  });

  it("refuses an empty cart and locks the prices in force at commit", async () => {
    const empty = await commit(std01);
    expect(empty).toMatchObject({ code: 400, message: "The cart is empty" });
    expect(await commit(std01, {}).then((r) => r.message)).toBe("The cart is empty");

    await add(std01, "elec-3kw-220v", 1);
    await add(std01, "light-spot-100w", 3);
    const drawing = await storedFile(std01Id);
    const result = await commit(std01, {
      contractorCompany: "鹏城展览工程有限公司",
      contractorContact: "王五",
      contractorPhone: "13700001111",
      installationDrawingUrl: drawing,
    });
    expect(result.code).toBe(200);
    const order = result.data;
    expect(order.orderNo).toMatch(new RegExp(`^SO${addDays(cal.advanceUntil, -8).replaceAll("-", "")}-[A-Z2-9]{6}$`));
    expect(order).toMatchObject({
      status: "submitted",
      source: "online",
      boothNo: "1A01",
      totalCents: 80_000 + 3 * 15_000,
      contractorCompany: "鹏城展览工程有限公司",
      installationDrawingUrl: drawing,
      contractVersion: 0,
    });
    expect(order.lines.map((l) => [l.code, l.priceKind, l.unitCents, l.quantity, l.lineCents])).toEqual([
      ["elec-3kw-220v", "advance", 80_000, 1, 80_000],
      ["light-spot-100w", "advance", 15_000, 3, 45_000],
    ]);
    expect((await call<CartView>("cart/list", std01)).data.lines).toEqual([]);

    // The catalogue changes and the date passes: the order keeps what was agreed.
    await api.db.updateTable("services").set({ advance_cents: 1, standard_cents: 2, onsite_cents: 3 }).where("code", "=", "elec-3kw-220v").execute();
    appClock.freezeAt(STANDARD_DAY);
    const again = (await detail(std01, order.orderNo)).data;
    expect(again.totalCents).toBe(125_000);
    expect(again.lines[0]).toMatchObject({ unitCents: 80_000, priceKind: "advance" });
    await api.db
      .updateTable("services")
      .set({ advance_cents: 80_000, standard_cents: 96_000, onsite_cents: 120_000 })
      .where("code", "=", "elec-3kw-220v")
      .execute();

    // Committed after the advance deadline: the standard price.
    const later = await newOrder(std01, "elec-3kw-220v", 2);
    expect(later.lines[0]).toMatchObject({ priceKind: "standard", unitCents: 96_000, lineCents: 192_000 });
    expect(later.orderNo).toMatch(new RegExp(`^SO${addDays(cal.advanceUntil, 3).replaceAll("-", "")}-`));

    // Someone else's drawing is refused like a missing one.
    await add(std01, "furn-folding-chair", 1);
    expect((await commit(std01, { installationDrawingUrl: await storedFile(raw01Id) })).code).toBe(404);
    expect((await call<CartView>("cart/list", std01)).data.lines).toHaveLength(1);
    await commit(std01);
  });

  it("commits once per idempotency key: twice in a row and five at once", async () => {
    const count = async (k: string) => (await api.db.selectFrom("service_orders").select("id").where("idempotency_key", "=", k).execute()).length;
    await add(std01, "furn-info-desk", 1);
    const k1 = key();
    const first = await call<OrderView>("order/commit", std01, { form: { idempotencyKey: k1 } });
    const second = await call<OrderView>("order/commit", std01, { form: { idempotencyKey: k1 } });
    expect(second.data.orderNo).toBe(first.data.orderNo);
    expect(await count(k1)).toBe(1);

    await add(std01, "furn-round-table", 2);
    const k2 = key();
    const results = await Promise.all(Array.from({ length: 5 }, () => call<OrderView>("order/commit", std01, { form: { idempotencyKey: k2 } })));
    expect(results.map((r) => r.code)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.data.orderNo)).size).toBe(1);
    expect(results[0]!.data.totalCents).toBe(30_000);
    expect(await count(k2)).toBe(1);

    // Five different keys at once (five clicks of a page that made a key each): one order takes the cart.
    await add(std01, "furn-brochure-rack", 1);
    const racing = await Promise.all(Array.from({ length: 5 }, () => commit(std01)));
    expect(racing.filter((r) => r.code === 200)).toHaveLength(1);
    expect(racing.filter((r) => r.code === 400).every((r) => r.message === "The cart is empty")).toBe(true);
  });

  it("refuses services whose order window is closed, in the cart and at commit, keeping the cart", async () => {
    await add(std01, "water-dn25", 1);
    appClock.freezeAt(new Date(`${cal.serviceCloses.water}T00:00:00+08:00`));
    const refused = await commit(std01);
    expect(refused).toMatchObject({ code: 409, message: "Ordering is closed for this service", data: { serviceIds: [svc("water-dn25").id] } });
    expect((await call<OrderView>("order/commit", std01, { form: { idempotencyKey: key() }, lang: "zh" })).message).toBe("该服务已停止预订");
    expect((await add(std01, "water-dn15", 1)).code).toBe(409);
    const cart = (await call<CartView>("cart/list", std01)).data;
    expect(cart.lines).toMatchObject([{ quantity: 1, orderOpen: false }]);
    await call("cart/delete", std01, { form: { itemId: String(cart.lines[0]!.itemId) } });
  });

  it("walks the steps: contractor edits and regeneration until the contract, the rules tick, voucher, organizer's completion; all audited", async () => {
    const order = await newOrder(std01);
    const no = { orderNo: order.orderNo };
    const edited = await call<OrderView>("order/updateContractor", std01, {
      form: { ...no, contractorCompany: "华南搭建", contractorContact: "赵六", contractorPhone: "0755-88886666" },
    });
    expect(edited.data).toMatchObject({ contractorCompany: "华南搭建", contractorContact: "赵六", contractorPhone: "0755-88886666" });
    expect((await call("order/updateContractor", std01, { form: { ...no, contractorCompany: "" } })).message).toBe("Contractor company name is required");
    expect((await call<OrderView>("order/regenerateContract", std01, { form: no })).data.contractVersion).toBe(1);
    expect((await call<OrderView>("order/claimPayment", std01, { form: { ...no, voucherUrl: await storedFile(std01Id) } })).message).toBe(
      "Please upload the stamped contract first",
    );

    const pages = [await storedFile(std01Id), await storedFile(std01Id)];
    const unticked = await call("order/uploadContract", std01, { form: { ...no, contractUrls: pages[0]! } });
    expect(unticked).toMatchObject({ code: 400, message: "please tick that you have read the rules" });
    expect((await call("order/uploadContract", std01, { form: { ...no, contractUrls: pages[0]! }, lang: "zh" })).message).toBe("请勾选已阅读规则");
    expect((await call("order/uploadContract", std01, { form: { ...no, rulesAccepted: "on" } })).message).toBe("Stamped contract is required");
    expect(
      (await call("order/uploadContract", std01, { json: { ...no, rulesAccepted: "on", contractUrls: [pages[0], await storedFile(raw01Id)] } })).code,
    ).toBe(404);
    const uploaded = await call<OrderView>("order/uploadContract", std01, { json: { ...no, rulesAccepted: "true", contractUrls: pages } });
    expect(uploaded.data).toMatchObject({ status: "contract_uploaded", contractUrls: pages, allowedActions: ["claimPayment"] });
    expect(uploaded.data.rulesAcceptedAt).not.toBeNull();

    for (const [path, form] of [
      ["order/updateContractor", { ...no, contractorCompany: "改", contractorContact: "改" }],
      ["order/regenerateContract", no],
      ["order/delete", no],
      ["order/uploadContract", { ...no, rulesAccepted: "on", contractUrls: pages[0]! }],
    ] as const) {
      const locked = await call(path, std01, { form });
      expect(locked, path).toMatchObject({ code: 409, message: "The contract has been uploaded; the order can no longer be changed" });
    }
    expect((await call("order/updateContractor", std01, { form: { ...no, contractorCompany: "改", contractorContact: "改" }, lang: "zh" })).message).toBe(
      "合同已上传，订单信息不能再修改",
    );
    expect((await call("order/complete", admin, { form: no })).message).toBe("The exhibitor has not attached a payment voucher yet");

    const voucher = await storedFile(std01Id);
    expect((await call("order/claimPayment", std01, { form: { ...no, voucherUrl: await storedFile(raw01Id) } })).code).toBe(404);
    const claimed = await call<OrderView>("order/claimPayment", std01, { form: { ...no, voucherUrl: voucher } });
    expect(claimed.data).toMatchObject({ status: "payment_claimed", voucherUrl: voucher, allowedActions: [] });

    const refused = await call("order/complete", std01, { form: no });
    expect(refused).toMatchObject({ status: 403, code: 403 });
    expect((await call("order/adminList", std01)).code).toBe(403);
    const completed = await call<OrderView>("order/complete", admin, { form: no });
    expect(completed.data).toMatchObject({ status: "completed", lines: order.lines, totalCents: order.totalCents });
    expect((await call("order/complete", admin, { form: no })).message).toBe("This transaction is complete");

    const history = (await detail(std01, order.orderNo)).data.history;
    expect(history.map((e) => [e.action, e.fromStatus, e.toStatus, e.actorLabel])).toEqual([
      ["committed", null, "submitted", "std01"],
      ["updateContractor", "submitted", "submitted", "std01"],
      ["regenerateContract", "submitted", "submitted", "std01"],
      ["uploadContract", "submitted", "contract_uploaded", "std01"],
      ["claimPayment", "contract_uploaded", "payment_claimed", "std01"],
      ["complete", "payment_claimed", "completed", "admin"],
    ]);
  });

  it("completes from the ops CLI as ops-cli", async () => {
    const order = await newOrder(std01);
    await call("order/uploadContract", std01, { form: { orderNo: order.orderNo, rulesAccepted: "on", contractUrls: await storedFile(std01Id) } });
    await expect(completeOrderCommand(api.db, [order.orderNo])).rejects.toThrow("has not attached a payment voucher");
    await call("order/claimPayment", std01, { form: { orderNo: order.orderNo, voucherUrl: await storedFile(std01Id) } });
    expect(await completeOrderCommand(api.db, [order.orderNo])).toBe(`${order.orderNo}: completed`);
    expect((await detail(std01, order.orderNo)).data.history.at(-1)).toMatchObject({ action: "complete", actorLabel: "ops-cli" });
    await expect(completeOrderCommand(api.db, ["SO20261120-ZZZZZZ"])).rejects.toThrow();
  });

  it("deletes only before the contract upload, keeps the audit trail, and ticks the schedule item meanwhile", async () => {
    // A new raw-space exhibitor (as raw01) with an order of its own to start from.
    const raw = await newExhibitor(api, { boothType: 2 });
    const check = (db: typeof api.db, userId: number) => isDone(db, "services-ordered", userId);
    expect(await check(api.db, raw.userId)).toBe(false);
    await newOrder(raw.ticket);
    expect(await check(api.db, raw.userId)).toBe(true);
    await api.db.updateTable("service_orders").set({ deleted_at: new Date() }).where("user_id", "=", raw.userId).execute();
    expect(await check(api.db, raw.userId)).toBe(false);
    await add(raw.ticket, "furn-folding-chair", 1);
    const retryKey = key();
    const order = (await commit(raw.ticket, { idempotencyKey: retryKey })).data;
    expect(await check(api.db, raw.userId)).toBe(true);
    const worksheet = async () =>
      (await api.call<WorksheetItem[]>("/smeb/worksheet/worksheet", { ticket: raw.ticket })).data.find((i) => i.link === "/bookingService/onlineBookingService")
        ?.status;
    expect(await worksheet()).toBe("done");
    expect((await call("order/delete", raw.ticket, { form: { orderNo: order.orderNo } })).data).toEqual({ orderNo: order.orderNo, deleted: true });
    expect(await check(api.db, raw.userId)).toBe(false);
    expect(await worksheet()).not.toBe("done");
    expect((await detail(raw.ticket, order.orderNo)).code).toBe(404);
    expect((await call("order/delete", raw.ticket, { form: { orderNo: order.orderNo } })).code).toBe(404);
    // A late retry of the deleted order's commit does not bring it back.
    expect(await commit(raw.ticket, { idempotencyKey: retryKey })).toMatchObject({ code: 409, message: "This order was deleted" });
    const events = await api.db
      .selectFrom("service_order_events")
      .innerJoin("service_orders", "service_orders.id", "service_order_events.order_id")
      .select("action")
      .where("order_no", "=", order.orderNo)
      .execute();
    expect(events.map((e) => e.action)).toEqual(["committed", "delete"]);
  });

  it("lists my orders with a status filter and pages; the organizer's list covers everyone", async () => {
    // A new exhibitor with orders of its own: six open and two completed (newest first in the list).
    const me = await newExhibitor(api);
    const made = [];
    for (const _ of [1, 2, 3]) made.push(await newOrder(me.ticket));
    for (const _ of [1, 2]) made.push(await completedOrder(me.ticket, me.userId));
    for (const _ of [1, 2, 3]) made.push(await newOrder(me.ticket));
    // Someone else's order, for the organizer's list.
    const other = await newExhibitor(api);
    const theirs = await newOrder(other.ticket);

    const all = (await call<OrderPage<OrderSummary>>("order/list", me.ticket, { query: { pageSize: "100" } })).data;
    expect(all.total).toBe(8);
    expect(all.list.map((o) => o.orderNo)).toEqual(made.map((o) => o.orderNo).reverse());
    expect(all.list.every((o) => o.boothNo === me.boothNo)).toBe(true);
    const ids = all.list.map((o) => o.orderNo);
    expect(new Set(ids).size).toBe(ids.length);

    const page1 = (await call<OrderPage<OrderSummary>>("order/list", me.ticket, { query: { page: "1", pageSize: "3" } })).data;
    const page2 = (await call<OrderPage<OrderSummary>>("order/list", me.ticket, { query: { page: "2", pageSize: "3" } })).data;
    expect(page1).toMatchObject({ total: all.total, page: 1, pageSize: 3 });
    expect([...page1.list, ...page2.list].map((o) => o.orderNo)).toEqual(ids.slice(0, 6));

    const completed = (await call<OrderPage<OrderSummary>>("order/list", me.ticket, { query: { status: "completed" } })).data;
    expect(completed.total).toBe(2);
    expect(completed.list.every((o) => o.status === "completed")).toBe(true);
    expect((await call("order/list", me.ticket, { query: { status: "paid" } })).code).toBe(400);
    expect((await call("order/list", me.ticket, { query: { pageSize: "1000" } })).code).toBe(400);

    // Everyone's orders that are not deleted: this exhibitor's, the other's and whatever other tests made.
    const adminList = (await call<OrderPage<AdminOrderSummary>>("order/adminList", admin, { query: { pageSize: "100" } })).data;
    const everyone = await api.db.selectFrom("service_orders").select("id").where("deleted_at", "is", null).execute();
    expect(adminList.total).toBe(everyone.length);
    expect(adminList.total).toBeGreaterThan(all.total);
    expect(adminList.list.find((o) => o.orderNo === theirs.orderNo)).toMatchObject({ username: other.username });
    expect(adminList.list.find((o) => o.username === me.username && o.status === "completed")).toMatchObject({
      businessName: me.businessName,
      voucherUrl: expect.stringMatching(/^\/files\//),
    });
    expect(await call("order/list", raw01, { query: { pageSize: "100" } }).then((r) => JSON.stringify(r.data))).not.toContain(me.boothNo);
  });

  it("answers in zh and en, amounts always integers in cents", async () => {
    const zh = await call("order/commit", std01, { form: { idempotencyKey: key() }, lang: "zh" });
    expect(zh.message).toBe("购物车为空");
    expect((await call("order/detail", std01, { query: { orderNo: "nope" }, lang: "zh" })).code).toBe(400);
    const list = (await call<OrderPage<OrderSummary>>("order/list", std01, { query: { pageSize: "100" } })).data.list;
    for (const order of list) expect(Number.isInteger(order.totalCents)).toBe(true);
    const sums = await api.db.selectFrom("service_order_lines").select(["order_id", "unit_cents", "quantity", "line_cents"]).execute();
    for (const line of sums) expect(line.line_cents).toBe(line.unit_cents * line.quantity);
  });
});
