import type { Selectable } from "kysely";
import { resolveCallerBooth } from "../auth/caller-booths";
import { notFound } from "../api/envelope";
import type { Database } from "../db/database";
import type { BoothTable, ServiceTable } from "../db/schema";
import { loadPriceDates, orderWindowOpen, priceInForce, type ExhibitionPriceDates } from "./pricing";
import type { Catalogue, ServiceView } from "../../app/contracts/orders/api-types";
import { iso } from "../db/column-values";
import { endOfExhibitionDay } from "../../app/contracts/common/exhibition-time";

/** The service catalogue as the order pages and the cart show it: the price in force per item. */

export type ServiceRow = Selectable<ServiceTable>;

export type { Catalogue };

export function servicePrice(row: ServiceRow, dates: ExhibitionPriceDates, now: Date) {
  return priceInForce({ advanceCents: row.advance_cents, standardCents: row.standard_cents, onsiteCents: row.onsite_cents }, dates, now);
}

export function isOrderable(row: ServiceRow, now: Date) {
  return orderWindowOpen({ active: row.active, orderOpensAt: row.order_opens_at, orderClosesAt: row.order_closes_at }, now);
}

function serviceView(row: ServiceRow, dates: ExhibitionPriceDates, now: Date): ServiceView {
  return {
    id: row.id,
    code: row.code,
    category: row.category,
    name: row.name_zh,
    nameEn: row.name_en,
    unit: row.unit_zh,
    unitEn: row.unit_en,
    photoUrl: row.photo_url,
    advanceCents: row.advance_cents,
    standardCents: row.standard_cents,
    onsiteCents: row.onsite_cents,
    price: servicePrice(row, dates, now),
    orderOpen: isOrderable(row, now),
    orderOpensAt: iso(row.order_opens_at),
    orderClosesAt: iso(row.order_closes_at),
  };
}

/** The exhibition's active services in catalogue order (inactive ones are withdrawn, not shown). */
export async function listCatalogue(db: Database, exhibitionId: number, now: Date): Promise<Catalogue> {
  const dates = await loadPriceDates(db, exhibitionId);
  const rows = await db
    .selectFrom("services")
    .selectAll()
    .where("exhibition_id", "=", exhibitionId)
    .where("active", "=", true)
    .orderBy("sort")
    .orderBy("id")
    .execute();
  return { advanceUntil: endOfExhibitionDay(dates.advanceUntil), onsiteFrom: dates.opensOn, list: rows.map((row) => serviceView(row, dates, now)) };
}

/** A service of the caller's exhibition; another exhibition's id answers like an unknown one. */
export async function findService(db: Database, exhibitionId: number, serviceId: number) {
  const row = await db.selectFrom("services").selectAll().where("id", "=", serviceId).where("exhibition_id", "=", exhibitionId).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Whose cart and orders: the exhibitor's own, or (contractorAccessId set) those of a contractor acting for them. */
export type Owner = { userId: number; exhibitionId: number; sessionBoothId: number | null; contractorAccessId?: number | null };
export type BoothRef = Pick<Selectable<BoothTable>, "id" | "booth_no">;

/**
 * The booth an order or cart line is for: the one named (only the caller's own; anyone else's
 * answers 404), else the session's current booth, else the caller's first booth.
 */
export async function resolveBooth(db: Database, owner: Owner, requested?: number): Promise<BoothRef> {
  const booth = await resolveCallerBooth(db, owner, requested, "orders.errors.noBooth");
  return { id: booth.id, booth_no: booth.boothNo };
}
