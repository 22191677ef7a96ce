import type { Selectable } from "kysely";
import type { ServiceSetting, ServiceSettingsPage } from "../../app/contracts/catalogue-settings/api-types";
import { CATALOGUE_PAGE_SIZE } from "../../app/contracts/catalogue-settings/values";
import type { ServiceSaveInput } from "../../app/contracts/catalogue-settings/schema";
import { codeCatalogue } from "../db/code-catalogue";
import type { Database, Db } from "../db/database";
import type { ServiceTable } from "../db/schema";
import { loadPriceDates } from "./pricing";
import { iso } from "../db/column-values";

/**
 * The organizer's on-site service catalogue (issue 52, /index/settings/services and `cli.js services`):
 * every service of the exhibition with its three prices (advance, standard, on-site: docs/product.md
 * § Money and prices) and its order window. The booking page reads the same rows (catalogue.ts), so a
 * saved price is the one exhibitors see. A service that order lines or carts refer to is never removed
 * (an order keeps its own copy of the line, a cart would lose it silently): it is withdrawn instead.
 */
type Row = Selectable<ServiceTable>;

const DAY_MS = 24 * 60 * 60 * 1000;

function settingOf(row: Row, inUse: boolean): ServiceSetting {
  return {
    id: row.id,
    code: row.code,
    category: row.category,
    nameZh: row.name_zh,
    nameEn: row.name_en,
    unitZh: row.unit_zh,
    unitEn: row.unit_en,
    advanceCents: row.advance_cents,
    standardCents: row.standard_cents,
    onsiteCents: row.onsite_cents,
    orderOpensAt: iso(row.order_opens_at),
    orderClosesAt: iso(row.order_closes_at),
    active: row.active,
    sort: row.sort,
    inUse,
  };
}

/** Which of these services order lines or cart lines refer to. */
async function servicesInUse(db: Db, ids: number[]) {
  if (!ids.length) return new Set<number>();
  const [lines, carts] = await Promise.all([
    db.selectFrom("service_order_lines").select("service_id").distinct().where("service_id", "in", ids).execute(),
    db.selectFrom("cart_items").select("service_id").distinct().where("service_id", "in", ids).execute(),
  ]);
  return new Set([...lines, ...carts].map((r) => r.service_id).filter((id): id is number => id !== null));
}

const services = codeCatalogue({
  table: "services",
  settingOf,
  inUse: servicesInUse,
  inUseMessage: "catalogueSettings.errors.serviceInUse",
  created: { photo_url: null },
});

/** One page of the exhibition's services in catalogue order, withdrawn ones included, with the price periods. */
export async function serviceSettings(db: Database, exhibitionId: number, page = 1, pageSize = CATALOGUE_PAGE_SIZE): Promise<ServiceSettingsPage> {
  const [list, dates] = await Promise.all([services.page(db, exhibitionId, page, pageSize), loadPriceDates(db, exhibitionId)]);
  const dayBefore = new Date(Date.parse(`${dates.opensOn}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  return {
    ...list,
    // loadPriceDates answers "0000-01-01" when there is no advance period.
    periods: { advanceUntil: dates.advanceUntil.startsWith("0000") ? null : dates.advanceUntil, standardUntil: dayBefore, onsiteFrom: dates.opensOn },
  };
}

/** Every service of the exhibition (the CLI's list). */
export const allServiceSettings = services.all;

/** A service of the exhibition by its code, or undefined (the CLI names services by code). */
export const serviceByCode = services.byCode;

/** Creates (no id) or changes a service, in one transaction; a code another service has is refused at its field. */
export const saveService = (db: Database, exhibitionId: number, input: ServiceSaveInput): Promise<ServiceSetting> =>
  services.save(db, exhibitionId, input, {
    code: input.code,
    category: input.category,
    name_zh: input.nameZh,
    name_en: input.nameEn,
    unit_zh: input.unitZh,
    unit_en: input.unitEn,
    advance_cents: input.advancePrice,
    standard_cents: input.standardPrice,
    onsite_cents: input.onsitePrice,
    order_opens_at: input.orderOpensAt ?? null,
    order_closes_at: input.orderClosesAt ?? null,
    active: input.active,
    sort: input.sort,
  });

/** Removes a service nobody ordered or put in a cart; otherwise refused (withdraw it instead). */
export const removeService = services.remove;
