import type { Database } from "../db/database";
import { sql } from "kysely";
import type { PriceInForce } from "../../app/contracts/orders/api-types";
import { endOfExhibitionDay, exhibitionDate } from "../../app/contracts/common/exhibition-time";

/**
 * Which of a service's three prices is in force (docs/product.md § Money and prices, issue "deadline pricing"):
 * advance through the last advance day, standard until the day before the exhibition opens,
 * on-site from the opening day on. Days are exhibition days (UTC+8, no daylight saving), so a
 * deadline ends at 23:59:59 in China whatever the server's time zone.
 */

export type ServicePrices = { advanceCents: number; standardCents: number; onsiteCents: number };
/** Both YYYY-MM-DD in exhibition time: the last advance day and the opening day. */
export type ExhibitionPriceDates = { advanceUntil: string; opensOn: string };
export type { PriceInForce };

const DAY_MS = 24 * 60 * 60 * 1000;

function dayBefore(day: string) {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

export function priceInForce(service: ServicePrices, dates: ExhibitionPriceDates, now: Date): PriceInForce {
  // ISO dates compare correctly as text.
  const today = exhibitionDate(now);
  if (today <= dates.advanceUntil) return { kind: "advance", cents: service.advanceCents, until: endOfExhibitionDay(dates.advanceUntil) };
  if (today < dates.opensOn) return { kind: "standard", cents: service.standardCents, until: endOfExhibitionDay(dayBefore(dates.opensOn)) };
  return { kind: "onsite", cents: service.onsiteCents };
}

/** A line's amount and an order's total: integers only, so no cent is ever lost to rounding. */
export function lineCents(unitCents: number, quantity: number) {
  if (!Number.isSafeInteger(unitCents) || !Number.isSafeInteger(quantity) || unitCents < 0 || quantity < 0)
    throw new RangeError("cents and quantities are non-negative integers");
  return unitCents * quantity;
}

export function totalCents(lines: { unitCents: number; quantity: number }[]) {
  return lines.reduce((sum, line) => sum + lineCents(line.unitCents, line.quantity), 0);
}

/** Whether a service takes orders at `now`: active and inside its order window, if it has one. */
export function orderWindowOpen(service: { active: boolean; orderOpensAt: Date | null; orderClosesAt: Date | null }, now: Date) {
  if (!service.active) return false;
  if (service.orderOpensAt && now.getTime() < new Date(service.orderOpensAt).getTime()) return false;
  if (service.orderClosesAt && now.getTime() >= new Date(service.orderClosesAt).getTime()) return false;
  return true;
}

/** The exhibition's price dates; without a service_price_dates row there is no advance period. */
export async function loadPriceDates(db: Database, exhibitionId: number): Promise<ExhibitionPriceDates> {
  const row = await db
    .selectFrom("exhibitions")
    .leftJoin("service_price_dates", "service_price_dates.exhibition_id", "exhibitions.id")
    .select([
      sql<string>`to_char(exhibitions.starts_on, 'YYYY-MM-DD')`.as("opens_on"),
      sql<string | null>`to_char(service_price_dates.advance_until, 'YYYY-MM-DD')`.as("advance_until"),
    ])
    .where("exhibitions.id", "=", exhibitionId)
    .executeTakeFirstOrThrow();
  return { opensOn: row.opens_on, advanceUntil: row.advance_until ?? "0000-01-01" };
}
