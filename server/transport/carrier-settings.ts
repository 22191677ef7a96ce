import type { CarrierSettingsView, CarriersSettingsAnswer } from "../../app/contracts/logistics-settings/api-types";
import { TRANSPORT_SERVICES, type TransportService } from "../../app/contracts/transport/pricing";
import type { LiftingKind } from "../db/schema";
import { carrierPricing } from "./common";
import type { Db } from "../db/database";

/**
 * The writes of an exhibition's carrier settings (issue 17, issue 52): a carrier's fields, its price
 * per service, its discounts, and the exhibition's lifting fee classes. The CLI (`cli.js carriers`)
 * and the organizer's page (/index/settings/carriers, through the API) call these same functions
 * inside their own transaction, after checking the values with the shared parsers and limits
 * (app/contracts/logistics-settings/values.ts).
 */

export type CarrierFields = {
  name_zh?: string;
  name_en?: string;
  contact_email?: string;
  contact_phone?: string;
  active?: boolean;
  sort?: number;
};
export type PriceFields = { per_m3_cents: number; per_ton_cents: number; minimum_cents: number };
export type DiscountFields = {
  name_zh: string;
  name_en: string;
  kind: "early" | "volume";
  until_on: string | null;
  min_volume_cm3: number | null;
  percent_bp: number | null;
  amount_cents: number | null;
};

export async function carrierByCode(db: Db, exhibitionId: number, code: string) {
  return db.selectFrom("carriers").selectAll().where("exhibition_id", "=", exhibitionId).where("code", "=", code).executeTakeFirst();
}

/**
 * The carrier of this code, read under the exhibition's row lock (inside a transaction): two writers
 * that both create one code (a double submit, two ops shells) wait for each other, so the second sees
 * the first's carrier instead of failing on the unique index.
 */
export async function carrierByCodeLocked(db: Db, exhibitionId: number, code: string) {
  await db.selectFrom("exhibitions").select("id").where("id", "=", exhibitionId).forUpdate().execute();
  return carrierByCode(db, exhibitionId, code);
}

/** The exhibition's carrier of this id, or undefined (another exhibition's answers like an unknown one). */
export async function carrierById(db: Db, exhibitionId: number, id: number) {
  return db.selectFrom("carriers").selectAll().where("exhibition_id", "=", exhibitionId).where("id", "=", id).executeTakeFirst();
}

export async function createCarrier(
  db: Db,
  exhibitionId: number,
  code: string,
  fields: Required<Pick<CarrierFields, "name_zh" | "name_en" | "contact_email">> & CarrierFields,
) {
  await db
    .insertInto("carriers")
    .values({ exhibition_id: exhibitionId, code, ...fields })
    .execute();
}

export async function updateCarrier(db: Db, carrierId: number, fields: CarrierFields) {
  await db.updateTable("carriers").set(fields).where("id", "=", carrierId).execute();
}

/** Creates or replaces a service's price; says whether one was there. */
export async function setCarrierPrice(db: Db, carrierId: number, service: TransportService, row: PriceFields) {
  const existed = await db.selectFrom("carrier_prices").select("service").where("carrier_id", "=", carrierId).where("service", "=", service).executeTakeFirst();
  await db
    .insertInto("carrier_prices")
    .values({ carrier_id: carrierId, service, ...row })
    .onConflict((oc) => oc.columns(["carrier_id", "service"]).doUpdateSet(row))
    .execute();
  return Boolean(existed);
}

/** Removes a service's price; false when there was none. */
export async function removeCarrierPrice(db: Db, carrierId: number, service: TransportService) {
  const removed = await db.deleteFrom("carrier_prices").where("carrier_id", "=", carrierId).where("service", "=", service).executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

/** Creates or replaces a discount by its code; says whether one was there. */
export async function setCarrierDiscount(db: Db, carrierId: number, code: string, row: DiscountFields) {
  const existed = await db.selectFrom("carrier_discounts").select("id").where("carrier_id", "=", carrierId).where("code", "=", code).executeTakeFirst();
  await db
    .insertInto("carrier_discounts")
    .values({ carrier_id: carrierId, code, ...row })
    .onConflict((oc) => oc.columns(["carrier_id", "code"]).doUpdateSet(row))
    .execute();
  return Boolean(existed);
}

export async function removeCarrierDiscount(db: Db, carrierId: number, code: string) {
  const removed = await db.deleteFrom("carrier_discounts").where("carrier_id", "=", carrierId).where("code", "=", code).executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

/** Creates or replaces the fee per piece up to a weight; says whether the class was there. */
export async function setLiftingFee(db: Db, exhibitionId: number, kind: LiftingKind, maxWeightKg: number, feeCents: number) {
  const existed = await db
    .selectFrom("lifting_fee_classes")
    .select("kind")
    .where("exhibition_id", "=", exhibitionId)
    .where("kind", "=", kind)
    .where("max_weight_kg", "=", maxWeightKg)
    .executeTakeFirst();
  await db
    .insertInto("lifting_fee_classes")
    .values({ exhibition_id: exhibitionId, kind, max_weight_kg: maxWeightKg, fee_cents: feeCents })
    .onConflict((oc) => oc.columns(["exhibition_id", "kind", "max_weight_kg"]).doUpdateSet({ fee_cents: feeCents }))
    .execute();
  return Boolean(existed);
}

export async function removeLiftingFee(db: Db, exhibitionId: number, kind: LiftingKind, maxWeightKg: number) {
  const removed = await db
    .deleteFrom("lifting_fee_classes")
    .where("exhibition_id", "=", exhibitionId)
    .where("kind", "=", kind)
    .where("max_weight_kg", "=", maxWeightKg)
    .executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

/** The lifting fee classes, crane after forklift as the CLI lists them, lightest first. */
export async function liftingFeeClasses(db: Db, exhibitionId: number) {
  const rows = await db
    .selectFrom("lifting_fee_classes")
    .selectAll()
    .where("exhibition_id", "=", exhibitionId)
    .orderBy("kind", "desc")
    .orderBy("max_weight_kg")
    .execute();
  return rows.map((r) => ({ kind: r.kind, maxWeightKg: r.max_weight_kg, feeCents: Number(r.fee_cents) }));
}

/** Everything the carriers page shows (one after another: a transaction has one connection). */
export async function carriersSettings(db: Db, exhibitionId: number): Promise<CarriersSettingsAnswer> {
  const rows = await db.selectFrom("carriers").selectAll().where("exhibition_id", "=", exhibitionId).orderBy("sort").orderBy("code").execute();
  const carriers: CarrierSettingsView[] = [];
  for (const row of rows) {
    const { prices, discounts } = await carrierPricing(db, row.id);
    const accounts = await db
      .selectFrom("carrier_accounts as a")
      .innerJoin("users as u", "u.id", "a.user_id")
      .select("u.username")
      .where("a.carrier_id", "=", row.id)
      .orderBy("u.username")
      .execute();
    prices.sort((a, b) => TRANSPORT_SERVICES.indexOf(a.service) - TRANSPORT_SERVICES.indexOf(b.service));
    carriers.push({
      id: row.id,
      code: row.code,
      nameZh: row.name_zh,
      nameEn: row.name_en,
      email: row.contact_email,
      phone: row.contact_phone,
      active: row.active,
      sort: row.sort,
      accounts: accounts.map((a) => a.username),
      prices,
      discounts: discounts.sort((a, b) => a.code.localeCompare(b.code)),
    });
  }
  return { carriers, liftingFees: await liftingFeeClasses(db, exhibitionId) };
}
