import type { Transaction } from "kysely";
import type { Language } from "../../app/contracts/i18n/config";
import type { BillableItem, BillList } from "../../app/contracts/invoices/api-types";
import { openCents } from "../../app/contracts/invoices/amounts";
import type { Db } from "../db/database";
import type { DB } from "../db/schema";
import { iso } from "../db/column-values";

/**
 * What an exhibitor owes (issue 16, decision 018), as items keyed `order:<id>` (a service order's
 * total), `badge:<id>` (a paid badge's price) and `bill:<id>` (an organizer's bill), each with its
 * payment (on a live voucher: claimed; on a confirmed one: paid) and what live invoice applications
 * already take. Only the owner's own items are ever listed, so a key from elsewhere is unknown.
 */
export type Owner = { userId: number; exhibitionId: number };

const BADGE_TITLE = { zh: (name: string) => `展商证件 · ${name}`, en: (name: string) => `Exhibitor badge · ${name}` };

type ItemRow = Omit<BillableItem, "payment" | "invoicedCents" | "openCents">;

/** The owner's items, oldest first, titles in `language`. */
async function ownItems(db: Db, owner: Owner, language: Language): Promise<ItemRow[]> {
  const [orders, badges, bills] = await Promise.all([
    db
      .selectFrom("service_orders")
      .select(["id", "order_no", "booth_no", "total_cents", "created_at"])
      .where("user_id", "=", owner.userId)
      .where("exhibition_id", "=", owner.exhibitionId)
      .where("deleted_at", "is", null)
      .where("total_cents", ">", 0)
      .execute(),
    db
      .selectFrom("badges as g")
      .innerJoin("booths as b", "b.id", "g.booth_id")
      .select(["g.id", "g.holder_name", "b.booth_no", "g.price_cents", "g.created_at"])
      .where("g.user_id", "=", owner.userId)
      .where("g.exhibition_id", "=", owner.exhibitionId)
      .where("g.kind", "=", "paid")
      .where("g.deleted_at", "is", null)
      .where("g.status", "!=", "returned")
      .where("g.price_cents", ">", 0)
      .execute(),
    db
      .selectFrom("bills as l")
      .leftJoin("booths as b", "b.id", "l.booth_id")
      .select(["l.id", "l.title_zh", "l.title_en", "b.booth_no", "l.amount_cents", "l.created_at"])
      .where("l.user_id", "=", owner.userId)
      .where("l.exhibition_id", "=", owner.exhibitionId)
      .where("l.deleted_at", "is", null)
      .execute(),
  ]);
  const items: ItemRow[] = [
    ...orders.map((o) => ({
      key: `order:${o.id}`,
      kind: "order" as const,
      title: o.order_no,
      boothNo: o.booth_no,
      amountCents: Number(o.total_cents),
      createdAt: iso(o.created_at),
    })),
    ...badges.map((g) => ({
      key: `badge:${g.id}`,
      kind: "badge" as const,
      title: BADGE_TITLE[language](g.holder_name),
      boothNo: g.booth_no,
      amountCents: Number(g.price_cents),
      createdAt: iso(g.created_at),
    })),
    ...bills.map((l) => ({
      key: `bill:${l.id}`,
      kind: "bill" as const,
      title: language === "zh" ? l.title_zh : l.title_en,
      boothNo: l.booth_no ?? "",
      amountCents: Number(l.amount_cents),
      createdAt: iso(l.created_at),
    })),
  ];
  return items.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.key.localeCompare(b.key));
}

/** Per key: its live voucher's state, and what live applications take. */
async function coverageOf(db: Db, keys: string[]) {
  const payment = new Map<string, "claimed" | "paid">();
  const invoiced = new Map<string, number>();
  if (!keys.length) return { payment, invoiced };
  const [vouchers, applications] = await Promise.all([
    db
      .selectFrom("payment_voucher_items as i")
      .innerJoin("payment_vouchers as v", "v.id", "i.voucher_id")
      .select(["i.item_key", "v.status"])
      .where("i.active", "=", true)
      .where("i.item_key", "in", keys)
      .execute(),
    db
      .selectFrom("invoice_application_items")
      .select(["item_key", (eb) => eb.fn.sum<string | number>("amount_cents").as("cents")])
      .where("active", "=", true)
      .where("item_key", "in", keys)
      .groupBy("item_key")
      .execute(),
  ]);
  for (const v of vouchers) payment.set(v.item_key, v.status === "confirmed" ? "paid" : "claimed");
  for (const a of applications) invoiced.set(a.item_key, Number(a.cents));
  return { payment, invoiced };
}

/** Every item the owner owes, with its payment and what can still be invoiced, and the totals. */
export async function billableItems(db: Db, owner: Owner, language: Language): Promise<BillList> {
  const rows = await ownItems(db, owner, language);
  const { payment, invoiced } = await coverageOf(
    db,
    rows.map((r) => r.key),
  );
  const items = rows.map((row): BillableItem => {
    const state = payment.get(row.key) ?? "unpaid";
    const invoicedCents = invoiced.get(row.key) ?? 0;
    return { ...row, payment: state, invoicedCents, openCents: openCents({ key: row.key, paidCents: state === "paid" ? row.amountCents : 0, invoicedCents }) };
  });
  const sum = (pick: (item: BillableItem) => number) => items.reduce((total, item) => total + pick(item), 0);
  return {
    items,
    totals: {
      amountCents: sum((i) => i.amountCents),
      paidCents: sum((i) => (i.payment === "paid" ? i.amountCents : 0)),
      unpaidCents: sum((i) => (i.payment === "paid" ? 0 : i.amountCents)),
      openCents: sum((i) => i.openCents),
    },
  };
}

/**
 * Locks the owner's money writes (vouchers and applications) until the transaction ends: two
 * requests at once for the same items are taken one after the other, so the second sees the first.
 */
export async function lockOwner(trx: Transaction<DB>, owner: Owner) {
  await trx.selectFrom("users").select("id").where("id", "=", owner.userId).forUpdate().executeTakeFirst();
}
