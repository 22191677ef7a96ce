import { sql } from "kysely";
import type { DiscountRule, PriceRow, TransportService } from "../../app/contracts/transport/pricing";
import { TRANSPORT_SERVICES } from "../../app/contracts/transport/pricing";
import type { Language } from "../../app/contracts/i18n/config";
import { ApiCode, ApiError, fieldError } from "../api/envelope";
import { callerBooths } from "../auth/caller-booths";
import type { Caller } from "../auth/caller";
import { CARRIER_ROLE_ID, ORGANIZER_ROLE_ID } from "../../app/contracts/permission/roles";
import type { Db } from "../db/database";

/**
 * What the transport modules share (issue 17, decision 019): who is looking at a declaration (its
 * exhibitor, its carrier, or the organizer, read only), the appointed carriers and their price
 * lists, and the events' names. Every query that reads a declaration carries the viewer's scope, so
 * another exhibitor's or another carrier's record answers like an unknown one (404).
 */
export type Viewer =
  | { kind: "exhibitor"; caller: Caller }
  | { kind: "carrier"; caller: Caller; carrierId: number; carrierName: string }
  | { kind: "organizer"; caller: Caller };

export const stale = () => new ApiError(ApiCode.conflict, "transport.errors.stale");

/** The carrier a user acts for, or null when the user is no carrier's account. */
async function accountCarrier(db: Db, caller: Caller, language: Language): Promise<{ carrierId: number; carrierName: string } | null> {
  if (caller.roleId !== CARRIER_ROLE_ID) return null;
  const row = await db
    .selectFrom("carrier_accounts as a")
    .innerJoin("carriers as c", "c.id", "a.carrier_id")
    .select(["c.id", "c.name_zh", "c.name_en"])
    .where("a.user_id", "=", caller.userId)
    .where("c.exhibition_id", "=", caller.exhibitionId)
    .where("c.active", "=", true)
    .executeTakeFirst();
  return row ? { carrierId: row.id, carrierName: language === "en" ? row.name_en : row.name_zh } : null;
}

/**
 * The viewer of the carrier pages: the organizer (every carrier, read only) or a carrier account
 * (its own carrier only); anyone else is refused (403) before anything is read.
 */
export async function carrierViewerOf(db: Db, caller: Caller, language: Language): Promise<Extract<Viewer, { kind: "carrier" | "organizer" }>> {
  if (caller.roleId === ORGANIZER_ROLE_ID) return { kind: "organizer", caller };
  const carrier = await accountCarrier(db, caller, language);
  if (!carrier) throw new ApiError(ApiCode.forbidden, "transport.errors.notCarrier");
  return { kind: "carrier", caller, ...carrier };
}

/** Only the carrier itself decides and moves its records; the organizer reads. */
export function requireCarrier(viewer: Viewer): Extract<Viewer, { kind: "carrier" }> {
  if (viewer.kind !== "carrier") throw new ApiError(ApiCode.forbidden, "transport.errors.notCarrier");
  return viewer;
}

/** An appointed (active) carrier of the caller's exhibition, else 400 on `field`. */
export async function appointedCarrier(db: Db, exhibitionId: number, carrierId: number, field = "carrierId") {
  const row = await db
    .selectFrom("carriers")
    .select(["id", "name_zh", "name_en", "contact_email"])
    .where("id", "=", carrierId)
    .where("exhibition_id", "=", exhibitionId)
    .where("active", "=", true)
    .executeTakeFirst();
  if (!row) throw fieldError("transport.errors.carrierUnknown", field);
  return row;
}

/** The exhibition's appointed (active) carriers in their order, as the booking forms offer them. */
export const appointedCarriers = (db: Db, exhibitionId: number) =>
  db
    .selectFrom("carriers")
    .select(["id", "name_zh", "name_en"])
    .where("exhibition_id", "=", exhibitionId)
    .where("active", "=", true)
    .orderBy("sort")
    .orderBy("id")
    .execute();

/** The caller's own booth, else 400 on `field` (another exhibitor's booth is not told apart from none). */
export async function ownBooth(db: Db, caller: Caller, boothId: number, field = "boothId") {
  const row = await db
    .selectFrom("booths")
    .select(["id", "booth_no"])
    .where("id", "=", boothId)
    .where("user_id", "=", caller.userId)
    .where("exhibition_id", "=", caller.exhibitionId)
    .executeTakeFirst();
  if (!row) throw fieldError("transport.errors.boothUnknown", field);
  return { boothId: row.id, boothNo: row.booth_no };
}

/** The caller's booths as the transport and vehicle answers name them. */
export async function ownBooths(db: Db, caller: Caller) {
  return (await callerBooths(db, caller)).map((b) => ({ boothId: b.id, boothNo: b.boothNo }));
}

/** A carrier's discount rules as stored, the day as text (YYYY-MM-DD). */
export const selectCarrierDiscounts = (db: Db, carrierId: number) =>
  db
    .selectFrom("carrier_discounts")
    .select(["code", "name_zh", "name_en", "kind", "min_volume_cm3", "percent_bp", "amount_cents"])
    .select(sql<string | null>`to_char(until_on, 'YYYY-MM-DD')`.as("until_on"))
    .where("carrier_id", "=", carrierId);

/** A carrier's price list and discounts, as the pricing module takes them. */
export async function carrierPricing(db: Db, carrierId: number): Promise<{ prices: PriceRow[]; discounts: DiscountRule[] }> {
  const [prices, discounts] = await Promise.all([
    db.selectFrom("carrier_prices").selectAll().where("carrier_id", "=", carrierId).execute(),
    selectCarrierDiscounts(db, carrierId).orderBy("id").execute(),
  ]);
  return {
    prices: prices.map((p) => ({
      service: p.service,
      perM3Cents: Number(p.per_m3_cents),
      perTonCents: Number(p.per_ton_cents),
      minimumCents: Number(p.minimum_cents),
    })),
    discounts: discounts.map((d) => ({
      code: d.code,
      nameZh: d.name_zh,
      nameEn: d.name_en,
      kind: d.kind,
      untilOn: d.until_on,
      minVolumeCm3: d.min_volume_cm3 === null ? null : Number(d.min_volume_cm3),
      percentBp: d.percent_bp,
      amountCents: d.amount_cents === null ? null : Number(d.amount_cents),
    })),
  };
}

/** The services column ("delivery,return") as a list in the canonical order, and back. */
export const servicesOf = (text: string): TransportService[] => TRANSPORT_SERVICES.filter((s) => text.split(",").includes(s));
export const servicesText = (services: readonly TransportService[]) => TRANSPORT_SERVICES.filter((s) => services.includes(s)).join(",");
