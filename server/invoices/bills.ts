import { anyContains } from "../db/keyword-search";
import type { Bill, Deleted } from "../../app/contracts/invoices/api-types";
import type { BILL_KINDS } from "../../app/contracts/invoices/schema";
import type { Language } from "../../app/contracts/i18n/config";
import { ApiCode, ApiError, notFound, fieldError } from "../api/envelope";
import { exhibitorNameIn, exhibitorNamesOf } from "../exhibitor/names";
import type { Database } from "../db/database";
import { lockOwner } from "./billable";
import type { VoucherCaller } from "./vouchers";
import { iso } from "../db/column-values";

/**
 * What the organizer bills an exhibitor for besides orders and badges (booth fee, other), entered
 * on the finance desk (roleId 1, checked by the route) by booth number. A bill becomes the item
 * `bill:<id>` of the booth's exhibitor; once a live voucher or invoice application names it, it
 * stays, so nothing paid or invoiced loses what it was for.
 */
export type BillInput = { boothNo: string; kind: (typeof BILL_KINDS)[number]; titleZh: string; titleEn: string; amount: number };

function selectBills(db: Database, exhibitionId: number) {
  return db
    .selectFrom("bills as l")
    .innerJoin("users as u", "u.id", "l.user_id")
    .leftJoin("booths as b", "b.id", "l.booth_id")
    .select(["l.id", "l.user_id", "l.kind", "l.title_zh", "l.title_en", "l.amount_cents", "l.created_at", "b.booth_no", "u.username"])
    .where("l.exhibition_id", "=", exhibitionId)
    .where("l.deleted_at", "is", null);
}
type BillRow = Awaited<ReturnType<ReturnType<typeof selectBills>["executeTakeFirstOrThrow"]>>;

async function billViews(db: Database, exhibitionId: number, rows: BillRow[], language: Language): Promise<Bill[]> {
  const names = await exhibitorNamesOf(
    db,
    exhibitionId,
    rows.map((r) => r.user_id),
  );
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    exhibitorName: exhibitorNameIn(names.get(row.user_id), language, row.username),
    boothNo: row.booth_no ?? "",
    kind: row.kind,
    titleZh: row.title_zh,
    titleEn: row.title_en,
    amountCents: Number(row.amount_cents),
    createdAt: iso(row.created_at),
  }));
}

/** Every bill of the organizer's exhibition, newest first; the keyword matches booth, title or exhibitor. */
export async function listBills(db: Database, caller: VoucherCaller, keyword: string | undefined, language: Language): Promise<Bill[]> {
  let query = selectBills(db, caller.exhibitionId);
  if (keyword) {
    const columns = ["b.booth_no", "l.title_zh", "l.title_en", "u.username", "u.business_name", "u.business_name_en"] as const;
    query = query.where((eb) => anyContains(eb, columns, keyword));
  }
  return billViews(db, caller.exhibitionId, await query.orderBy("l.id", "desc").execute(), language);
}

/** A new bill for the exhibitor of the booth named, in the organizer's own exhibition only. */
export async function saveBill(db: Database, caller: VoucherCaller, input: BillInput, language: Language, now: Date): Promise<Bill> {
  const booth = await db
    .selectFrom("booths")
    .select(["id", "user_id"])
    .where("exhibition_id", "=", caller.exhibitionId)
    .where((eb) => eb(eb.fn("upper", ["booth_no"]), "=", input.boothNo.toUpperCase()))
    .executeTakeFirst();
  if (!booth) throw fieldError("invoices.errors.boothUnknown", "boothNo", { boothNo: input.boothNo });
  const bill = await db
    .insertInto("bills")
    .values({
      exhibition_id: caller.exhibitionId,
      user_id: booth.user_id,
      booth_id: booth.id,
      kind: input.kind,
      title_zh: input.titleZh,
      title_en: input.titleEn,
      amount_cents: input.amount,
      created_by: caller.userId,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const row = await selectBills(db, caller.exhibitionId).where("l.id", "=", bill.id).executeTakeFirstOrThrow();
  return (await billViews(db, caller.exhibitionId, [row], language))[0]!;
}

/**
 * Soft delete, refused while a live voucher or invoice application names the bill. Under the
 * exhibitor's money lock, so no voucher or application can take it between the check and the delete.
 */
export async function deleteBill(db: Database, caller: VoucherCaller, id: number, now: Date): Promise<Deleted> {
  const bill = await db
    .selectFrom("bills")
    .select(["id", "user_id"])
    .where("id", "=", id)
    .where("exhibition_id", "=", caller.exhibitionId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!bill) throw notFound();
  const itemKey = `bill:${bill.id}`;
  await db.transaction().execute(async (trx) => {
    await lockOwner(trx, { userId: bill.user_id, exhibitionId: caller.exhibitionId });
    const [onVoucher, onApplication] = await Promise.all([
      trx.selectFrom("payment_voucher_items").select("voucher_id").where("item_key", "=", itemKey).where("active", "=", true).executeTakeFirst(),
      trx.selectFrom("invoice_application_items").select("application_id").where("item_key", "=", itemKey).where("active", "=", true).executeTakeFirst(),
    ]);
    if (onVoucher || onApplication) throw new ApiError(ApiCode.conflict, "invoices.errors.billInUse");
    const deleted = await trx.updateTable("bills").set({ deleted_at: now }).where("id", "=", bill.id).where("deleted_at", "is", null).executeTakeFirst();
    if (Number(deleted.numUpdatedRows) !== 1) throw notFound();
  });
  return { id, deleted: true };
}
