import type { Insertable, Transaction } from "kysely";
import type { DB } from "../db/schema";

type VoucherRow = Insertable<DB["payment_vouchers"]>;

/** A new payment voucher: its row's values, its proofs of payment (stored files, in order) and the items it pays. */
type NewVoucher = Omit<VoucherRow, "created_at" | "updated_at"> & {
  fileIds: string[];
  items: { key: string; amountCents: number }[];
};

/**
 * Writes a payment voucher with its files and items, as both ways of making one do: the voucher
 * page (the exhibitor's files and picked items, server/invoices/vouchers.ts) and an order's payment
 * proof (its voucher file and the order's item, server/orders/order-actions.ts). Inside the caller's
 * transaction, under its money lock. Answers the voucher's id.
 */
export async function insertVoucher(trx: Transaction<DB>, { fileIds, items, ...row }: NewVoucher, now: Date): Promise<number> {
  const voucher = await trx
    .insertInto("payment_vouchers")
    .values({ ...row, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("payment_voucher_files")
    .values(fileIds.map((file_id, sort) => ({ voucher_id: voucher.id, sort, file_id })))
    .execute();
  await trx
    .insertInto("payment_voucher_items")
    .values(items.map((item) => ({ voucher_id: voucher.id, item_key: item.key, amount_cents: item.amountCents })))
    .execute();
  return voucher.id;
}
