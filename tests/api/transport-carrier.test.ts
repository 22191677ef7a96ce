import ExcelJS from "exceljs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CarrierHome, DeclarationDetail, OrderList, OrderView, ReviewList } from "../../app/contracts/transport/api-types";
import { appClock } from "../../server/clock";
import { readOutbox } from "../support/outbox";
import { type DemoLogisticsIds, startDemoLogistics } from "../support/demo-cast";
import { backendsOf, postgresSkipReason, type TempDirTestApi } from "../support/test-api";
import { addDays, exhibitionTime, resetTestClock } from "../support/test-clock";
import { transportCarrierSweep } from "./idor/transport-carrier";
import { exhibitionDate } from "../../app/contracts/common/exhibition-time";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * The carrier's side of exhibit transport (issue 17): review, orders, the report and the home. The
 * declarations are inserted directly (the exhibitor's write endpoints are tested elsewhere), so
 * every test starts from a known submitted declaration. The area is Chinese only: calls are in zh.
 */
const SHIPMENT_ROUTES: [string, Record<string, string>?][] = [
  ["/shipment/review/list"],
  ["/shipment/review/decide", { id: "1", decision: "accept" }],
  ["/shipment/order/list"],
  ["/shipment/order/step", { id: "1", step: "received" }],
  ["/shipment/order/paid", { id: "1" }],
  ["/shipment/order/report"],
  ["/shipment/home"],
];
const NOT_CARRIER = "此页面仅供指定承运商使用";

describe.each(backendsOf(import.meta.url))("carrier review and orders (/shipment/*) on %s", (backend) => {
  let api: TempDirTestApi;
  let ids: DemoLogisticsIds;
  let std01: string, raw01: string, admin: string, carrier01: string, carrier02: string;

  beforeAll(async () => {
    ({ api, ids, std01, raw01, admin, carrier01, carrier02 } = await startDemoLogistics(backend, "portal-carrier-"));
  });
  afterEach(() => resetTestClock());
  afterAll(() => api?.close());

  const zh = <T>(path: string, ticket: string, form?: Record<string, string>, query?: Record<string, string>) =>
    api.call<T>(path, { lang: "zh", ticket, form, query });
  const decide = (ticket: string, form: Record<string, string>) => zh<DeclarationDetail>("/shipment/review/decide", ticket, form);
  const step = (ticket: string, order: Pick<OrderView, "id" | "version">, to: string) =>
    zh<OrderView>("/shipment/order/step", ticket, { id: String(order.id), version: String(order.version), step: to });
  const today = () => exhibitionDate(appClock.now());

  /** A declaration of std01's as the exhibitor's side leaves it when submitted: ¥1,200.00 less ¥100.00 discount, two exhibits. */
  async function submitted(options: { carrierId?: number; services?: string; from?: string; to?: string; contact?: string } = {}) {
    const now = appClock.now();
    const row = await api.db
      .insertInto("transport_declarations")
      .values({
        exhibition_id: ids.exhibitionId,
        user_id: ids.std01,
        booth_id: ids.booth1A01,
        carrier_id: options.carrierId ?? ids.shunda,
        status: "submitted",
        services: options.services ?? "delivery",
        arrival_from: options.from ?? addDays(today(), 3),
        arrival_to: options.to ?? addDays(today(), 5),
        contact_name: options.contact ?? "张三",
        contact_phone: "13812345678",
        computed_cents: 120_000,
        discount_cents: 10_000,
        submitted_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await api.db
      .insertInto("transport_exhibits")
      .values([
        { declaration_id: row.id, sort: 0, name_zh: "机器人", quantity: 2, packages: 2, gross_weight_g: 350_500, length_cm: 120, width_cm: 80, height_cm: 100 },
        { declaration_id: row.id, sort: 1, name_zh: "控制柜", quantity: 1, packages: 1, gross_weight_g: 80_000, length_cm: 60, width_cm: 60, height_cm: 150 },
      ])
      .execute();
    return row.id;
  }
  const stored = (id: number) => api.db.selectFrom("transport_declarations").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const orderOf = (id: number) => api.db.selectFrom("transport_orders").selectAll().where("declaration_id", "=", id).executeTakeFirst();
  const eventsOf = async (id: number) =>
    (await api.db.selectFrom("transport_events").select("kind").where("declaration_id", "=", id).orderBy("id").execute()).map((e) => e.kind);
  const orderNo = (id: number) => `TR${today().replace(/-/g, "")}-${String(id).padStart(5, "0")}`;
  async function acceptedOrder(options: Parameters<typeof submitted>[0] = {}, ticket = carrier01) {
    const id = await submitted(options);
    const accepted = await decide(ticket, { id: String(id), decision: "accept", version: "0" });
    expect(accepted.code, accepted.message).toBe(200);
    return { id, order: accepted.data.order! };
  }

  it("accepts at the stored total or an adjusted amount, making an order and telling the exhibitor", async () => {
    const plain = await submitted();
    const accepted = await decide(carrier01, { id: String(plain), decision: "accept", version: "0" });
    expect(accepted.code, accepted.message).toBe(200);
    expect(accepted.data).toMatchObject({ id: plain, status: "accepted", acceptedCents: 110_000, amountCents: 110_000, decidable: false, version: 1 });
    expect(accepted.data.order).toMatchObject({
      orderNo: orderNo(plain),
      step: "confirmed",
      nextStep: "received",
      amountCents: 110_000,
      paid: false,
      version: 0,
    });
    expect(await eventsOf(plain)).toEqual(["declaration:accepted"]);

    const adjusted = await submitted();
    const answer = await decide(carrier01, { id: String(adjusted), decision: "accept", amount: "1,234.50", note: "含上楼费" });
    expect(answer.data).toMatchObject({ status: "accepted", acceptedCents: 123_450, acceptNote: "含上楼费" });
    expect(await orderOf(adjusted)).toMatchObject({ order_no: orderNo(adjusted), step: "confirmed", carrier_id: ids.shunda });
    expect(Number((await orderOf(adjusted))!.amount_cents)).toBe(123_450);
    const mail = readOutbox(api.dataDir).find((m) => m.subject.includes(`（申报编号 ${adjusted}）`));
    expect(mail).toMatchObject({ to: "zhangsan@galaxy-smart.example.com" });
    expect(mail!.text).toContain("¥1,234.50");
    expect((await decide(carrier01, { id: String(adjusted), decision: "accept", amount: "-5" })).status).toBe(400);
  });

  it("returns with a reason; resubmitted, the same declaration is accepted", async () => {
    const id = await submitted();
    expect((await decide(carrier01, { id: String(id), decision: "return" })).data).toMatchObject({
      fields: { reason: ["validation.required|transport.fields.returnReason"] },
    });
    const returned = await decide(carrier01, { id: String(id), decision: "return", reason: "缺少提单", version: "0" });
    expect(returned.data).toMatchObject({ status: "returned", returnReason: "缺少提单", order: null, version: 1 });
    expect(await orderOf(id)).toBeUndefined();
    expect(readOutbox(api.dataDir).some((m) => m.subject.includes(`被承运商退回（申报编号 ${id}）`) && m.text.includes("缺少提单"))).toBe(true);

    await api.db.updateTable("transport_declarations").set({ status: "submitted", version: 2 }).where("id", "=", id).execute();
    const accepted = await decide(carrier01, { id: String(id), decision: "accept", version: "2" });
    expect(accepted.data).toMatchObject({ status: "accepted", returnReason: null, version: 3, order: { orderNo: orderNo(id) } });
    expect(await eventsOf(id)).toEqual(["declaration:returned", "declaration:accepted"]);
  });

  it("refuses a decision on a declaration not waiting, at an old version, or of another carrier, changing nothing", async () => {
    const id = await submitted();
    const before = JSON.stringify(await stored(id));
    expect(await decide(carrier01, { id: String(id), decision: "accept", version: "7" })).toMatchObject({
      status: 409,
      message: "该记录已被修改，请刷新后重试",
    });
    expect(await decide(carrier02, { id: String(id), decision: "accept" })).toMatchObject({ status: 404 });
    expect(await decide(carrier02, { id: String(id), decision: "return", reason: "不是我的" })).toMatchObject({ status: 404 });
    expect(JSON.stringify(await stored(id))).toBe(before);
    expect(await eventsOf(id)).toEqual([]);

    // Returned: with the exhibitor until it is submitted again.
    await api.db.updateTable("transport_declarations").set({ status: "returned", return_reason: "缺少提单" }).where("id", "=", id).execute();
    expect(await decide(carrier01, { id: String(id), decision: "accept", version: "0" })).toMatchObject({
      status: 409,
      message: "只有待审核的申报可以接受或退回",
    });
    expect(await stored(id)).toMatchObject({ status: "returned", return_reason: "缺少提单", accepted_cents: null, version: 0 });
    expect(await orderOf(id)).toBeUndefined();
  });

  it("lists the carrier's own declarations, waiting ones first, with counts per status", async () => {
    const waiting = await submitted();
    const { id: decided } = await acceptedOrder();
    const later = await submitted();
    const theirs = await submitted({ carrierId: ids.hengtong, contact: "恒通客户" });
    const list = (await zh<ReviewList>("/shipment/review/list", carrier01)).data;
    expect(list.carrier).toEqual({ id: ids.shunda, name: "顺达国际物流有限公司" });
    const listed = list.items.map((i) => i.id);
    expect(listed).toEqual(expect.arrayContaining([waiting, decided, later]));
    expect(listed).not.toContain(theirs);
    expect(list.items.every((i) => i.carrierId === ids.shunda)).toBe(true);
    const firstDecided = list.items.findIndex((i) => i.status !== "submitted");
    expect(list.items.slice(firstDecided).every((i) => i.status !== "submitted")).toBe(true);
    expect(listed.indexOf(later)).toBeLessThan(listed.indexOf(waiting));
    const stats = await api.db
      .selectFrom("transport_declarations")
      .select("status")
      .where("carrier_id", "=", ids.shunda)
      .where("submitted_at", "is not", null)
      .where("deleted_at", "is", null)
      .execute();
    expect(list.counts).toEqual({
      draft: 0,
      submitted: stats.filter((s) => s.status === "submitted").length,
      accepted: stats.filter((s) => s.status === "accepted").length,
      returned: stats.filter((s) => s.status === "returned").length,
    });
    expect(list.total).toBe(stats.length);

    const accepted = (await zh<ReviewList>("/shipment/review/list", carrier01, undefined, { status: "accepted" })).data;
    expect(accepted.items.every((i) => i.status === "accepted")).toBe(true);
    expect(accepted.total).toBe(list.counts.accepted);
    expect((await zh<ReviewList>("/shipment/review/list", carrier02)).data.items.map((i) => i.id)).toContain(theirs);
    expect((await zh("/shipment/review/list", carrier01, undefined, { status: "lost" })).status).toBe(400);
  });

  it("moves an order one step at a time, with the return step only when a return was asked for", async () => {
    let { id, order } = await acceptedOrder({ services: "delivery,storage" });
    expect(order.steps).toEqual(["confirmed", "received", "delivered", "completed"]);
    expect(await step(carrier01, order, "delivered")).toMatchObject({ status: 409, message: "订单不在“已送达展位”的上一环节" });
    order = (await step(carrier01, order, "received")).data;
    expect(order).toMatchObject({ step: "received", nextStep: "delivered", version: 1 });
    expect(await step(carrier01, { ...order, version: 0 }, "delivered")).toMatchObject({ status: 409, message: "该记录已被修改，请刷新后重试" });
    order = (await step(carrier01, order, "delivered")).data;
    expect(readOutbox(api.dataDir).some((m) => m.subject.includes(`展品已送达展位（运输订单 ${order.orderNo}）`))).toBe(true);
    expect(await step(carrier01, order, "returned")).toMatchObject({ status: 409 });
    order = (await step(carrier01, order, "completed")).data;
    expect(order).toMatchObject({ step: "completed", nextStep: null, version: 3 });
    expect(await step(carrier01, order, "completed")).toMatchObject({ status: 409 });
    expect(await eventsOf(id)).toEqual(["declaration:accepted", "order:received", "order:delivered", "order:completed"]);

    ({ id, order } = await acceptedOrder({ services: "delivery,return" }));
    expect(order.steps).toEqual(["confirmed", "received", "delivered", "returned", "completed"]);
    for (const next of ["received", "delivered"]) order = (await step(carrier01, order, next)).data;
    expect(await step(carrier01, order, "completed")).toMatchObject({ status: 409, message: "订单不在“已完成”的上一环节" });
    order = (await step(carrier01, order, "returned")).data;
    expect(order).toMatchObject({ step: "returned", nextStep: "completed" });
    expect((await step(carrier01, order, "completed")).data.step).toBe("completed");
  });

  it("marks an order paid once; another carrier's order is unknown to it", async () => {
    const { id, order } = await acceptedOrder();
    const before = JSON.stringify(await orderOf(id));
    expect(await step(carrier02, order, "received")).toMatchObject({ status: 404 });
    expect(await zh("/shipment/order/paid", carrier02, { id: String(order.id) })).toMatchObject({ status: 404 });
    expect(JSON.stringify(await orderOf(id))).toBe(before);
    expect((await zh<OrderList>("/shipment/order/list", carrier02)).data.items.map((i) => i.order.id)).not.toContain(order.id);

    const paid = await zh<OrderView>("/shipment/order/paid", carrier01, { id: String(order.id), version: "0" });
    expect(paid.data).toMatchObject({ paid: true, version: 1, step: "confirmed" });
    expect(paid.data.paidAt).not.toBeNull();
    expect(await zh("/shipment/order/paid", carrier01, { id: String(order.id), version: "1" })).toMatchObject({ status: 409, message: "该订单已标记为已付款" });
    expect(await eventsOf(id)).toEqual(["declaration:accepted", "order:paid"]);

    const list = (await zh<OrderList>("/shipment/order/list", carrier01)).data;
    expect(list.items[0]).toMatchObject({
      declarationId: id,
      exhibitorName: "深圳星河智能科技有限公司",
      boothNo: "1A01",
      carrierName: "顺达国际物流有限公司",
      services: ["delivery"],
      order: { id: order.id, paid: true },
    });
    expect(list).toMatchObject({ carrier: { id: ids.shunda }, page: 1, pageSize: 20 });
    expect(list.items.every((i) => i.carrierName === "顺达国际物流有限公司")).toBe(true);
  });

  /** The report's sheet as rows of cell texts, the header first. */
  async function reportRows(ticket: string) {
    const response = await fetch(`${api.baseUrl}/api/shipment/order/report`, { headers: { ticket, "accept-language": "zh" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("spreadsheetml");
    expect(response.headers.get("content-disposition")).toContain(encodeURIComponent("承运订单.xlsx"));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const rows: string[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ""))));
    return rows;
  }

  it("exports the carrier's own orders to Excel; the organizer's report has every carrier's", async () => {
    const { order: mine } = await acceptedOrder({ services: "delivery,return" });
    await zh("/shipment/order/paid", carrier01, { id: String(mine.id) });
    const { order: theirs } = await acceptedOrder({ carrierId: ids.hengtong }, carrier02);
    const rows = await reportRows(carrier01);
    expect(rows[0]).toEqual([
      "订单号",
      "展商",
      "展位号",
      "到货时间",
      "服务项目",
      "展品项数",
      "体积（m³）",
      "毛重（kg）",
      "金额（元）",
      "环节",
      "已付款",
      "接受时间",
    ]);
    const row = rows.find((r) => r[0] === mine.orderNo)!;
    // Two exhibits: 2 × 1.2 × 0.8 × 1 m³ + 0.54 m³; 350.5 kg + 80 kg.
    expect(row.slice(1, 11)).toEqual([
      "深圳星河智能科技有限公司",
      "1A01",
      `${addDays(today(), 3)} ~ ${addDays(today(), 5)}`,
      "送货到展位、回运",
      "2",
      "2.46",
      "430.5",
      "1100",
      "已确认",
      "是",
    ]);
    expect(row[11]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(rows.some((r) => r.includes(theirs.orderNo))).toBe(false);
    const organizer = await reportRows(admin);
    expect(organizer[0]![0]).toBe("承运商");
    expect(organizer.find((r) => r[1] === theirs.orderNo)![0]).toBe("恒通会展物流有限公司");
    expect(organizer.some((r) => r[1] === mine.orderNo)).toBe(true);
  });

  it("shows the carrier its pending reviews and the deliveries due today", async () => {
    const day = addDays(today(), 10);
    appClock.freezeAt(exhibitionTime(day, "23:30:00"));
    const { order: due } = await acceptedOrder({ from: addDays(day, -1), to: day });
    const { order: early } = await acceptedOrder({ from: addDays(day, 1), to: addDays(day, 2) });
    const { order: delivered } = await acceptedOrder({ from: day, to: day });
    let moved = delivered;
    for (const next of ["received", "delivered"]) moved = (await step(carrier01, moved, next)).data;
    const { order: theirs } = await acceptedOrder({ carrierId: ids.hengtong, from: day, to: day }, carrier02);
    await submitted();

    const home = (await zh<CarrierHome>("/shipment/home", carrier01)).data;
    expect(home).toMatchObject({ carrier: { id: ids.shunda, name: "顺达国际物流有限公司" }, today: day });
    const pending = await api.db
      .selectFrom("transport_declarations")
      .select("id")
      .where("carrier_id", "=", ids.shunda)
      .where("status", "=", "submitted")
      .where("deleted_at", "is", null)
      .execute();
    expect(home.pendingReviews).toBe(pending.length);
    const dueIds = home.todaysDeliveries.map((row) => row.order.id);
    expect(dueIds).toContain(due.id);
    for (const other of [early, delivered, theirs]) expect(dueIds).not.toContain(other.id);
    expect((await zh<CarrierHome>("/shipment/home", carrier02)).data.todaysDeliveries.map((row) => row.order.id)).toEqual([theirs.id]);
  });

  it("lets the organizer read every carrier's lists but decide and move nothing", async () => {
    const waiting = await submitted();
    const { order } = await acceptedOrder({ carrierId: ids.hengtong }, carrier02);
    const review = (await zh<ReviewList>("/shipment/review/list", admin)).data;
    expect(review.carrier).toBeNull();
    expect(new Set(review.items.map((i) => i.carrierId))).toEqual(new Set([ids.shunda, ids.hengtong]));
    expect((await zh<OrderList>("/shipment/order/list", admin)).data.items.map((i) => i.order.id)).toContain(order.id);

    const before = JSON.stringify([await stored(waiting), await orderOf(order.id)]);
    expect(await decide(admin, { id: String(waiting), decision: "accept" })).toMatchObject({ status: 403, message: NOT_CARRIER });
    expect(await step(admin, order, "received")).toMatchObject({ status: 403, message: NOT_CARRIER });
    expect(await zh("/shipment/order/paid", admin, { id: String(order.id) })).toMatchObject({ status: 403 });
    expect(await zh("/shipment/home", admin)).toMatchObject({ status: 403 });
    expect(JSON.stringify([await stored(waiting), await orderOf(order.id)])).toBe(before);
  });

  it("refuses English, and every /shipment route to an exhibitor", async () => {
    for (const [route, form] of SHIPMENT_ROUTES) {
      expect(await api.call(route, { ticket: carrier01, form, lang: "en" }), route).toMatchObject({
        status: 403,
        message: "Exhibit transport is available in Chinese only",
      });
      expect(await zh(route, std01, form), route).toMatchObject({ status: 403, message: NOT_CARRIER });
    }
    expect((await api.call("/shipment/review/list", { lang: "zh" })).status).toBe(401);
  });

  it("passes its IDOR sweep entries", async () => {
    const ctx = { api, a: std01, b: raw01, admin, carrier: carrier01 };
    for (const [key, entry] of Object.entries(transportCarrierSweep)) {
      await entry.probe(ctx).catch((error: Error) => {
        throw new Error(`${key}: ${error.message}`);
      });
    }
  });
});
