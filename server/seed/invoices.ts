import { creditCodeCheckChar } from "../../app/contracts/invoices/credit-code";
import type { Db } from "../db/database";
import { addDays, type DemoCalendar } from "./demo-calendar";

/**
 * The demo's bills (issue 16): std01's booth fee is paid by a confirmed transfer and has an invoice
 * application waiting (the finance desk and the application page in use); raw01 still owes its booth
 * fee (the voucher page in use). Adds only what is missing.
 */
const STD01_CODE_FIRST17 = "91440300MA5G0E2R1";

export async function seedInvoices(db: Db, exhibitionId: number, calendar: DemoCalendar) {
  const booths = await db
    .selectFrom("booths as b")
    .innerJoin("users as u", "u.id", "b.user_id")
    .select(["b.id", "b.user_id", "b.booth_no", "u.business_name", "u.username", "u.contact_email"])
    .where("b.exhibition_id", "=", exhibitionId)
    .where("b.booth_no", "in", ["1A01", "2B10"])
    .execute();
  for (const booth of booths) {
    const present = await db.selectFrom("bills").select("id").where("booth_id", "=", booth.id).where("kind", "=", "boothFee").executeTakeFirst();
    if (present) continue;
    const standard = booth.booth_no === "1A01";
    const cents = standard ? 900_000 : 5_400_000;
    const bill = await db
      .insertInto("bills")
      .values({
        exhibition_id: exhibitionId,
        user_id: booth.user_id,
        booth_id: booth.id,
        kind: "boothFee",
        title_zh: `展位费（${standard ? "标准展位" : "光地"} ${booth.booth_no}）`,
        title_en: `Booth fee (${standard ? "standard booth" : "raw space"} ${booth.booth_no})`,
        amount_cents: cents,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (!standard) continue;
    const company = booth.business_name ?? booth.username;
    const voucher = await db
      .insertInto("payment_vouchers")
      .values({
        exhibition_id: exhibitionId,
        user_id: booth.user_id,
        name: `展位费转账 ${booth.booth_no}`,
        product_type: "boothFee",
        amount_cents: cents,
        // A week before the demo was made (docs/decisions/010: demo dates follow its calendar).
        paid_on: addDays(calendar.seededOn, -7),
        payer_account_name: company,
        status: "confirmed",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const itemKey = `bill:${bill.id}`;
    await db.insertInto("payment_voucher_items").values({ voucher_id: voucher.id, item_key: itemKey, amount_cents: cents }).execute();
    const application = await db
      .insertInto("invoice_applications")
      .values({
        exhibition_id: exhibitionId,
        user_id: booth.user_id,
        invoice_type: "vatGeneral",
        title: company,
        taxpayer_id: `${STD01_CODE_FIRST17}${creditCodeCheckChar(STD01_CODE_FIRST17)}`,
        address_phone: "深圳市南山区科技园 0755-12345678",
        receiving_email: booth.contact_email ?? "finance@example.com",
        amount_cents: cents,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("invoice_application_items").values({ application_id: application.id, item_key: itemKey, amount_cents: cents }).execute();
  }
}
