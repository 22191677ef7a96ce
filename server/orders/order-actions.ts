import type { Transaction, Updateable } from "kysely";
import type { ContractorInput } from "../../app/contracts/orders/schema";
import type { Language } from "../../app/contracts/i18n/config";
import { translateMessage } from "../../app/contracts/i18n/translate.server";
import { ApiCode, ApiError } from "../api/envelope";
import type { Database } from "../db/database";
import type { DB, ServiceOrderTable } from "../db/schema";
import type { ObjectStore } from "../uploads/object-store";
import { insertStagedFile } from "../uploads/staged-files";
import { stageGeneratedContract, stageStampedContract } from "./contract-files";
import { nextStatus, OrderStateError, type OrderAction, type OrderStep } from "./order-state";
import type { OrderRow } from "../db/schema";
import { findOrderInExhibition, requireOwnedFile, type Actor } from "./orders";
import { appClock } from "../clock";
import { lockOwner } from "../invoices/billable";
import { insertVoucher } from "../invoices/voucher-rows";
import { exhibitionDate } from "../../app/contracts/common/exhibition-time";

/**
 * Every change of an order after its commit: checked against the transition table on the row as
 * read, written only if its `version` is still the one read (else read and checked again), with
 * its audit event in the same transaction. The payment claim is a payment voucher (decision 018):
 * claiming writes it, completing confirms it, and the voucher's review moves the order on or back.
 */

const WRITE_ATTEMPTS = 20;

type Change = {
  set: Omit<Updateable<ServiceOrderTable>, "version" | "status">;
  details?: Record<string, unknown>;
  /**
   * Locks taken before the order's row: the exhibitor's money lock, which the voucher's save and
   * review take first too, so no two of them wait on each other in opposite orders.
   */
  lockFirst?: (trx: Transaction<DB>) => Promise<void>;
  /** More rows that belong to the change (a stored file it makes current), in its transaction. */
  alsoWrite?: (trx: Transaction<DB>) => Promise<void>;
  /** Undoes what the plan did outside the database, when this attempt's write did not happen. */
  discard?: () => Promise<void>;
};

/** The status after `action`, or the 409 that explains why the order's status refuses it. */
function statusAfter(row: OrderRow, action: OrderAction) {
  try {
    return nextStatus(row.status, action);
  } catch (error) {
    if (error instanceof OrderStateError) throw new ApiError(ApiCode.conflict, error.messageKey, {}, { status: row.status });
    throw error;
  }
}

async function applyAction(
  db: Database,
  load: () => Promise<OrderRow>,
  actor: Actor,
  action: OrderAction,
  plan: (row: OrderRow) => Change | Promise<Change>,
  now: Date,
) {
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const row = await load();
    const status = statusAfter(row, action);
    const change = await plan(row);
    const written = await writeChange(db, row, status, actor, action, change, now).catch(async (error: unknown) => {
      await change.discard?.();
      throw error;
    });
    if (written) return written;
    await change.discard?.();
    // Someone wrote in between: back off a random while so racing writers spread out.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
  }
  throw new ApiError(ApiCode.conflict, "orders.errors.busy");
}

async function writeChange(db: Database, row: OrderRow, status: OrderRow["status"], actor: Actor, action: OrderAction, change: Change, now: Date) {
  return db.transaction().execute(async (trx) => {
    await change.lockFirst?.(trx);
    const updated = await writeStep(trx, row, status, actor, action, change, now);
    if (!updated) return undefined;
    await change.alsoWrite?.(trx);
    return updated;
  });
}

/** The order's row at the version read, and its event; undefined when someone wrote in between. */
async function writeStep(
  trx: Transaction<DB>,
  row: OrderRow,
  status: OrderRow["status"],
  actor: Actor,
  action: OrderStep,
  change: Pick<Change, "set" | "details">,
  now: Date,
) {
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
      created_at: now,
    })
    .execute();
  return updated;
}

export type OrderLoader = () => Promise<OrderRow>;

export async function updateContractor(db: Database, load: OrderLoader, actor: Actor, input: ContractorInput, now: Date) {
  return applyAction(
    db,
    load,
    actor,
    "updateContractor",
    (row) => ({
      set: {
        contractor_company: input.contractorCompany ?? null,
        contractor_contact: input.contractorContact ?? null,
        contractor_phone: input.contractorPhone ?? null,
      },
      details: { before: { company: row.contractor_company, contact: row.contractor_contact, phone: row.contractor_phone } },
    }),
    now,
  );
}

/**
 * A new version of the contract PDF, rendered in the caller's language, becomes the current one;
 * the earlier versions' files stay (owned by the exhibitor) and are named in the events.
 */
export async function regenerateContract(db: Database, store: ObjectStore, load: OrderLoader, actor: Actor, language: Language, now: Date) {
  return applyAction(
    db,
    load,
    actor,
    "regenerateContract",
    async (row) => {
      const contractVersion = row.contract_version + 1;
      const staged = await stageGeneratedContract(db, store, row, contractVersion, language, now);
      return {
        set: { contract_version: contractVersion, contract_pdf_url: staged.url },
        details: { contractVersion, language, contractPdfUrl: staged.url, previousContractPdfUrl: row.contract_pdf_url },
        alsoWrite: (trx) => insertStagedFile(trx, staged),
        discard: staged.discard,
      };
    },
    now,
  );
}

/** Soft delete: the order leaves the lists but keeps its audit trail and its idempotency key. */
export async function deleteOrder(db: Database, load: OrderLoader, actor: Actor, now: Date) {
  return applyAction(db, load, actor, "delete", () => ({ set: { deleted_at: now } }), now);
}

/**
 * The stamped contract (one or more of the caller's images or PDFs) after the rules were ticked:
 * combined into one PDF that replaces the generated contract as the order's contract_pdf_url, in
 * the same transaction as the status change. The originals stay in contract_urls. If they cannot
 * be combined, nothing changes.
 */
export async function uploadContract(db: Database, store: ObjectStore, load: OrderLoader, actor: Actor & { id: number }, contractUrls: string[], now: Date) {
  for (const url of contractUrls) await requireOwnedFile(db, actor.id, url);
  // Refused before the (costly) merge when the order is already past this step.
  const order = await load();
  statusAfter(order, "uploadContract");
  const stamped = await stageStampedContract(db, store, order, contractUrls, now);
  try {
    return await applyAction(
      db,
      load,
      actor,
      "uploadContract",
      (row) => ({
        set: { contract_urls: JSON.stringify(contractUrls), contract_pdf_url: stamped.url, rules_accepted_at: now, contract_uploaded_at: now },
        details: { contractUrls, contractPdfUrl: stamped.url, generatedContractPdfUrl: row.contract_pdf_url },
        alsoWrite: (trx) => insertStagedFile(trx, stamped),
      }),
      now,
    );
  } catch (error) {
    // Only one attempt's transaction can have written the file's row, and it did not commit.
    await stamped.discard();
    throw error;
  }
}

const ownerOf = (row: OrderRow) => ({ userId: row.user_id, exhibitionId: row.exhibition_id });

/**
 * The exhibitor's proof of payment: besides the order's step, a payment voucher for `order:<id>`
 * (the file, the order's total) in the same transaction, which the organizer then confirms. An
 * order of 0 owes nothing and gets none. `voucher_url` stays for the order page's link.
 */
export async function claimPayment(db: Database, load: OrderLoader, actor: Actor & { id: number }, voucherUrl: string, now: Date) {
  await requireOwnedFile(db, actor.id, voucherUrl);
  return applyAction(
    db,
    load,
    actor,
    "claimPayment",
    (row) => ({
      set: { voucher_url: voucherUrl, payment_claimed_at: now },
      details: { voucherUrl },
      lockFirst: (trx) => lockOwner(trx, ownerOf(row)),
      alsoWrite: (trx) => insertOrderVoucher(trx, row, voucherUrl, now),
    }),
    now,
  );
}

async function insertOrderVoucher(trx: Transaction<DB>, row: OrderRow, voucherUrl: string, now: Date) {
  const cents = Number(row.total_cents);
  if (cents <= 0) return;
  const itemKey = `order:${row.id}`;
  // Already on a voucher from the voucher page (before this claim): that one stands for the payment.
  const live = await trx.selectFrom("payment_voucher_items").select("voucher_id").where("item_key", "=", itemKey).where("active", "=", true).executeTakeFirst();
  if (live) return;
  const user = await trx.selectFrom("users").select(["username", "business_name", "business_name_en"]).where("id", "=", row.user_id).executeTakeFirstOrThrow();
  await insertVoucher(
    trx,
    {
      exhibition_id: row.exhibition_id,
      user_id: row.user_id,
      source: "order",
      name: row.order_no,
      product_type: "service",
      amount_cents: cents,
      paid_on: exhibitionDate(now),
      payer_account_name: user.business_name?.trim() || user.business_name_en?.trim() || user.username,
      fileIds: [voucherUrl.slice("/files/".length)],
      items: [{ key: itemKey, amountCents: cents }],
    },
    now,
  );
}

/**
 * The organizer's confirmation that the money arrived (roleId 1 page or the ops CLI): confirms the
 * order's live voucher too, so the voucher list and the order agree. An order of 0 has none.
 */
export async function completeOrder(db: Database, load: OrderLoader, actor: Actor, now: Date) {
  return applyAction(
    db,
    load,
    actor,
    "complete",
    (row) => ({
      set: { completed_at: now, completed_by: actor.id },
      lockFirst: (trx) => lockOwner(trx, ownerOf(row)),
      alsoWrite: (trx) => confirmOrderVoucher(trx, row, actor, now),
    }),
    now,
  );
}

async function confirmOrderVoucher(trx: Transaction<DB>, row: OrderRow, actor: Actor, now: Date) {
  const live = await trx
    .selectFrom("payment_voucher_items as i")
    .innerJoin("payment_vouchers as v", "v.id", "i.voucher_id")
    .select(["v.id", "v.status", "v.version"])
    .where("i.item_key", "=", `order:${row.id}`)
    .where("i.active", "=", true)
    .executeTakeFirst();
  if (live?.status !== "submitted") return;
  await trx
    .updateTable("payment_vouchers")
    .set({ status: "confirmed", decided_at: now, decided_by: actor.id, version: live.version + 1, updated_at: now })
    .where("id", "=", live.id)
    .where("status", "=", "submitted")
    .execute();
  // Any other order the same voucher paid for is complete as well.
  await ordersAfterVoucherDecision(trx, live.id, { decision: "confirm" }, actor, now);
}

/** The claimed orders (payment_claimed) a voucher names, locked for their step. */
async function claimedOrdersOn(trx: Transaction<DB>, voucherId: number) {
  const items = await trx
    .selectFrom("payment_voucher_items")
    .select("item_key")
    .where("voucher_id", "=", voucherId)
    .where("item_key", "like", "order:%")
    .execute();
  const ids = items.map((item) => Number(item.item_key.slice("order:".length)));
  if (!ids.length) return [];
  return trx
    .selectFrom("service_orders")
    .selectAll()
    .where("id", "in", ids)
    .where("status", "=", "payment_claimed")
    .where("deleted_at", "is", null)
    .orderBy("id")
    .forUpdate()
    .execute();
}

/**
 * What the organizer's decision on a voucher does to the orders it pays for, in the decision's
 * transaction (the caller holds the exhibitor's money lock): confirmed completes them; returned
 * puts them back to contract_uploaded, so the exhibitor can attach a new voucher. Both are steps
 * of the order's own table, with their events in its history.
 */
export async function ordersAfterVoucherDecision(
  trx: Transaction<DB>,
  voucherId: number,
  decision: { decision: "confirm" | "return"; reason?: string },
  actor: Actor,
  now: Date,
) {
  for (const row of await claimedOrdersOn(trx, voucherId)) {
    const step = decision.decision === "confirm" ? "complete" : "returnPayment";
    const change =
      step === "complete"
        ? { set: { completed_at: now, completed_by: actor.id }, details: { voucherId } }
        : // The returned file is no longer the order's voucher; the event keeps it.
          { set: { voucher_url: null, payment_claimed_at: null }, details: { voucherId, reason: decision.reason ?? null, voucherUrl: row.voucher_url } };
    // The row is locked, so its version is the one read.
    const written = await writeStep(trx, row, nextStatus(row.status, step), actor, step, change, now);
    if (!written) throw new ApiError(ApiCode.conflict, "orders.errors.busy");
  }
}

const CLI_ACTOR: Actor = { id: null, label: "ops-cli" };

/** `cli complete-order <orderNo>`: the organizer's staff confirm the payment from the shell. */
export async function completeOrderCommand(db: Database, args: string[]) {
  const [orderNo] = args;
  if (!orderNo) throw new Error("Usage: cli.js complete-order <orderNo>");
  const order = await completeOrder(db, () => findOrderInExhibition(db, null, orderNo.trim()), CLI_ACTOR, appClock.now()).catch((error: unknown) => {
    throw error instanceof ApiError ? new Error(`${orderNo}: ${translateMessage("en", error.messageKey, error.values)}`) : error;
  });
  return `${order.order_no}: ${order.status}`;
}
