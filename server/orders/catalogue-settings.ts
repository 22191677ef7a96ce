import { sql, type Selectable } from "kysely";
import type { ServiceSetting, ServiceSettingsPage } from "../../app/contracts/catalogue-settings/api-types";
import { CATALOGUE_PAGE_SIZE } from "../../app/contracts/catalogue-settings/values";
import type { ServiceSaveInput } from "../../app/contracts/catalogue-settings/schema";
import { ApiCode, ApiError, fieldError, notFound } from "../api/envelope";
import type { Database } from "../db/database";
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

const itemNotFound = () => notFound("catalogueSettings.errors.notFound");
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
async function servicesInUse(db: Database, ids: number[]) {
  if (!ids.length) return new Set<number>();
  const [lines, carts] = await Promise.all([
    db.selectFrom("service_order_lines").select("service_id").distinct().where("service_id", "in", ids).execute(),
    db.selectFrom("cart_items").select("service_id").distinct().where("service_id", "in", ids).execute(),
  ]);
  return new Set([...lines, ...carts].map((r) => r.service_id).filter((id): id is number => id !== null));
}

/** One page of the exhibition's services in catalogue order, withdrawn ones included, with the price periods. */
export async function serviceSettings(db: Database, exhibitionId: number, page = 1, pageSize = CATALOGUE_PAGE_SIZE): Promise<ServiceSettingsPage> {
  const [rows, count, dates] = await Promise.all([
    db
      .selectFrom("services")
      .selectAll()
      .where("exhibition_id", "=", exhibitionId)
      .orderBy("sort")
      .orderBy("id")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db.selectFrom("services").select(sql<string>`count(*)`.as("n")).where("exhibition_id", "=", exhibitionId).executeTakeFirstOrThrow(),
    loadPriceDates(db, exhibitionId),
  ]);
  const inUse = await servicesInUse(
    db,
    rows.map((r) => r.id),
  );
  const dayBefore = new Date(Date.parse(`${dates.opensOn}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  return {
    list: rows.map((row) => settingOf(row, inUse.has(row.id))),
    total: Number(count.n),
    page,
    pageSize,
    // loadPriceDates answers "0000-01-01" when there is no advance period.
    periods: { advanceUntil: dates.advanceUntil.startsWith("0000") ? null : dates.advanceUntil, standardUntil: dayBefore, onsiteFrom: dates.opensOn },
  };
}

/** Every service of the exhibition (the CLI's list). */
export async function allServiceSettings(db: Database, exhibitionId: number) {
  const rows = await db.selectFrom("services").selectAll().where("exhibition_id", "=", exhibitionId).orderBy("sort").orderBy("id").execute();
  const inUse = await servicesInUse(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => settingOf(row, inUse.has(row.id)));
}

/** A service of the exhibition by its code, or undefined (the CLI names services by code). */
export async function serviceByCode(db: Database, exhibitionId: number, code: string) {
  const row = await db.selectFrom("services").selectAll().where("exhibition_id", "=", exhibitionId).where("code", "=", code).executeTakeFirst();
  return row ? settingOf(row, (await servicesInUse(db, [row.id])).has(row.id)) : undefined;
}

/** Creates (no id) or changes a service, in one transaction; a code another service has is refused at its field. */
export async function saveService(db: Database, exhibitionId: number, input: ServiceSaveInput): Promise<ServiceSetting> {
  const values = {
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
  };
  const id = await db.transaction().execute(async (trx) => {
    // Under the exhibition's row lock, so two saves of one code cannot both pass the check.
    await trx.selectFrom("exhibitions").select("id").where("id", "=", exhibitionId).forUpdate().execute();
    const taken = await trx.selectFrom("services").select("id").where("exhibition_id", "=", exhibitionId).where("code", "=", input.code).executeTakeFirst();
    if (taken && taken.id !== input.id) throw fieldError("catalogueSettings.errors.codeTaken", "code");
    if (input.id === undefined) {
      const created = await trx
        .insertInto("services")
        .values({ exhibition_id: exhibitionId, photo_url: null, ...values })
        .returning("id")
        .executeTakeFirstOrThrow();
      return created.id;
    }
    const updated = await trx.updateTable("services").set(values).where("id", "=", input.id).where("exhibition_id", "=", exhibitionId).executeTakeFirst();
    if (!Number(updated.numUpdatedRows)) throw itemNotFound();
    return input.id;
  });
  const row = await db.selectFrom("services").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return settingOf(row, (await servicesInUse(db, [id])).has(id));
}

/** Removes a service nobody ordered or put in a cart; otherwise refused (withdraw it instead). */
export async function removeService(db: Database, exhibitionId: number, id: number) {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("services").select("id").where("id", "=", id).where("exhibition_id", "=", exhibitionId).forUpdate().executeTakeFirst();
    if (!row) throw itemNotFound();
    // Under the row lock: a cart line added meanwhile waits for this transaction and then finds no service.
    const line = await trx.selectFrom("service_order_lines").select("id").where("service_id", "=", id).limit(1).executeTakeFirst();
    const cart = await trx.selectFrom("cart_items").select("id").where("service_id", "=", id).limit(1).executeTakeFirst();
    if (line || cart) throw new ApiError(ApiCode.conflict, "catalogueSettings.errors.serviceInUse");
    await trx.deleteFrom("services").where("id", "=", id).execute();
  });
}
