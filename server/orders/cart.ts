import { sql } from "kysely";
import { label, MAX_QUANTITY } from "../../app/contracts/orders/schema";
import { withProp } from "../../app/contracts/common/validation";
import { ApiCode, ApiError, fieldError, notFound } from "../api/envelope";
import type { Database } from "../db/database";
import { findService, isOrderable, resolveBooth, servicePrice, type Owner, type ServiceRow } from "./catalogue";
import { lineCents, loadPriceDates, totalCents } from "./pricing";
import type { CartLine, CartView } from "../../app/contracts/orders/api-types";

/**
 * The cart: one line per booth and service, owned by its user (and, for an entrusted
 * contractor, by the contractor's grant: exhibitor and contractor never share a cart). Lines carry no price; the cart
 * shows the price in force now, and the commit locks the price in force then (orders.ts).
 */

export type { CartView };

const tooMany = () => fieldError(withProp("validation.correct", label("quantity")), "quantity");
/** The exhibitor's cart (null) or the entrusted contractor's own. */
const cartOf = (owner: Owner) => owner.contractorAccessId ?? null;

function refuseClosed(service: ServiceRow, now: Date) {
  if (!isOrderable(service, now)) throw new ApiError(ApiCode.conflict, "orders.errors.windowClosed", {}, { serviceIds: [service.id] });
}

/** Adds a line, or increases the quantity of the booth's line for the service; in one statement, so concurrent adds sum up. */
export async function addToCart(db: Database, owner: Owner, input: { serviceId: number; quantity: number; boothId?: number }, now: Date) {
  const booth = await resolveBooth(db, owner, input.boothId);
  const service = await findService(db, owner.exhibitionId, input.serviceId);
  refuseClosed(service, now);
  const row = await db
    .insertInto("cart_items")
    .values({
      user_id: owner.userId,
      booth_id: booth.id,
      service_id: service.id,
      quantity: input.quantity,
      contractor_access_id: cartOf(owner),
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(["user_id", "booth_id", "service_id", "contractor_access_id"])
        .doUpdateSet({ quantity: sql`cart_items.quantity + excluded.quantity`, updated_at: now })
        .where(sql<boolean>`cart_items.quantity + excluded.quantity <= ${MAX_QUANTITY}`),
    )
    .returning("id")
    .executeTakeFirst();
  if (!row) throw tooMany();
  return cartView(db, owner, booth.id, now);
}

/** Sets a line's quantity; 0 deletes it. Only the caller's own lines (another's id answers 404). */
export async function updateCartItem(db: Database, owner: Owner, input: { itemId: number; quantity: number }, now: Date) {
  if (input.quantity === 0) return deleteCartItem(db, owner, input.itemId, now);
  const row = await db
    .updateTable("cart_items")
    .set({ quantity: input.quantity, updated_at: now })
    .where("id", "=", input.itemId)
    .where("user_id", "=", owner.userId)
    .where("contractor_access_id", cartOf(owner) === null ? "is" : "=", cartOf(owner))
    .returning("booth_id")
    .executeTakeFirst();
  if (!row) throw notFound();
  return cartView(db, owner, row.booth_id, now);
}

export async function deleteCartItem(db: Database, owner: Owner, itemId: number, now: Date) {
  const row = await db
    .deleteFrom("cart_items")
    .where("id", "=", itemId)
    .where("user_id", "=", owner.userId)
    .where("contractor_access_id", cartOf(owner) === null ? "is" : "=", cartOf(owner))
    .returning("booth_id")
    .executeTakeFirst();
  if (!row) throw notFound();
  return cartView(db, owner, row.booth_id, now);
}

/** The booth's cart with today's prices; the booth defaults as in resolveBooth. */
export async function cartView(db: Database, owner: Owner, boothId: number | undefined, now: Date): Promise<CartView> {
  const booth = await resolveBooth(db, owner, boothId);
  const dates = await loadPriceDates(db, owner.exhibitionId);
  const rows = await db
    .selectFrom("cart_items")
    .innerJoin("services", "services.id", "cart_items.service_id")
    .selectAll("services")
    .select(["cart_items.id as item_id", "cart_items.quantity"])
    .where("cart_items.user_id", "=", owner.userId)
    .where("cart_items.booth_id", "=", booth.id)
    .where("cart_items.contractor_access_id", cartOf(owner) === null ? "is" : "=", cartOf(owner))
    .orderBy("services.sort")
    .orderBy("cart_items.id")
    .execute();
  const lines = rows.map((row): CartLine => {
    const price = servicePrice(row, dates, now);
    return {
      itemId: row.item_id,
      serviceId: row.id,
      boothId: booth.id,
      boothNo: booth.booth_no,
      name: row.name_zh,
      nameEn: row.name_en,
      unit: row.unit_zh,
      unitEn: row.unit_en,
      photoUrl: row.photo_url,
      quantity: row.quantity,
      price,
      lineCents: lineCents(price.cents, row.quantity),
      orderOpen: isOrderable(row, now),
    };
  });
  return {
    boothId: booth.id,
    boothNo: booth.booth_no,
    lines,
    totalCents: totalCents(lines.map((l) => ({ unitCents: l.price.cents, quantity: l.quantity }))),
    count: lines.reduce((sum, l) => sum + l.quantity, 0),
  };
}
