import { containsPattern } from "../db/keyword-search";
import { sql, type Transaction } from "kysely";
import type {
  BillableItem,
  BillingBaseInfo,
  BillList,
  InvoiceApplication,
  InvoiceApplicationDetail,
  InvoiceQrState,
} from "../../app/contracts/invoices/api-types";
import { applicationAmount } from "../../app/contracts/invoices/amounts";
import type { ApplicationInput, applicationUpdateSchema } from "../../app/contracts/invoices/schema";
import type { Language } from "../../app/contracts/i18n/config";
import { formatMoney } from "../../app/contracts/common/format";
import type { z } from "zod";
import { ApiCode, ApiError, fieldError, notFound } from "../api/envelope";
import { appClock } from "../clock";
import type { Database, Db } from "../db/database";
import type { DB } from "../db/schema";
import { billableItems, lockOwner, type Owner } from "./billable";
import { qrLinkOf } from "./qr-token";
import { iso } from "../db/column-values";

/**
 * The exhibitor's invoice applications (issue 16, decision 018): what is paid and not yet invoiced,
 * applications over whole items, changes until the invoice is issued. Every write takes the
 * exhibitor's lock and recomputes what is open in the same transaction, so two applications at once
 * cannot both take an item. Another exhibitor's application answers like an unknown one (404).
 */
export type Caller = Owner & { roleId: number; label: string };
type UpdateInput = z.output<typeof applicationUpdateSchema>;

const error = (code: number, key: string, values: Record<string, unknown> = {}, field?: string) =>
  field ? fieldError(`invoices.errors.${key}`, field, values, code) : new ApiError(code, `invoices.errors.${key}`, values);
export const staleError = () => error(ApiCode.conflict, "stale");
export const issuedError = () => error(ApiCode.conflict, "issued");

/** Applications with their invoice date as the day it is (a `date` column, never shifted by a time zone). */
export function selectApplications(db: Db) {
  return db.selectFrom("invoice_applications as a").selectAll("a").select(sql<string | null>`to_char(a.invoice_date, 'YYYY-MM-DD')`.as("invoice_day"));
}
export type ApplicationRow = Awaited<ReturnType<ReturnType<typeof selectApplications>["executeTakeFirstOrThrow"]>>;
type ItemView = InvoiceApplication["items"][number];

/** Titles of item keys as the bill list names them (billable.ts), read by id so any owner's rows can be shown. */
async function itemTitles(db: Db, keys: string[], language: Language): Promise<Map<string, string>> {
  const idsOf = (kind: string) => keys.filter((k) => k.startsWith(`${kind}:`)).map((k) => Number(k.slice(kind.length + 1)));
  const [orderIds, badgeIds, billIds] = [idsOf("order"), idsOf("badge"), idsOf("bill")];
  const [orders, badges, bills] = await Promise.all([
    orderIds.length ? db.selectFrom("service_orders").select(["id", "order_no"]).where("id", "in", orderIds).execute() : [],
    badgeIds.length ? db.selectFrom("badges").select(["id", "holder_name"]).where("id", "in", badgeIds).execute() : [],
    billIds.length ? db.selectFrom("bills").select(["id", "title_zh", "title_en"]).where("id", "in", billIds).execute() : [],
  ]);
  const titles = new Map<string, string>();
  for (const o of orders) titles.set(`order:${o.id}`, o.order_no);
  for (const g of badges) titles.set(`badge:${g.id}`, language === "zh" ? `展商证件 · ${g.holder_name}` : `Exhibitor badge · ${g.holder_name}`);
  for (const l of bills) titles.set(`bill:${l.id}`, language === "zh" ? l.title_zh : l.title_en);
  return titles;
}

/** Each application's items with their titles, in key order. */
async function itemsOf(db: Db, applicationIds: number[], language: Language): Promise<Map<number, ItemView[]>> {
  const byApplication = new Map<number, ItemView[]>();
  if (!applicationIds.length) return byApplication;
  const rows = await db
    .selectFrom("invoice_application_items")
    .select(["application_id", "item_key", "amount_cents"])
    .where("application_id", "in", applicationIds)
    .orderBy("application_id")
    .orderBy("item_key")
    .execute();
  const titles = await itemTitles(db, [...new Set(rows.map((r) => r.item_key))], language);
  for (const r of rows) {
    const list = byApplication.get(r.application_id) ?? [];
    list.push({ key: r.item_key, title: titles.get(r.item_key) ?? r.item_key, amountCents: Number(r.amount_cents) });
    byApplication.set(r.application_id, list);
  }
  return byApplication;
}

/** The billing details an application holds: what "use earlier details" offers again, and the start of the application's own view. */
function baseInfo(row: ApplicationRow): BillingBaseInfo {
  return {
    id: row.id,
    invoiceType: row.invoice_type,
    title: row.title,
    taxpayerId: row.taxpayer_id,
    addressPhone: row.address_phone,
    bankAccount: row.bank_account,
    receivingEmail: row.receiving_email,
  };
}

function toApplication(row: ApplicationRow, items: ItemView[]): InvoiceApplication {
  return {
    ...baseInfo(row),
    urgent: row.urgent,
    urgentReason: row.urgent_reason,
    amountCents: Number(row.amount_cents),
    items,
    status: row.status,
    detailsBy: row.details_by,
    invoiceNo: row.invoice_no,
    invoiceDate: row.invoice_day,
    hasPdf: row.pdf_file_id !== null,
    returnReason: row.return_reason,
    issuedAt: iso(row.issued_at),
    createdAt: iso(row.created_at)!,
    version: row.version,
  };
}

/** Rows as the API answers them, items and all. */
export async function applicationsOf(db: Db, rows: ApplicationRow[], language: Language): Promise<InvoiceApplication[]> {
  const items = await itemsOf(
    db,
    rows.map((r) => r.id),
    language,
  );
  return rows.map((row) => toApplication(row, items.get(row.id) ?? []));
}

const ownApplications = (db: Db, caller: Owner) =>
  selectApplications(db).where("a.user_id", "=", caller.userId).where("a.exhibition_id", "=", caller.exhibitionId);

async function ownRow(db: Db, caller: Owner, id: number) {
  const row = await ownApplications(db, caller).where("a.id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** GET /smeb/invoice/openList: only what is paid and not yet invoiced, with totals over those. */
export async function openList(db: Database, caller: Owner, language: Language): Promise<BillList> {
  const all = await billableItems(db, caller, language);
  const items = all.items.filter((item) => item.openCents > 0);
  const sum = (pick: (item: BillableItem) => number) => items.reduce((total, item) => total + pick(item), 0);
  return {
    items,
    totals: { amountCents: sum((i) => i.amountCents), paidCents: sum((i) => i.amountCents), unpaidCents: 0, openCents: sum((i) => i.openCents) },
  };
}

export async function listApplications(db: Database, caller: Owner, language: Language): Promise<InvoiceApplication[]> {
  return applicationsOf(db, await ownApplications(db, caller).orderBy("a.id", "desc").execute(), language);
}

async function applicationOf(db: Db, caller: Owner, id: number, language: Language) {
  const [application] = await applicationsOf(db, [await ownRow(db, caller, id)], language);
  return application!;
}

/** An application's QR link state, with a fresh link at its link version unless issued or revoked (qr-links.ts changes it). */
export const qrLinkOfRow = (row: ApplicationRow, sessionSecrets: readonly string[]): InvoiceQrState =>
  qrLinkOf({ id: row.id, status: row.status, linkVersion: row.qr_link_version, revoked: row.qr_link_revoked_at !== null }, appClock.now(), sessionSecrets);

/** One own application, with its QR page link unless the invoice is issued (the page would refuse it anyway) or the link is revoked. */
export async function applicationDetail(
  db: Database,
  caller: Owner,
  id: number,
  language: Language,
  sessionSecrets: readonly string[],
): Promise<InvoiceApplicationDetail> {
  const row = await ownRow(db, caller, id);
  const [application] = await applicationsOf(db, [row], language);
  return { ...application!, ...qrLinkOfRow(row, sessionSecrets) };
}

/**
 * The picked items, each for all that is still open, under the caller's lock: a key that is not the
 * caller's is unknown, one with nothing open (unpaid, or taken by another live application) is refused.
 */
async function pickOpenItems(trx: Transaction<DB>, caller: Owner, itemKeys: string[], language: Language) {
  const list = await billableItems(trx, caller, language);
  const byKey = new Map(list.items.map((item) => [item.key, item]));
  const keys = [...new Set(itemKeys)];
  for (const key of keys) {
    const item = byKey.get(key);
    if (!item) throw error(ApiCode.badRequest, "itemUnknown", {}, "itemKeys");
    if (item.openCents <= 0) throw error(ApiCode.badRequest, "itemNotOpen", { open: formatMoney(item.openCents) }, "itemKeys");
  }
  const picked = keys.map((key) => ({ key, cents: byKey.get(key)!.openCents }));
  const invoiceable = list.items.map((i) => ({ key: i.key, paidCents: i.payment === "paid" ? i.amountCents : 0, invoicedCents: i.invoicedCents }));
  const amount = applicationAmount(picked, invoiceable);
  if (!amount.ok) throw error(ApiCode.badRequest, "itemNotOpen", { open: formatMoney(byKey.get(amount.problem.key)?.openCents ?? 0) }, "itemKeys");
  return { picked, totalCents: amount.totalCents };
}

/** The billing details' columns, as the exhibitor's form or the QR page gives them. */
export const detailColumns = (input: Pick<ApplicationInput, "invoiceType" | "title" | "taxpayerId" | "addressPhone" | "bankAccount" | "receivingEmail">) => ({
  invoice_type: input.invoiceType,
  title: input.title,
  taxpayer_id: input.taxpayerId,
  address_phone: input.addressPhone ?? "",
  bank_account: input.bankAccount ?? "",
  receiving_email: input.receivingEmail,
});

const billingColumns = (input: ApplicationInput) => ({
  ...detailColumns(input),
  urgent: input.urgent,
  urgent_reason: input.urgent ? (input.urgentReason ?? null) : null,
});

/** POST /smeb/invoice/save: a new application over whole open items. */
export async function saveApplication(db: Database, caller: Owner, input: ApplicationInput, language: Language): Promise<InvoiceApplication> {
  const id = await db.transaction().execute(async (trx) => {
    await lockOwner(trx, caller);
    const { picked, totalCents } = await pickOpenItems(trx, caller, input.itemKeys, language);
    const now = appClock.now();
    const { id } = await trx
      .insertInto("invoice_applications")
      .values({
        ...billingColumns(input),
        exhibition_id: caller.exhibitionId,
        user_id: caller.userId,
        amount_cents: totalCents,
        details_by: "exhibitor",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("invoice_application_items")
      .values(picked.map((p) => ({ application_id: id, item_key: p.key, amount_cents: p.cents })))
      .execute();
    return id;
  });
  return applicationOf(db, caller, id, language);
}

/**
 * POST /smeb/invoice/update: until issued, at the version read. Its own items are let go first, so
 * they count as open again, then the picked ones are taken afresh; a returned application is
 * submitted again.
 */
export async function updateApplication(db: Database, caller: Owner, input: UpdateInput, language: Language): Promise<InvoiceApplication> {
  await db.transaction().execute(async (trx) => {
    await lockOwner(trx, caller);
    const row = await ownApplications(trx, caller).where("a.id", "=", input.id).forUpdate().executeTakeFirst();
    if (!row) throw notFound();
    if (row.status === "issued") throw issuedError();
    if (row.version !== input.version) throw staleError();
    await trx.updateTable("invoice_application_items").set({ active: false }).where("application_id", "=", row.id).execute();
    const { picked, totalCents } = await pickOpenItems(trx, caller, input.itemKeys, language);
    for (const p of picked) {
      await trx
        .insertInto("invoice_application_items")
        .values({ application_id: row.id, item_key: p.key, amount_cents: p.cents })
        .onConflict((oc) => oc.columns(["application_id", "item_key"]).doUpdateSet({ amount_cents: p.cents, active: true }))
        .execute();
    }
    // Items no longer picked are not part of the application any more (its list shows what it is for).
    await trx.deleteFrom("invoice_application_items").where("application_id", "=", row.id).where("active", "=", false).execute();
    const updated = await trx
      .updateTable("invoice_applications")
      .set({
        ...billingColumns(input),
        amount_cents: totalCents,
        status: "submitted",
        return_reason: null,
        details_by: "exhibitor",
        version: row.version + 1,
        updated_at: appClock.now(),
      })
      .where("id", "=", row.id)
      .where("version", "=", row.version)
      .where("status", "!=", "issued")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw staleError();
  });
  return applicationOf(db, caller, input.id, language);
}

/** POST /smeb/invoice/urgent: a submitted application asks to be issued first, with a reason. */
export async function markUrgent(db: Database, caller: Owner, input: { id: number; urgentReason: string }, language: Language): Promise<InvoiceApplication> {
  const row = await ownRow(db, caller, input.id);
  if (row.status === "issued") throw issuedError();
  if (row.status !== "submitted") throw error(ApiCode.conflict, "notSubmitted");
  const updated = await db
    .updateTable("invoice_applications")
    .set({ urgent: true, urgent_reason: input.urgentReason, version: row.version + 1, updated_at: appClock.now() })
    .where("id", "=", row.id)
    .where("status", "=", "submitted")
    .where("version", "=", row.version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw staleError();
  return applicationOf(db, caller, row.id, language);
}

const BASE_INFO_MAX = 5;

/** GET /smeb/invoice/baseInfoByName: the caller's own earlier billing details whose title contains the text. */
export async function baseInfoByName(db: Database, caller: Owner, title: string): Promise<BillingBaseInfo[]> {
  const like = containsPattern(title);
  // Newest first, so the first of each title and taxpayer ID is the latest details used with them.
  const rows = await ownApplications(db, caller).where("a.title", "ilike", like).orderBy("a.id", "desc").limit(200).execute();
  const seen = new Set<string>();
  const found: BillingBaseInfo[] = [];
  for (const row of rows) {
    const key = `${row.title}\u0000${row.taxpayer_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(baseInfo(row));
    if (found.length === BASE_INFO_MAX) break;
  }
  return found;
}

/** GET /smeb/invoice/baseInfoByLogId: one own application's billing details. */
export async function baseInfoByLogId(db: Database, caller: Owner, id: number): Promise<BillingBaseInfo> {
  return baseInfo(await ownRow(db, caller, id));
}

/** The stored PDF of an issued invoice: its owner's, or any of the exhibition's for the organizer. */
export async function invoicePdfOf(db: Database, caller: Caller, id: number, organizer: boolean) {
  let query = selectApplications(db).where("a.id", "=", id).where("a.exhibition_id", "=", caller.exhibitionId);
  if (!organizer) query = query.where("a.user_id", "=", caller.userId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  if (!row.pdf_file_id || row.status !== "issued") throw error(ApiCode.notFound, "noPdf");
  return { fileId: row.pdf_file_id, invoiceNo: row.invoice_no ?? String(row.id) };
}
