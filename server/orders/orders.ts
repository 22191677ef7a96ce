import crypto from "node:crypto";
import type { CommitInput, OrderSource, OrderStatus } from "../../app/contracts/orders/schema";
import { ApiCode, ApiError, notFound } from "../api/envelope";
import { ownedFile } from "../uploads/own-upload";
import { storedFileIdOf } from "../uploads/files";
import type { Database } from "../db/database";
import type { OrderRow } from "../db/schema";
import { contractPdfKind, generatedUrlReplacedByUpload } from "./contract-files";
import { isOrderable, resolveBooth, servicePrice, type Owner } from "./catalogue";
import { allowedActions } from "./order-state";
import { lineCents, loadPriceDates, totalCents } from "./pricing";
import type { AdminOrderSummary, OrderPage, OrderSummary, OrderView } from "../../app/contracts/orders/api-types";
import { iso } from "../db/column-values";
import { exhibitionDate } from "../../app/contracts/common/exhibition-time";
import { isUniqueViolation } from "../db/unique-violation";

/**
 * Service orders: the commit (cart → order, prices locked, idempotent per key), and how orders
 * are read. Changes after the commit go through order-actions.ts (the state machine).
 */

export type Actor = { id: number | null; label: string };

// The answers' shapes are the API contract, written once in app/features/orders/api-types.ts.
export type { AdminOrderSummary, OrderPage, OrderSummary, OrderView };

const ORDER_NO_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const COMMIT_ATTEMPTS = 3;

/** SO<yyyymmdd>-<6 characters>: readable (no 0/O, 1/I), the date in exhibition time. */
function newOrderNo(now: Date) {
  const bytes = crypto.randomBytes(6);
  const suffix = Array.from(bytes, (b) => ORDER_NO_ALPHABET[b % ORDER_NO_ALPHABET.length]).join("");
  return `SO${exhibitionDate(now).replace(/-/g, "")}-${suffix}`;
}

/** A /files/ URL the caller owns; someone else's file answers like a missing one. */
/** A file the order names must be the caller's own upload (any folder); else 404, not a field's error. */
export async function requireOwnedFile(db: Database, userId: number, url: string) {
  if (!(await ownedFile(db, userId, storedFileIdOf(url)))) throw notFound();
}

async function findByKey(db: Database, userId: number, key: string) {
  return db.selectFrom("service_orders").selectAll().where("user_id", "=", userId).where("idempotency_key", "=", key).executeTakeFirst();
}

/**
 * Turns the booth's cart into an order at the prices in force now. The same key for the same
 * user answers the first order: the order row is inserted first against a unique (user, key)
 * index, so a concurrent twin waits for it and then finds it. The cart lines are deleted in the
 * same transaction, so two commits with different keys cannot both take them.
 */
export async function commitOrder(db: Database, owner: Owner, actor: Actor, input: CommitInput, now: Date): Promise<OrderRow> {
  // The source says who placed it: the exhibitor online, or a contractor through its grant.
  const contractorAccessId = owner.contractorAccessId ?? null;
  const source: OrderSource = contractorAccessId ? "contractor" : "online";
  const earlier = await findByKey(db, owner.userId, input.idempotencyKey);
  if (earlier) return answerRetry(earlier, contractorAccessId);
  const booth = await resolveBooth(db, owner, input.boothId);
  if (input.installationDrawingUrl) await requireOwnedFile(db, owner.userId, input.installationDrawingUrl);

  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction().execute(async (trx) => {
        const order = await trx
          .insertInto("service_orders")
          .values({
            order_no: newOrderNo(now),
            user_id: owner.userId,
            exhibition_id: owner.exhibitionId,
            booth_id: booth.id,
            booth_no: booth.booth_no,
            source,
            status: "submitted",
            total_cents: 0,
            idempotency_key: input.idempotencyKey,
            contractor_company: input.contractorCompany ?? null,
            contractor_contact: input.contractorContact ?? null,
            contractor_phone: input.contractorPhone ?? null,
            installation_drawing_url: input.installationDrawingUrl ?? null,
            contractor_access_id: contractorAccessId,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.columns(["user_id", "idempotency_key"]).doNothing())
          .returning(["id", "status"])
          .executeTakeFirst();
        // A twin committed first: nothing more to do here, it is read below.
        if (!order) return;

        const taken = await trx
          .deleteFrom("cart_items")
          .where("user_id", "=", owner.userId)
          .where("booth_id", "=", booth.id)
          .where("contractor_access_id", contractorAccessId === null ? "is" : "=", contractorAccessId)
          .returning(["service_id", "quantity"])
          .execute();
        if (!taken.length) throw new ApiError(ApiCode.badRequest, "orders.errors.emptyCart");
        const services = await trx
          .selectFrom("services")
          .selectAll()
          .where(
            "id",
            "in",
            taken.map((t) => t.service_id),
          )
          .orderBy("sort")
          .orderBy("id")
          .execute();
        const closed = services.filter((s) => !isOrderable(s, now)).map((s) => s.id);
        if (closed.length) throw new ApiError(ApiCode.conflict, "orders.errors.windowClosed", {}, { serviceIds: closed });

        const dates = await loadPriceDates(trx, owner.exhibitionId);
        const lines = services.map((service) => {
          const quantity = taken.find((t) => t.service_id === service.id)!.quantity;
          const price = servicePrice(service, dates, now);
          return {
            order_id: order.id,
            service_id: service.id,
            service_code: service.code,
            name_zh: service.name_zh,
            name_en: service.name_en,
            unit_zh: service.unit_zh,
            unit_en: service.unit_en,
            price_kind: price.kind,
            unit_cents: price.cents,
            quantity,
            line_cents: lineCents(price.cents, quantity),
          };
        });
        const total = totalCents(lines.map((l) => ({ unitCents: l.unit_cents, quantity: l.quantity })));
        await trx.insertInto("service_order_lines").values(lines).execute();
        await trx.updateTable("service_orders").set({ total_cents: total }).where("id", "=", order.id).execute();
        await trx
          .insertInto("service_order_events")
          .values({
            order_id: order.id,
            actor_id: actor.id,
            actor_label: actor.label,
            action: "committed",
            from_status: null,
            to_status: "submitted",
            details: JSON.stringify({ totalCents: total, lines: lines.length, source }),
            created_at: now,
          })
          .execute();
      });
      break;
    } catch (error) {
      // A clash of random order numbers: draw again.
      if (attempt < COMMIT_ATTEMPTS && isUniqueViolation(error, "order_no")) continue;
      throw error;
    }
  }
  return answerRetry((await findByKey(db, owner.userId, input.idempotencyKey))!, contractorAccessId);
}

function answerRetry(order: OrderRow, contractorAccessId: number | null) {
  // A key is only ever the same request's: one of the exhibitor's keys sent by a contractor (or the
  // other way round) is refused, and says nothing of that order.
  if ((order.contractor_access_id ?? null) !== contractorAccessId) throw new ApiError(ApiCode.badRequest, "errors.badRequest");
  if (order.deleted_at) throw new ApiError(ApiCode.conflict, "orders.errors.deleted");
  return order;
}

/**
 * One of the caller's orders (not deleted); another user's order number answers 404. A
 * contractor (contractorAccessId) finds only the orders placed through its grant.
 */
export async function findOwnOrder(db: Database, userId: number, orderNo: string, contractorAccessId?: number | null) {
  let query = db.selectFrom("service_orders").selectAll().where("order_no", "=", orderNo).where("user_id", "=", userId).where("deleted_at", "is", null);
  if (contractorAccessId) query = query.where("contractor_access_id", "=", contractorAccessId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function findOrderInExhibition(db: Database, exhibitionId: number | null, orderNo: string) {
  let query = db.selectFrom("service_orders").selectAll().where("order_no", "=", orderNo).where("deleted_at", "is", null);
  if (exhibitionId !== null) query = query.where("exhibition_id", "=", exhibitionId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

function orderSummary(row: OrderRow): OrderSummary {
  return {
    orderNo: row.order_no,
    source: row.source,
    status: row.status,
    totalCents: row.total_cents,
    boothId: row.booth_id,
    boothNo: row.booth_no,
    contractorCompany: row.contractor_company,
    contractorContact: row.contractor_contact,
    contractorPhone: row.contractor_phone,
    createdAt: iso(row.created_at)!,
  };
}

const stringList = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

export async function orderView(db: Database, row: OrderRow, forOrganizer = false): Promise<OrderView> {
  const lines = await db.selectFrom("service_order_lines").selectAll().where("order_id", "=", row.id).orderBy("id").execute();
  const events = await db.selectFrom("service_order_events").selectAll().where("order_id", "=", row.id).orderBy("id").execute();
  return {
    ...orderSummary(row),
    installationDrawingUrl: row.installation_drawing_url,
    contractVersion: row.contract_version,
    contractUrls: stringList(row.contract_urls),
    contractPdfUrl: row.contract_pdf_url,
    contractPdfKind: contractPdfKind(row),
    generatedContractPdfUrl: contractPdfKind(row) === "stamped" ? generatedUrlReplacedByUpload(events) : row.contract_pdf_url,
    rulesAcceptedAt: iso(row.rules_accepted_at),
    voucherUrl: row.voucher_url,
    contractUploadedAt: iso(row.contract_uploaded_at),
    paymentClaimedAt: iso(row.payment_claimed_at),
    completedAt: iso(row.completed_at),
    lines: lines.map((l) => ({
      serviceId: l.service_id,
      code: l.service_code,
      name: l.name_zh,
      nameEn: l.name_en,
      unit: l.unit_zh,
      unitEn: l.unit_en,
      priceKind: l.price_kind,
      unitCents: l.unit_cents,
      quantity: l.quantity,
      lineCents: l.line_cents,
    })),
    allowedActions: allowedActions(row.status).filter((action) => forOrganizer === (action === "complete")),
    history: events.map((e) => ({
      action: e.action,
      fromStatus: e.from_status,
      toStatus: e.to_status,
      actorLabel: e.actor_label,
      details: e.details ?? null,
      createdAt: iso(e.created_at)!,
    })),
  };
}

type ListQuery = { status?: OrderStatus; page: number; pageSize: number };

async function pageOfOrders(db: Database, scope: { userId?: number; exhibitionId?: number; contractorAccessId?: number | null }, query: ListQuery) {
  let base = db.selectFrom("service_orders").where("deleted_at", "is", null);
  if (scope.userId !== undefined) base = base.where("user_id", "=", scope.userId);
  if (scope.contractorAccessId) base = base.where("contractor_access_id", "=", scope.contractorAccessId);
  if (scope.exhibitionId !== undefined) base = base.where("exhibition_id", "=", scope.exhibitionId);
  if (query.status) base = base.where("status", "=", query.status);
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy("id", "desc")
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return { total: Number(total), page: query.page, pageSize: query.pageSize, rows };
}

/** My orders, newest first (a contractor's: the ones it placed). */
export async function listOwnOrders(db: Database, userId: number, query: ListQuery, contractorAccessId?: number | null): Promise<OrderPage<OrderSummary>> {
  const { rows, ...page } = await pageOfOrders(db, { userId, contractorAccessId }, query);
  return { ...page, list: rows.map(orderSummary) };
}

/** The organizer's list of an exhibition's orders, newest first. */
export async function listExhibitionOrders(db: Database, exhibitionId: number, query: ListQuery): Promise<OrderPage<AdminOrderSummary>> {
  const { rows, ...page } = await pageOfOrders(db, { exhibitionId }, query);
  const userIds = [...new Set(rows.map((r) => r.user_id))];
  const users = userIds.length
    ? await db.selectFrom("users").select(["id", "username", "business_name", "business_name_en"]).where("id", "in", userIds).execute()
    : [];
  return {
    ...page,
    list: rows.map((row) => {
      const user = users.find((u) => u.id === row.user_id);
      return {
        ...orderSummary(row),
        username: user?.username ?? "",
        // An overseas exhibitor may have an English name only.
        businessName: user?.business_name || user?.business_name_en || null,
        contractUrls: stringList(row.contract_urls),
        voucherUrl: row.voucher_url,
      };
    }),
  };
}
