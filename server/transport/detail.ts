import { sql } from "kysely";
import type {
  DeclarationDetail,
  DeclarationStatus,
  DeclarationSummary,
  MessageView,
  QuoteView,
  TransportEventView,
} from "../../app/contracts/transport/api-types";
import { cm3ToM3Text, exhibitVolumeCm3, quoteDeclaration, type ExhibitSize, type Quote } from "../../app/contracts/transport/pricing";
import type { Language } from "../../app/contracts/i18n/config";
import { unitsToDecimal } from "../../app/contracts/common/quantity";
import { appClock } from "../clock";
import { storedFileUrl } from "../uploads/files";
import { carrierPricing, servicesOf, type Viewer } from "./common";
import { orderViewOf } from "./order-steps";
import { ORGANIZER_ROLE_ID } from "../../app/contracts/permission/roles";
import { notFound } from "../api/envelope";
import type { Db } from "../db/database";
import { iso } from "../db/column-values";
import { exhibitionDate } from "../../app/contracts/common/exhibition-time";

/**
 * How a declaration reads (issue 17): the same view for its exhibitor, its carrier and the organizer,
 * with what each may do with it. The viewer's scope is part of every query, so a declaration that is
 * not the viewer's is not found (404), never "forbidden": nobody learns that an id exists.
 */

/** The declarations with what every view needs: carrier, booth, exhibitor, exhibit count and order step. */
function selectDeclarations(db: Db) {
  return db
    .selectFrom("transport_declarations as d")
    .innerJoin("carriers as c", "c.id", "d.carrier_id")
    .innerJoin("booths as b", "b.id", "d.booth_id")
    .innerJoin("users as u", "u.id", "d.user_id")
    .leftJoin("transport_orders as o", "o.declaration_id", "d.id")
    .select([
      "d.id",
      "d.exhibition_id",
      "d.user_id",
      "d.status",
      "d.carrier_id",
      "c.name_zh as carrier_name_zh",
      "c.name_en as carrier_name_en",
      "d.booth_id",
      "b.booth_no",
      "u.business_name",
      "u.business_name_en",
      "u.username",
      sql<string>`to_char(d.arrival_from, 'YYYY-MM-DD')`.as("arrival_from"),
      sql<string>`to_char(d.arrival_to, 'YYYY-MM-DD')`.as("arrival_to"),
      sql<string>`(select count(*) from transport_exhibits e where e.declaration_id = d.id)`.as("exhibit_count"),
      "d.services",
      "d.contact_name",
      "d.contact_phone",
      "d.bill_file_id",
      "d.computed_cents",
      "d.discount_cents",
      "d.accepted_cents",
      "d.accept_note",
      "d.return_reason",
      "d.submitted_at",
      "d.updated_at",
      "d.version",
      "o.step as order_step",
    ])
    .where("d.deleted_at", "is", null);
}
type DeclarationRow = Awaited<ReturnType<ReturnType<typeof selectDeclarations>["executeTakeFirstOrThrow"]>>;

export type DeclarationScope = { userId?: number; carrierId?: number; exhibitionId: number; everSubmitted?: boolean; status?: DeclarationStatus };

/** The viewer's reach: an exhibitor its own (any status), a carrier its own ever submitted, the organizer every ever submitted. */
function scopeOf(viewer: Viewer): DeclarationScope {
  const exhibitionId = viewer.caller.exhibitionId;
  if (viewer.kind === "exhibitor") return { exhibitionId, userId: viewer.caller.userId };
  if (viewer.kind === "carrier") return { exhibitionId, carrierId: viewer.carrierId, everSubmitted: true };
  return { exhibitionId, everSubmitted: true };
}

function scoped(db: Db, scope: DeclarationScope) {
  let query = selectDeclarations(db).where("d.exhibition_id", "=", scope.exhibitionId);
  if (scope.userId !== undefined) query = query.where("d.user_id", "=", scope.userId);
  if (scope.carrierId !== undefined) query = query.where("d.carrier_id", "=", scope.carrierId);
  // Drafts stay the exhibitor's own: a carrier sees a declaration once it was sent to it.
  if (scope.everSubmitted) query = query.where("d.submitted_at", "is not", null);
  if (scope.status) query = query.where("d.status", "=", scope.status);
  return query;
}

/** The exhibitor's business name in `language` (the English one when there is one), else the account. */
export const exhibitorNameOf = (row: { business_name: string | null; business_name_en: string | null; username: string }, language: Language) =>
  (language === "en" ? row.business_name_en || row.business_name : row.business_name || row.business_name_en) || row.username;

const carrierNameOf = (row: DeclarationRow, language: Language) => (language === "en" ? row.carrier_name_en : row.carrier_name_zh);

function summaryOf(row: DeclarationRow, language: Language): DeclarationSummary {
  const computed = Number(row.computed_cents) - Number(row.discount_cents);
  return {
    id: row.id,
    status: row.status,
    carrierId: row.carrier_id,
    carrierName: carrierNameOf(row, language),
    exhibitorName: exhibitorNameOf(row, language),
    boothId: row.booth_id,
    boothNo: row.booth_no,
    arrivalFrom: row.arrival_from,
    arrivalTo: row.arrival_to,
    exhibitCount: Number(row.exhibit_count),
    amountCents: row.accepted_cents === null ? computed : Number(row.accepted_cents),
    submittedAt: iso(row.submitted_at),
    updatedAt: iso(row.updated_at)!,
    orderStep: row.order_step ?? null,
    version: row.version,
  };
}

/**
 * Declarations in a scope, newest first, as list rows. The amount is the accepted one once accepted,
 * else the stored quote (computed_cents = the quote's subtotal, discount_cents = its discounts).
 */
export async function declarationSummaries(
  db: Db,
  where: DeclarationScope,
  language: Language,
  page?: { limit: number; offset: number },
): Promise<DeclarationSummary[]> {
  let query = scoped(db, where).orderBy("d.id", "desc");
  if (page) query = query.limit(page.limit).offset(page.offset);
  return (await query.execute()).map((row) => summaryOf(row, language));
}

/**
 * The day a declaration is priced at: the day it was submitted while the carrier has it (so an
 * early discount earned stays earned), else today, when it would be submitted. Exhibition days (UTC+8).
 */
function declaredOnOf(row: { status: DeclarationStatus; submitted_at: Date | string | null }, now: Date = appClock.now()) {
  const sent = (row.status === "submitted" || row.status === "accepted") && row.submitted_at;
  return exhibitionDate(sent ? new Date(row.submitted_at!) : now);
}

/** A declaration's exhibits as the pricing module takes them. */
export async function exhibitRows(db: Db, declarationId: number) {
  return db.selectFrom("transport_exhibits").selectAll().where("declaration_id", "=", declarationId).orderBy("sort").execute();
}
const sizeOf = (e: { packages: number; gross_weight_g: string | number; length_cm: number; width_cm: number; height_cm: number }): ExhibitSize => ({
  packages: e.packages,
  grossWeightG: Number(e.gross_weight_g),
  lengthCm: e.length_cm,
  widthCm: e.width_cm,
  heightCm: e.height_cm,
});

/** The quote of a declaration's exhibits and services at the carrier's current prices. */
export async function quoteOf(
  db: Db,
  declaration: { id: number; carrier_id: number; services: string },
  declaredOn: string,
  exhibits?: Awaited<ReturnType<typeof exhibitRows>>,
): Promise<Quote> {
  const [rows, pricing] = await Promise.all([exhibits ?? exhibitRows(db, declaration.id), carrierPricing(db, declaration.carrier_id)]);
  return quoteDeclaration({ ...pricing, exhibits: rows.map(sizeOf), services: servicesOf(declaration.services), declaredOn });
}

function quoteViewOf(quote: Quote, language: Language): QuoteView {
  return {
    ...quote,
    volumeM3: cm3ToM3Text(quote.volumeCm3),
    weightKg: unitsToDecimal(quote.weightG, 3),
    discounts: quote.discounts.map((d) => ({ code: d.code, name: language === "en" ? d.nameEn : d.nameZh, amountCents: d.amountCents })),
  };
}

/** The contact log, oldest first; each message signed by its side's name (the exhibitor's company or the carrier). */
export async function messageViews(db: Db, declarationId: number, names: { exhibitor: string; carrier: string }): Promise<MessageView[]> {
  const rows = await db
    .selectFrom("transport_messages")
    .select(["id", "side", "body", "created_at"])
    .where("declaration_id", "=", declarationId)
    .orderBy("id")
    .execute();
  return rows.map((m) => ({ id: m.id, side: m.side, author: m.side === "exhibitor" ? names.exhibitor : names.carrier, body: m.body, at: iso(m.created_at)! }));
}

async function eventViews(db: Db, declarationId: number): Promise<TransportEventView[]> {
  const rows = await db
    .selectFrom("transport_events as e")
    .leftJoin("users as u", "u.id", "e.actor_id")
    .select(["e.kind", "e.note", "e.created_at", "u.role_id"])
    .where("e.declaration_id", "=", declarationId)
    .orderBy("e.id")
    .execute();
  return rows.map((e) => ({
    kind: e.kind,
    note: e.note,
    at: iso(e.created_at)!,
    side: e.role_id === ORGANIZER_ROLE_ID ? "organizer" : e.kind === "declaration:submitted" ? "exhibitor" : "carrier",
  }));
}

/** The names a declaration's messages are signed with, in `language`. */
export async function declarationNames(db: Db, declarationId: number, language: Language) {
  const row = await selectDeclarations(db).where("d.id", "=", declarationId).executeTakeFirstOrThrow();
  return { exhibitor: exhibitorNameOf(row, language), carrier: carrierNameOf(row, language) };
}

/**
 * One declaration as `viewer` may see it, with its exhibits, the server's quote, its history, the
 * contact log and its order; 404 when it is outside the viewer's scope (or deleted).
 */
export async function readDeclaration(db: Db, viewer: Viewer, id: number, language: Language): Promise<DeclarationDetail> {
  const row = await scoped(db, scopeOf(viewer)).where("d.id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  const services = servicesOf(row.services);
  const summary = summaryOf(row, language);
  const [exhibits, bill, order, events, messages] = await Promise.all([
    exhibitRows(db, row.id),
    row.bill_file_id ? db.selectFrom("stored_files").select(["id", "original_name"]).where("id", "=", row.bill_file_id).executeTakeFirst() : undefined,
    db
      .selectFrom("transport_orders")
      .select(["id", "order_no", "step", "amount_cents", "paid", "paid_at", "version"])
      .where("declaration_id", "=", row.id)
      .executeTakeFirst(),
    eventViews(db, row.id),
    messageViews(db, row.id, { exhibitor: summary.exhibitorName, carrier: summary.carrierName }),
  ]);
  const quote = await quoteOf(db, row, declaredOnOf(row), exhibits);
  const editable = viewer.kind === "exhibitor" && (row.status === "draft" || row.status === "returned");
  return {
    ...summary,
    services,
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    bill: bill ? { url: storedFileUrl(bill.id), name: bill.original_name } : null,
    exhibits: exhibits.map((e) => ({
      sort: e.sort,
      nameZh: e.name_zh,
      nameEn: e.name_en,
      quantity: e.quantity,
      packages: e.packages,
      grossWeightKg: unitsToDecimal(Number(e.gross_weight_g), 3),
      lengthCm: e.length_cm,
      widthCm: e.width_cm,
      heightCm: e.height_cm,
      volumeM3: cm3ToM3Text(exhibitVolumeCm3(sizeOf(e))),
    })),
    quote: quoteViewOf(quote, language),
    acceptedCents: row.accepted_cents === null ? null : Number(row.accepted_cents),
    acceptNote: row.accept_note,
    returnReason: row.return_reason,
    editable,
    deletable: viewer.kind === "exhibitor" && row.status === "draft" && row.submitted_at === null,
    submittable: editable && exhibits.length > 0 && quote.unpriced.length === 0,
    decidable: viewer.kind === "carrier" && row.status === "submitted",
    events,
    messages,
    order: order ? orderViewOf(order, services) : null,
  };
}
