import { countRows, pageRows } from "../db/paging";
import { sql } from "kysely";
import type { CarrierHome, OrderList, OrderRow, OrderView } from "../../app/contracts/transport/api-types";
import type { OrderStepName } from "../../app/contracts/transport/schema";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import { ApiCode, ApiError, notFound } from "../api/envelope";
import type { Database, Db } from "../db/database";
import { requireCarrier, servicesOf, stale, type Viewer } from "./common";
import { exhibitorNameOf } from "./detail";
import { nextStepOf, orderViewOf } from "./order-steps";
import { notifyExhibitor, PAGE_SIZE } from "./review";
import { exhibitionDate } from "../../app/contracts/common/exhibition-time";
import type { Mailer } from "../api/context";

/**
 * The carrier's orders (spec /exhibitTL carriageOrder, issue 17): what an accepted declaration
 * became, moved by its carrier one step at a time and marked paid; and the carrier's home (its
 * pending reviews and today's deliveries). The organizer reads every carrier's orders but moves
 * none; another carrier's order answers like an unknown one (404) and is not touched.
 */
type CarrierSide = Extract<Viewer, { kind: "carrier" | "organizer" }>;

/** Orders with what their rows show, scoped to the viewer: its carrier's only, or the exhibition's for the organizer. */
export function selectOrders(db: Db, viewer: CarrierSide) {
  let rows = db
    .selectFrom("transport_orders as o")
    .innerJoin("transport_declarations as d", "d.id", "o.declaration_id")
    .innerJoin("booths as b", "b.id", "d.booth_id")
    .innerJoin("carriers as c", "c.id", "o.carrier_id")
    .innerJoin("users as u", "u.id", "d.user_id")
    .select([
      "o.id",
      "o.order_no",
      "o.step",
      "o.amount_cents",
      "o.paid",
      "o.paid_at",
      "o.version",
      "d.id as declaration_id",
      "d.user_id",
      "u.business_name",
      "u.business_name_en",
      "u.username",
      "d.services",
      "d.decided_at",
      sql<string>`to_char(d.arrival_from, 'YYYY-MM-DD')`.as("arrival_from"),
      sql<string>`to_char(d.arrival_to, 'YYYY-MM-DD')`.as("arrival_to"),
      "b.booth_no",
      "c.name_zh as carrier_zh",
      "c.name_en as carrier_en",
    ])
    .where("d.exhibition_id", "=", viewer.caller.exhibitionId)
    .where("d.deleted_at", "is", null);
  if (viewer.kind === "carrier") rows = rows.where("o.carrier_id", "=", viewer.carrierId);
  return rows;
}
export type OrderRecord = Awaited<ReturnType<ReturnType<typeof selectOrders>["execute"]>>[number];

/** The answers' rows, with each exhibitor's name in `language` as the declarations show it. */
export function orderRowsOf(records: OrderRecord[], language: Language): OrderRow[] {
  return records.map((r) => {
    const services = servicesOf(r.services);
    return {
      declarationId: r.declaration_id,
      exhibitorName: exhibitorNameOf(r, language),
      boothNo: r.booth_no,
      carrierName: language === "en" ? r.carrier_en : r.carrier_zh,
      arrivalFrom: r.arrival_from,
      arrivalTo: r.arrival_to,
      services,
      order: orderViewOf(r, services),
    };
  });
}

/** GET /shipment/order/list: newest first, a page at a time. */
export async function orderList(db: Database, viewer: CarrierSide, page: number, language: Language): Promise<OrderList> {
  const [total, records] = await Promise.all([
    countRows(selectOrders(db, viewer)),
    pageRows(selectOrders(db, viewer).orderBy("o.id", "desc"), page, PAGE_SIZE),
  ]);
  return {
    carrier: viewer.kind === "carrier" ? { id: viewer.carrierId, name: viewer.carrierName } : null,
    items: orderRowsOf(records, language),
    total,
    page,
    pageSize: PAGE_SIZE,
  };
}

/** The carrier's own order, locked for the change (another carrier's: 404), with the services that decide its steps. */
async function lockOwnOrder(trx: Db, carrier: Extract<Viewer, { kind: "carrier" }>, orderId: number) {
  const order = await trx
    .selectFrom("transport_orders")
    .select(["id", "declaration_id", "order_no", "step", "amount_cents", "paid", "paid_at", "version"])
    .where("id", "=", orderId)
    .where("carrier_id", "=", carrier.carrierId)
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw notFound();
  const declaration = await trx
    .selectFrom("transport_declarations")
    .select(["user_id", "services"])
    .where("id", "=", order.declaration_id)
    .where("exhibition_id", "=", carrier.caller.exhibitionId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!declaration) throw notFound();
  return { order, userId: declaration.user_id, services: servicesOf(declaration.services) };
}

const checkVersion = (expected: number | undefined, actual: number) => {
  if (expected !== undefined && expected !== actual) throw stale();
};

/**
 * Moves the carrier's order to `step`, which must be the one after its current step: naming the
 * step (not "next") means a double submit or a stale page cannot move it two steps.
 */
export async function moveOrderStep(
  db: Database,
  mailer: Mailer,
  viewer: CarrierSide,
  input: { id: number; version?: number; step: OrderStepName },
  language: Language,
  now: Date,
): Promise<OrderView> {
  const carrier = requireCarrier(viewer);
  const moved = await db.transaction().execute(async (trx) => {
    const { order, userId, services } = await lockOwnOrder(trx, carrier, input.id);
    if (nextStepOf(order.step, services) !== input.step)
      throw new ApiError(ApiCode.conflict, "transport.errors.stepOrder", { step: translate(language, `transport.steps.${input.step}`) });
    checkVersion(input.version, order.version);
    const updated = await trx
      .updateTable("transport_orders")
      .set({ step: input.step, version: order.version + 1, updated_at: now })
      .where("id", "=", order.id)
      .returning(["id", "order_no", "step", "amount_cents", "paid", "paid_at", "version"])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("transport_events")
      .values({ declaration_id: order.declaration_id, kind: `order:${input.step}`, actor_id: carrier.caller.userId, created_at: now })
      .execute();
    return { view: orderViewOf(updated, services), declarationId: order.declaration_id, userId };
  });
  if (input.step === "delivered") {
    await notifyExhibitor(db, mailer, { declarationId: moved.declarationId, userId: moved.userId }, `展品已送达展位（运输订单 ${moved.view.orderNo}）`, [
      `${carrier.carrierName}已将运输订单 ${moved.view.orderNo} 的展品送达您的展位，请及时查收。`,
    ]);
  }
  return moved.view;
}

/** Marks the carrier's order paid, once. */
export async function markOrderPaid(db: Database, viewer: CarrierSide, input: { id: number; version?: number }, now: Date): Promise<OrderView> {
  const carrier = requireCarrier(viewer);
  return db.transaction().execute(async (trx) => {
    const { order, services } = await lockOwnOrder(trx, carrier, input.id);
    if (order.paid) throw new ApiError(ApiCode.conflict, "transport.errors.alreadyPaid");
    checkVersion(input.version, order.version);
    const updated = await trx
      .updateTable("transport_orders")
      .set({ paid: true, paid_at: now, version: order.version + 1, updated_at: now })
      .where("id", "=", order.id)
      .returning(["id", "order_no", "step", "amount_cents", "paid", "paid_at", "version"])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("transport_events")
      .values({ declaration_id: order.declaration_id, kind: "order:paid", actor_id: carrier.caller.userId, created_at: now })
      .execute();
    return orderViewOf(updated, services);
  });
}

/**
 * The carrier's home: how many declarations wait for its review, and the orders whose goods are
 * due today (not yet delivered, today within the arrival window; exhibition time, UTC+8).
 */
export async function carrierHome(db: Database, viewer: CarrierSide, language: Language, now: Date): Promise<CarrierHome> {
  const carrier = requireCarrier(viewer);
  const today = exhibitionDate(now);
  const [pending, due] = await Promise.all([
    db
      .selectFrom("transport_declarations")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("carrier_id", "=", carrier.carrierId)
      .where("exhibition_id", "=", carrier.caller.exhibitionId)
      .where("status", "=", "submitted")
      .where("deleted_at", "is", null)
      .executeTakeFirstOrThrow(),
    selectOrders(db, carrier)
      .where("o.step", "in", ["confirmed", "received"])
      .where(sql<boolean>`d.arrival_from <= ${today}::date and d.arrival_to >= ${today}::date`)
      .orderBy("b.booth_no")
      .orderBy("o.id")
      .execute(),
  ]);
  return {
    carrier: { id: carrier.carrierId, name: carrier.carrierName },
    today,
    pendingReviews: Number(pending.n),
    todaysDeliveries: orderRowsOf(due, language),
  };
}
