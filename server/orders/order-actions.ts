import type { Updateable } from "kysely";
import type { ContractorInput } from "../../app/schemas/orders";
import { translateMessage } from "../../app/i18n/config";
import { ApiCode, ApiError } from "../api/envelope";
import type { Database } from "../db/database";
import type { ServiceOrderTable } from "../db/schema";
import { nextStatus, OrderStateError, type OrderAction } from "./order-state";
import { findOrderInExhibition, requireOwnedFile, type Actor, type OrderRow } from "./orders";
import { orderClock } from "./pricing";

/**
 * Every change of an order after its commit: checked against the transition table on the row as
 * read, written only if its `version` is still the one read (else read and checked again), with
 * its audit event in the same transaction.
 */

const WRITE_ATTEMPTS = 20;

type Change = { set: Omit<Updateable<ServiceOrderTable>, "version" | "status">; details?: Record<string, unknown> };

async function applyAction(db: Database, load: () => Promise<OrderRow>, actor: Actor, action: OrderAction, plan: (row: OrderRow) => Change, now: Date) {
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const row = await load();
    let status;
    try {
      status = nextStatus(row.status, action);
    } catch (error) {
      if (error instanceof OrderStateError) throw new ApiError(ApiCode.conflict, error.messageKey, {}, { status: row.status });
      throw error;
    }
    const change = plan(row);
    const written = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("service_orders")
        .set({ ...change.set, status, version: row.version + 1, updated_at: now })
        .where("id", "=", row.id)
        .where("version", "=", row.version)
        .returningAll()
        .executeTakeFirst();
      if (!updated) return undefined;
      await trx
        .insertInto("service_order_events")
        .values({
          order_id: row.id,
          actor_id: actor.id,
          actor_label: actor.label,
          action,
          from_status: row.status,
          to_status: status,
          details: change.details ? JSON.stringify(change.details) : null,
        })
        .execute();
      return updated;
    });
    if (written) return written;
    // Someone wrote in between: back off a random while so racing writers spread out.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
  }
  throw new ApiError(ApiCode.conflict, "orders.errors.busy");
}

export type OrderLoader = () => Promise<OrderRow>;

export async function updateContractor(db: Database, load: OrderLoader, actor: Actor, input: ContractorInput, now: Date) {
  return applyAction(db, load, actor, "updateContractor", (row) => ({
    set: { contractor_company: input.contractorCompany ?? null, contractor_contact: input.contractorContact ?? null, contractor_phone: input.contractorPhone ?? null },
    details: { before: { company: row.contractor_company, contact: row.contractor_contact, phone: row.contractor_phone } },
  }), now);
}

/** For now records the event and bumps the contract version; the PDF itself (contract-pdf.ts) comes later. */
export async function regenerateContract(db: Database, load: OrderLoader, actor: Actor, now: Date) {
  return applyAction(db, load, actor, "regenerateContract", (row) => ({ set: { contract_version: row.contract_version + 1 }, details: { contractVersion: row.contract_version + 1 } }), now);
}

/** Soft delete: the order leaves the lists but keeps its audit trail and its idempotency key. */
export async function deleteOrder(db: Database, load: OrderLoader, actor: Actor, now: Date) {
  return applyAction(db, load, actor, "delete", () => ({ set: { deleted_at: now } }), now);
}

/** The stamped contract (one or more of the caller's files) after the rules were ticked. */
export async function uploadContract(db: Database, load: OrderLoader, actor: Actor & { id: number }, contractUrls: string[], now: Date) {
  for (const url of contractUrls) await requireOwnedFile(db, actor.id, url);
  return applyAction(db, load, actor, "uploadContract", () => ({
    set: { contract_urls: JSON.stringify(contractUrls), rules_accepted_at: now, contract_uploaded_at: now },
    details: { contractUrls },
  }), now);
}

export async function claimPayment(db: Database, load: OrderLoader, actor: Actor & { id: number }, voucherUrl: string, now: Date) {
  await requireOwnedFile(db, actor.id, voucherUrl);
  return applyAction(db, load, actor, "claimPayment", () => ({ set: { voucher_url: voucherUrl, payment_claimed_at: now }, details: { voucherUrl } }), now);
}

/** The organizer's confirmation that the money arrived (roleId 1 page or the ops CLI). */
export async function completeOrder(db: Database, load: OrderLoader, actor: Actor, now: Date) {
  return applyAction(db, load, actor, "complete", () => ({ set: { completed_at: now, completed_by: actor.id } }), now);
}

const CLI_ACTOR: Actor = { id: null, label: "ops-cli" };

/** `cli complete-order <orderNo>`: the organizer's staff confirm the payment from the shell. */
export async function completeOrderCommand(db: Database, args: string[]) {
  const [orderNo] = args;
  if (!orderNo) throw new Error("Usage: cli.js complete-order <orderNo>");
  const order = await completeOrder(db, () => findOrderInExhibition(db, null, orderNo.trim()), CLI_ACTOR, orderClock.now()).catch((error: unknown) => {
    throw error instanceof ApiError ? new Error(`${orderNo}: ${translateMessage("en", error.messageKey, error.values)}`) : error;
  });
  return `${order.order_no}: ${order.status}`;
}
