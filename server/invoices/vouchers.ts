import { countRows, pageRows } from "../db/paging";
import { containsPattern } from "../db/keyword-search";
import { sql, type Transaction } from "kysely";
import type { Deleted, FileRef, FinancePage, FinanceVoucher, PaymentVoucher, PaymentVoucherList } from "../../app/contracts/invoices/api-types";
import { VOUCHER_STATUSES, type VoucherInput } from "../../app/contracts/invoices/schema";
import type { Language } from "../../app/contracts/i18n/config";
import { formatMoney } from "../../app/contracts/common/format";
import { withProp } from "../../app/contracts/common/validation";
import { ApiCode, ApiError, notFound, fieldError } from "../api/envelope";
import type { Database, Db } from "../db/database";
import type { DB } from "../db/schema";
import { exhibitorNameIn, exhibitorNamesOf, knownByName } from "../exhibitor/names";
import { ordersAfterVoucherDecision } from "../orders/order-actions";
import { storedFileUrl } from "../uploads/files";
import { billableItems, lockOwner, type Owner } from "./billable";
import { iso } from "../db/column-values";
import { exhibitionDate } from "../../app/contracts/common/exhibition-time";
import { isUniqueViolation } from "../db/unique-violation";
import { ownUploads } from "../uploads/own-upload";
import { insertVoucher } from "./voucher-rows";

/**
 * Payment vouchers (spec /invoiceArea paymentVoucher, decision 018): the exhibitor's proof of a bank
 * transfer for one or more of its own billable items, 1 to 5 documents, checked by the organizer.
 * Every write holds the exhibitor's money lock (lockOwner), so two saves naming the same item are
 * taken one after the other and the second is told the item is taken; the partial unique index on
 * live item keys is the last word if anything slips past. The organizer (roleId 1, checked by the
 * route) confirms or returns them; what that does to service orders is server/orders/order-actions.ts.
 */
export type VoucherCaller = { userId: number; exhibitionId: number; label: string };

const VOUCHER_FOLDER = "payment-voucher";
/** An error shown at one field of the form. */

function selectVouchers(db: Db) {
  return db
    .selectFrom("payment_vouchers as v")
    .select([
      "v.id",
      "v.user_id",
      "v.source",
      "v.name",
      "v.product_type",
      "v.amount_cents",
      sql<string>`to_char(v.paid_on, 'YYYY-MM-DD')`.as("paid_on"),
      "v.payer_account_name",
      "v.status",
      "v.return_reason",
      "v.decided_at",
      "v.created_at",
      "v.version",
    ])
    .where("v.deleted_at", "is", null);
}
type VoucherRow = Awaited<ReturnType<ReturnType<typeof selectVouchers>["executeTakeFirstOrThrow"]>>;

/** Item titles in `language`, from each owner's billable items; an item gone since (a deleted bill) shows its key. */
async function itemTitles(db: Db, exhibitionId: number, userIds: number[], language: Language) {
  const titles = new Map<string, string>();
  const lists = await Promise.all([...new Set(userIds)].map((userId) => billableItems(db, { userId, exhibitionId }, language)));
  for (const list of lists) for (const item of list.items) titles.set(item.key, item.title);
  return titles;
}

/**
 * Vouchers of the exhibitor's own that back an order's claim: the order is waiting on them
 * (payment_claimed), so they are withdrawn through the order, not deleted here.
 */
async function backingClaims(db: Db, voucherIds: number[]) {
  if (!voucherIds.length) return new Set<number>();
  const rows = await db
    .selectFrom("payment_voucher_items as i")
    .innerJoin("service_orders as o", (join) => join.on(sql<boolean>`i.item_key = 'order:' || o.id`))
    .select("i.voucher_id")
    .where("i.voucher_id", "in", voucherIds)
    .where("i.active", "=", true)
    .where("o.status", "=", "payment_claimed")
    .execute();
  return new Set(rows.map((r) => r.voucher_id));
}

/** The answers' shape for rows read with selectVouchers: items with titles, documents as links. */
async function voucherViews(db: Db, exhibitionId: number, rows: VoucherRow[], language: Language): Promise<PaymentVoucher[]> {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return [];
  const [items, files, titles, claims] = await Promise.all([
    db.selectFrom("payment_voucher_items").select(["voucher_id", "item_key", "amount_cents"]).where("voucher_id", "in", ids).orderBy("item_key").execute(),
    db
      .selectFrom("payment_voucher_files as f")
      .innerJoin("stored_files as s", "s.id", "f.file_id")
      .select(["f.voucher_id", "s.id", "s.original_name"])
      .where("f.voucher_id", "in", ids)
      .orderBy("f.voucher_id")
      .orderBy("f.sort")
      .execute(),
    itemTitles(
      db,
      exhibitionId,
      rows.map((r) => r.user_id),
      language,
    ),
    backingClaims(db, ids),
  ]);
  return rows.map((row) => ({
    id: row.id,
    source: row.source,
    name: row.name,
    productType: row.product_type,
    amountCents: Number(row.amount_cents),
    paidOn: row.paid_on,
    payerAccountName: row.payer_account_name,
    items: items
      .filter((i) => i.voucher_id === row.id)
      .map((i) => ({ key: i.item_key, title: titles.get(i.item_key) ?? i.item_key, amountCents: Number(i.amount_cents) })),
    documents: files.filter((f) => f.voucher_id === row.id).map((f): FileRef => ({ url: storedFileUrl(f.id), name: f.original_name })),
    status: row.status,
    returnReason: row.return_reason,
    decidedAt: iso(row.decided_at),
    createdAt: iso(row.created_at)!,
    version: row.version,
    deletable: row.status === "submitted" && row.source === "voucher" && !claims.has(row.id),
  }));
}

/** The caller's vouchers, newest first (deleted ones leave the list). */
export async function listVouchers(db: Database, caller: VoucherCaller, language: Language): Promise<PaymentVoucherList> {
  const rows = await selectVouchers(db)
    .where("v.user_id", "=", caller.userId)
    .where("v.exhibition_id", "=", caller.exhibitionId)
    .orderBy("v.id", "desc")
    .execute();
  return { vouchers: await voucherViews(db, caller.exhibitionId, rows, language) };
}

async function ownVoucher(db: Db, caller: VoucherCaller, id: number, language: Language) {
  const row = await selectVouchers(db).where("v.id", "=", id).where("v.user_id", "=", caller.userId).executeTakeFirst();
  if (!row) throw notFound();
  return (await voucherViews(db, caller.exhibitionId, [row], language))[0]!;
}

/** The caller's own uploads into the voucher folder, in the order given; anything else is refused at the field. */
function voucherFileIds(db: Db, caller: VoucherCaller, urls: string[]) {
  return ownUploads(db, caller.userId, urls, {
    folder: VOUCHER_FOLDER,
    field: "documentUrls",
    message: "invoices.errors.documentInvalid",
    code: ApiCode.notFound,
  });
}

/**
 * The picked items, each the caller's own, unpaid and on no live voucher; their sum must be the
 * amount typed. Read under the money lock, so what it sees stays true until the insert.
 */
async function pickedItems(trx: Transaction<DB>, owner: Owner, keys: string[], amountCents: number, language: Language) {
  const { items } = await billableItems(trx, owner, language);
  const byKey = new Map(items.map((item) => [item.key, item]));
  const picked = keys.map((key) => byKey.get(key));
  // Someone else's key answers like one that does not exist.
  if (picked.some((item) => !item)) throw fieldError("invoices.errors.itemUnknown", "itemKeys", {}, ApiCode.notFound);
  for (const item of picked) {
    if (item!.payment === "paid") throw fieldError("invoices.errors.itemPaid", "itemKeys", {}, ApiCode.conflict);
    if (item!.payment === "claimed") throw fieldError("invoices.errors.itemOnVoucher", "itemKeys", {}, ApiCode.conflict);
  }
  const total = picked.reduce((sum, item) => sum + item!.amountCents, 0);
  if (total !== amountCents) throw fieldError("invoices.errors.amountMismatch", "amount", { amount: formatMoney(amountCents), total: formatMoney(total) });
  return picked.map((item) => item!);
}

export async function saveVoucher(db: Database, caller: VoucherCaller, input: VoucherInput, language: Language, now: Date): Promise<PaymentVoucher> {
  // A transfer is made on a day that has come, in exhibition time (UTC+8) whatever the server's zone.
  if (input.paidOn > exhibitionDate(now)) throw fieldError("invoices.errors.paidOnFuture", "paidOn");
  const fileIds = await voucherFileIds(db, caller, input.documentUrls);
  const owner = { userId: caller.userId, exhibitionId: caller.exhibitionId };
  const id = await db
    .transaction()
    .execute(async (trx) => {
      await lockOwner(trx, owner);
      const items = await pickedItems(trx, owner, [...new Set(input.itemKeys)], input.amount, language);
      const voucher = {
        exhibition_id: caller.exhibitionId,
        user_id: caller.userId,
        name: input.name,
        product_type: input.productType,
        amount_cents: input.amount,
        paid_on: input.paidOn,
        payer_account_name: input.payerAccountName,
      };
      return insertVoucher(trx, { ...voucher, fileIds, items }, now);
    })
    .catch((error: unknown) => {
      // The index on live item keys decided a race the lock did not see (an order's claim, say).
      if (isUniqueViolation(error)) throw fieldError("invoices.errors.itemOnVoucher", "itemKeys", {}, ApiCode.conflict);
      throw error;
    });
  return ownVoucher(db, caller, id, language);
}

/**
 * The exhibitor withdraws a voucher the organizer has not decided yet, at the version read: soft
 * delete, its items free again. An order's voucher is the order's step and is not withdrawn here.
 */
export async function deleteVoucher(db: Database, caller: VoucherCaller, input: { id: number; version?: number }, now: Date): Promise<Deleted> {
  await db.transaction().execute(async (trx) => {
    await lockOwner(trx, { userId: caller.userId, exhibitionId: caller.exhibitionId });
    const row = await trx
      .selectFrom("payment_vouchers")
      .select(["id", "source", "status", "version"])
      .where("id", "=", input.id)
      .where("user_id", "=", caller.userId)
      .where("exhibition_id", "=", caller.exhibitionId)
      .where("deleted_at", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.source === "order" || (await backingClaims(trx, [row.id])).size) throw new ApiError(ApiCode.conflict, "invoices.errors.orderVoucher");
    if (row.status !== "submitted") throw new ApiError(ApiCode.conflict, "invoices.errors.decided");
    if (input.version !== undefined && input.version !== row.version) throw new ApiError(ApiCode.conflict, "invoices.errors.stale");
    await trx
      .updateTable("payment_vouchers")
      .set({ deleted_at: now, updated_at: now, version: row.version + 1 })
      .where("id", "=", row.id)
      .execute();
    await trx.updateTable("payment_voucher_items").set({ active: false }).where("voucher_id", "=", row.id).execute();
  });
  return { id: input.id, deleted: true };
}

// The organizer's side.

export type FinanceQuery = { status?: string; keyword?: string; page: number; pageSize: number };
type VoucherStatusValue = (typeof VOUCHER_STATUSES)[number];

/** The keyword matches the voucher's name, its payer or any name the exhibitor is known by. */
function reviewQuery(db: Database, exhibitionId: number, query: Omit<FinanceQuery, "page" | "pageSize">) {
  let rows = selectVouchers(db)
    .innerJoin("users as u", "u.id", "v.user_id")
    .leftJoin("exhibitor_profiles as p", (join) => join.onRef("p.user_id", "=", "v.user_id").on("p.exhibition_id", "=", exhibitionId))
    .where("v.exhibition_id", "=", exhibitionId);
  if (query.status) rows = rows.where("v.status", "=", query.status as VoucherStatusValue);
  if (query.keyword) {
    const like = containsPattern(query.keyword);
    rows = rows.where((eb) => eb.or([eb("v.name", "ilike", like), eb("v.payer_account_name", "ilike", like), knownByName(like)]));
  }
  return rows;
}

async function financeViews(db: Database, exhibitionId: number, rows: VoucherRow[], language: Language): Promise<FinanceVoucher[]> {
  const [views, names] = await Promise.all([
    voucherViews(db, exhibitionId, rows, language),
    exhibitorNamesOf(
      db,
      exhibitionId,
      rows.map((r) => r.user_id),
    ),
  ]);
  return views.map((view, i) => ({ ...view, userId: rows[i]!.user_id, exhibitorName: exhibitorNameIn(names.get(rows[i]!.user_id), language) }));
}

/** The exhibition's vouchers: waiting for a decision first, then the newest. */
export async function reviewVouchers(db: Database, caller: VoucherCaller, query: FinanceQuery, language: Language): Promise<FinancePage<FinanceVoucher>> {
  if (query.status && !(VOUCHER_STATUSES as readonly string[]).includes(query.status))
    throw fieldError(withProp("validation.correct", "invoices.fields.status"), "status");
  const matching = reviewQuery(db, caller.exhibitionId, query);
  const [total, rows] = await Promise.all([
    countRows(matching),
    pageRows(matching.orderBy(sql`case when v.status = 'submitted' then 0 else 1 end`).orderBy("v.id", "desc"), query.page, query.pageSize),
  ]);
  return { rows: await financeViews(db, caller.exhibitionId, rows, language), total, page: query.page, pageSize: query.pageSize };
}

export type VoucherDecision = { id: number; decision: "confirm" | "return"; reason?: string; version?: number };

/**
 * Confirm (the money arrived: the items are paid, and the orders waiting on it complete) or return
 * with a reason (the items are free again, and its orders go back a step), in one transaction. Only
 * a submitted voucher, at the version the organizer saw; of two organizers at once one wins and
 * the other is told it is decided.
 */
export async function decideVoucher(db: Database, caller: VoucherCaller, input: VoucherDecision, language: Language, now: Date): Promise<FinanceVoucher> {
  const target = await db
    .selectFrom("payment_vouchers")
    .select(["id", "user_id"])
    .where("id", "=", input.id)
    .where("exhibition_id", "=", caller.exhibitionId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!target) throw notFound();
  const confirm = input.decision === "confirm";
  await db.transaction().execute(async (trx) => {
    // The exhibitor's money lock first, as every voucher and order write takes it.
    await lockOwner(trx, { userId: target.user_id, exhibitionId: caller.exhibitionId });
    const row = await trx
      .selectFrom("payment_vouchers")
      .select(["status", "version"])
      .where("id", "=", target.id)
      .where("deleted_at", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.status !== "submitted") throw new ApiError(ApiCode.conflict, "invoices.errors.decided");
    if (input.version !== undefined && input.version !== row.version) throw new ApiError(ApiCode.conflict, "invoices.errors.stale");
    const decided = await trx
      .updateTable("payment_vouchers")
      .set({
        status: confirm ? "confirmed" : "returned",
        return_reason: confirm ? null : (input.reason ?? null),
        decided_at: now,
        decided_by: caller.userId,
        version: row.version + 1,
        updated_at: now,
      })
      .where("id", "=", target.id)
      .where("status", "=", "submitted")
      .where("version", "=", row.version)
      .executeTakeFirst();
    if (Number(decided.numUpdatedRows) !== 1) throw new ApiError(ApiCode.conflict, "invoices.errors.decided");
    if (!confirm) await trx.updateTable("payment_voucher_items").set({ active: false }).where("voucher_id", "=", target.id).execute();
    await ordersAfterVoucherDecision(trx, target.id, { decision: input.decision, reason: input.reason }, { id: caller.userId, label: caller.label }, now);
  });
  const row = await selectVouchers(db).where("v.id", "=", target.id).executeTakeFirstOrThrow();
  return (await financeViews(db, caller.exhibitionId, [row], language))[0]!;
}
