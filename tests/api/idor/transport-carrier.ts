import ExcelJS from "exceljs";
import { expect } from "vitest";
import type { TestApi } from "../../support/test-api";
import { testCalendar } from "../../support/test-clock";
import { fetchApi, oncePerServer } from "../../support/idor-probe";

/**
 * The carrier's transport routes (/shipment/*, issue 17) in the IDOR sweep (tests/api/idor.test.ts).
 * Carrier01's company has a declaration waiting for it and an order, both std01's; the second
 * carrier (carrier02) naming their ids gets 404 and changes nothing, and its lists, home and report
 * never show carrier01's name or order number. Exhibitors, A (std01) and B (raw01) alike, get 403
 * on every carrier route. Requests are in Chinese: in English every route refuses anyway.
 */
type Ctx = { api: TestApi; a: string; b: string; admin: string; carrier: string };
type Probe = (ctx: Ctx) => Promise<void>;

/** What only carrier01's records show: its company's name (and, below, its order number). */
const CARRIER01_NAME = "顺达国际物流有限公司";

async function call(ctx: Ctx, ticket: string, path: string, form?: Record<string, string>) {
  const response = await fetchApi(ctx, ticket, path, form, "zh");
  const bytes = Buffer.from(await response.arrayBuffer());
  const spreadsheet = (response.headers.get("content-type") ?? "").includes("spreadsheetml");
  return { status: response.status, text: spreadsheet ? await sheetText(bytes) : bytes.toString("utf8") };
}

/** A workbook's cell texts (the file itself is compressed: a marker would not show in its bytes). */
async function sheetText(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.eachSheet((sheet) => sheet.eachRow((row) => cells.push(...(row.values as unknown[]).map((v) => String(v ?? "")))));
  return cells.join("\t");
}

type Prepared = { carrier02: string; waitingId: string; orderId: string; orderNo: string; carrierId: number };

/** A declaration of std01's submitted to carrier01, another accepted by carrier01 into an order; made once per server. */
const prepare = oncePerServer(async (ctx: Ctx): Promise<Prepared> => {
  const db = ctx.api.db;
  const user = await db.selectFrom("users").select(["id", "exhibition_id"]).where("username", "=", "std01").executeTakeFirstOrThrow();
  const booth = await db.selectFrom("booths").select("id").where("user_id", "=", user.id).orderBy("id").executeTakeFirstOrThrow();
  const carrier = await db
    .selectFrom("carriers")
    .select("id")
    .where("exhibition_id", "=", user.exhibition_id!)
    .where("code", "=", "shunda")
    .executeTakeFirstOrThrow();
  const declaration = async () => {
    const row = await db
      .insertInto("transport_declarations")
      .values({
        exhibition_id: user.exhibition_id!,
        user_id: user.id,
        booth_id: booth.id,
        carrier_id: carrier.id,
        status: "submitted",
        services: "delivery,return",
        arrival_from: testCalendar.rawMoveIn.from,
        arrival_to: testCalendar.rawMoveIn.to,
        contact_name: "张三",
        contact_phone: "13812345678",
        computed_cents: 50_000,
        submitted_at: new Date(),
        updated_at: new Date(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("transport_exhibits")
      .values({
        declaration_id: row.id,
        sort: 0,
        name_zh: "展柜",
        quantity: 1,
        packages: 1,
        gross_weight_g: 120_000,
        length_cm: 100,
        width_cm: 100,
        height_cm: 100,
      })
      .execute();
    return String(row.id);
  };
  const waitingId = await declaration();
  const acceptedId = await declaration();
  const accepted = await call(ctx, ctx.carrier, "/shipment/review/decide", { id: acceptedId, decision: "accept", version: "0" });
  expect(accepted.status, accepted.text).toBe(200);
  const order = (JSON.parse(accepted.text).data as { order: { id: number; orderNo: string } }).order;
  return { carrier02: await ctx.api.login("carrier02", "Expo#2026"), waitingId, orderId: String(order.id), orderNo: order.orderNo, carrierId: carrier.id };
});

/** Everything of carrier01's a carrier call could change. */
async function carrier01State(ctx: Ctx, carrierId: number) {
  const declarations = await ctx.api.db.selectFrom("transport_declarations").selectAll().where("carrier_id", "=", carrierId).orderBy("id").execute();
  const ids = declarations.length ? declarations.map((d) => d.id) : [0];
  const orders = await ctx.api.db.selectFrom("transport_orders").selectAll().where("carrier_id", "=", carrierId).orderBy("id").execute();
  const events = await ctx.api.db.selectFrom("transport_events").selectAll().where("declaration_id", "in", ids).orderBy("id").execute();
  return JSON.stringify({ declarations, orders, events });
}

const READS = ["/shipment/review/list", "/shipment/review/list?status=submitted", "/shipment/order/list", "/shipment/order/report", "/shipment/home"];
const writesOn = (p: Prepared): [string, Record<string, string>][] => [
  ["/shipment/review/decide", { id: p.waitingId, decision: "accept", amount: "1.00" }],
  ["/shipment/review/decide", { id: p.waitingId, decision: "return", reason: "B" }],
  ["/shipment/order/step", { id: p.orderId, step: "received" }],
  ["/shipment/order/paid", { id: p.orderId }],
];

const secondCarrierProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  // Controls: carrier01 sees its declaration and order, so what carrier02 does not see is about ownership.
  const ownList = await call(ctx, ctx.carrier, "/shipment/review/list?status=submitted");
  expect(ownList.text).toContain(`"id":${p.waitingId},`);
  expect((await call(ctx, ctx.carrier, "/shipment/order/list")).text).toContain(p.orderNo);
  expect((await call(ctx, ctx.carrier, "/shipment/order/report")).text).toContain(p.orderNo);

  const before = await carrier01State(ctx, p.carrierId);
  for (const path of READS) {
    const result = await call(ctx, p.carrier02, path);
    expect(result.status, path).toBe(200);
    for (const marker of [CARRIER01_NAME, p.orderNo]) expect(result.text, path).not.toContain(marker);
  }
  for (const [path, form] of writesOn(p)) {
    const result = await call(ctx, p.carrier02, path, form);
    expect(result.status, `${path}: ${result.text}`).toBe(404);
    expect(result.text, path).not.toContain(CARRIER01_NAME);
  }
  expect(await carrier01State(ctx, p.carrierId)).toBe(before);
};

const exhibitorProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await carrier01State(ctx, p.carrierId);
  for (const ticket of [ctx.a, ctx.b]) {
    for (const [path, form] of [...READS.map((r): [string, Record<string, string>?] => [r]), ...writesOn(p)]) {
      const result = await call(ctx, ticket, path, form);
      expect(result.status, `${path}: ${result.text}`).toBe(403);
      expect(result.text, path).not.toContain(p.orderNo);
    }
  }
  expect(await carrier01State(ctx, p.carrierId)).toBe(before);
};

const bothProbes: Probe = async (ctx) => {
  await secondCarrierProbe(ctx);
  await exhibitorProbe(ctx);
};

export const transportCarrierSweep = {
  "GET /api/shipment/review/list": { probe: bothProbes },
  "POST /api/shipment/review/decide": { probe: bothProbes },
  "GET /api/shipment/order/list": { probe: bothProbes },
  "POST /api/shipment/order/step": { probe: bothProbes },
  "POST /api/shipment/order/paid": { probe: bothProbes },
  "GET /api/shipment/order/report": { probe: bothProbes },
  "GET /api/shipment/home": { probe: bothProbes },
};
