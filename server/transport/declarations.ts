import { sql, type Transaction } from "kysely";
import type * as z from "zod";
import type { CarrierOption, DeclarationDeleted, DeclarationDetail, DeclarationList } from "../../app/contracts/transport/api-types";
import { cm3ToM3Text } from "../../app/contracts/transport/pricing";
import type { DeclarationInput, declarationUpdateSchema } from "../../app/contracts/transport/schema";
import type { Language } from "../../app/contracts/i18n/config";
import { formatCny } from "../../app/contracts/common/format";
import { translate } from "../../app/contracts/i18n/translate.server";
import { ApiCode, ApiError, notFound, fieldError } from "../api/envelope";
import { constructionSettings } from "../booth-construction/common";
import type { Database, Db } from "../db/database";
import type { DB } from "../db/schema";
import { ownUpload } from "../uploads/own-upload";
import { appointedCarrier, carrierPricing, ownBooth, ownBooths, servicesText, stale, type Viewer } from "./common";
import { declarationSummaries, exhibitorNameOf, quoteOf, readDeclaration } from "./detail";
import { CARRIER_REVIEW_PAGE } from "./messages";
import type { Caller } from "../auth/caller";
import { exhibitionDate } from "../../app/contracts/common/exhibition-time";
import { sendQuietly } from "../notify/send-quietly";
import type { Mailer } from "../api/context";
import { portalLink } from "../exhibition-settings/public-url";

/**
 * The exhibitor's declarations (issue 17, spec /exhibitTL carriage): a draft with its header, then
 * exhibits, then submitted to the carrier, which accepts or returns it; a returned one is corrected
 * and submitted again. Every write locks the declaration row, checks the version read, prices it
 * again from the carrier's list and bumps the version, so two tabs cannot overwrite each other.
 */
type Exhibitor = Extract<Viewer, { kind: "exhibitor" }>;
export type DeclarationUpdate = z.output<typeof declarationUpdateSchema>;

/** The appointed carriers of the exhibition with their price lists, names in `language`. */
async function carrierOptions(db: Db, exhibitionId: number, language: Language): Promise<CarrierOption[]> {
  const carriers = await db
    .selectFrom("carriers")
    .select(["id", "name_zh", "name_en", "contact_email", "contact_phone"])
    .where("exhibition_id", "=", exhibitionId)
    .where("active", "=", true)
    .orderBy("sort")
    .orderBy("id")
    .execute();
  return Promise.all(
    carriers.map(async (c) => {
      const { prices, discounts } = await carrierPricing(db, c.id);
      return {
        id: c.id,
        name: language === "en" ? c.name_en : c.name_zh,
        contactEmail: c.contact_email,
        contactPhone: c.contact_phone,
        prices,
        discounts: discounts.map((d) => ({
          code: d.code,
          name: language === "en" ? d.nameEn : d.nameZh,
          kind: d.kind,
          untilOn: d.untilOn,
          minVolumeM3: d.minVolumeCm3 === null ? null : cm3ToM3Text(d.minVolumeCm3),
          percentBp: d.percentBp,
          amountCents: d.amountCents,
        })),
      };
    }),
  );
}

/** GET /smeb/shipment/declaration/list: the caller's declarations and what a new one is made of. */
export async function listDeclarations(db: Db, viewer: Exhibitor, language: Language): Promise<DeclarationList> {
  const { caller } = viewer;
  const [declarations, carriers, booths, settings] = await Promise.all([
    declarationSummaries(db, { userId: caller.userId, exhibitionId: caller.exhibitionId }, language),
    carrierOptions(db, caller.exhibitionId, language),
    ownBooths(db, caller),
    constructionSettings(db, caller.exhibitionId),
  ]);
  return { declarations, carriers, booths, buildUp: { from: settings.buildUpFrom, to: settings.buildUpTo } };
}

/** A bill of lading the caller uploaded into its folder, else 404 on the field (someone else's file is not told apart). */
async function billFileId(db: Db, caller: Caller, url: string | undefined) {
  if (!url) return null;
  const rule = { folder: "carriage-bill", field: "billUrl", message: "transport.errors.billInvalid", code: ApiCode.notFound } as const;
  return (await ownUpload(db, caller.userId, url, rule)).id;
}

/** The header as stored, after the checks every header write makes: own booth, appointed carrier, own bill. */
async function headerValues(db: Db, caller: Caller, input: DeclarationInput) {
  await ownBooth(db, caller, input.boothId);
  await appointedCarrier(db, caller.exhibitionId, input.carrierId);
  return {
    booth_id: input.boothId,
    carrier_id: input.carrierId,
    services: servicesText(input.services),
    arrival_from: input.arrivalFrom,
    arrival_to: input.arrivalTo,
    contact_name: input.contactName,
    contact_phone: input.contactPhone,
    bill_file_id: await billFileId(db, caller, input.billUrl),
  };
}

/**
 * The caller's own declaration, locked, that may still change (draft or returned) at the version
 * read: 404 when not the caller's, 409 when with the carrier or changed meanwhile.
 */
export async function lockEditable(trx: Transaction<DB>, caller: Caller, id: number, version: number | undefined) {
  const row = await trx
    .selectFrom("transport_declarations")
    .select([
      "id",
      "carrier_id",
      "booth_id",
      "services",
      "status",
      "version",
      "submitted_at",
      sql<string>`to_char(arrival_from, 'YYYY-MM-DD')`.as("arrival_from"),
      sql<string>`to_char(arrival_to, 'YYYY-MM-DD')`.as("arrival_to"),
    ])
    .where("id", "=", id)
    .where("user_id", "=", caller.userId)
    .where("exhibition_id", "=", caller.exhibitionId)
    .where("deleted_at", "is", null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  if (row.status !== "draft" && row.status !== "returned") throw new ApiError(ApiCode.conflict, "transport.errors.notEditable");
  if (version !== undefined && version !== row.version) throw stale();
  return row;
}

/** Prices the declaration as it now is (declared today) and bumps its version: the end of every edit. */
export async function repriceAndBump(trx: Transaction<DB>, row: { id: number; carrier_id: number; services: string; version: number }, now: Date) {
  const quote = await quoteOf(trx, row, exhibitionDate(now));
  await trx
    .updateTable("transport_declarations")
    .set({ computed_cents: quote.subtotalCents, discount_cents: quote.discountCents, version: row.version + 1, updated_at: now })
    .where("id", "=", row.id)
    .execute();
  return quote;
}

/** POST /smeb/shipment/declaration/save: a new draft, without exhibits yet. */
export async function saveDeclaration(db: Db, viewer: Exhibitor, input: DeclarationInput, language: Language, now: Date): Promise<DeclarationDetail> {
  const { caller } = viewer;
  const header = await headerValues(db, caller, input);
  const saved = await db
    .insertInto("transport_declarations")
    .values({ ...header, exhibition_id: caller.exhibitionId, user_id: caller.userId, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return readDeclaration(db, viewer, saved.id, language);
}

/** POST /smeb/shipment/declaration/update: a new header for a draft or returned declaration. */
export async function updateDeclaration(db: Database, viewer: Exhibitor, input: DeclarationUpdate, language: Language, now: Date): Promise<DeclarationDetail> {
  const { caller } = viewer;
  await db.transaction().execute(async (trx) => {
    const row = await lockEditable(trx, caller, input.id, input.version);
    const header = await headerValues(trx, caller, input);
    await trx.updateTable("transport_declarations").set(header).where("id", "=", row.id).execute();
    await repriceAndBump(trx, { ...row, carrier_id: header.carrier_id, services: header.services }, now);
  });
  return readDeclaration(db, viewer, input.id, language);
}

/** POST /smeb/shipment/declaration/delete: only a draft the carrier never saw. */
export async function deleteDeclaration(db: Database, viewer: Exhibitor, input: { id: number; version?: number }, now: Date): Promise<DeclarationDeleted> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("transport_declarations")
      .select(["id", "status", "submitted_at", "version"])
      .where("id", "=", input.id)
      .where("user_id", "=", viewer.caller.userId)
      .where("exhibition_id", "=", viewer.caller.exhibitionId)
      .where("deleted_at", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.status !== "draft" || row.submitted_at !== null) throw new ApiError(ApiCode.conflict, "transport.errors.notDeletable");
    if (input.version !== undefined && input.version !== row.version) throw stale();
    await trx
      .updateTable("transport_declarations")
      .set({ deleted_at: now, updated_at: now, version: row.version + 1 })
      .where("id", "=", row.id)
      .execute();
  });
  return { id: input.id };
}

/**
 * POST /smeb/shipment/declaration/submit (also a returned one, corrected): at least one exhibit,
 * every service priced by the carrier, arrival from today and by the last build-up day. The quote
 * of today is stored, the last return reason stays in the history only, and the carrier is e-mailed.
 */
export async function submitDeclaration(
  deps: Mailer & { db: Database },
  viewer: Exhibitor,
  input: { id: number; version?: number },
  language: Language,
  now: Date,
): Promise<DeclarationDetail> {
  const { db } = deps;
  const { caller } = viewer;
  const today = exhibitionDate(now);
  const { buildUpTo } = await constructionSettings(db, caller.exhibitionId);
  const sent = await db.transaction().execute(async (trx) => {
    const row = await lockEditable(trx, caller, input.id, input.version);
    const carrier = await appointedCarrier(trx, caller.exhibitionId, row.carrier_id);
    const quote = await quoteOf(trx, row, today);
    const exhibitCount = (
      await trx
        .selectFrom("transport_exhibits")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("declaration_id", "=", row.id)
        .executeTakeFirstOrThrow()
    ).n;
    if (Number(exhibitCount) === 0) throw new ApiError(ApiCode.badRequest, "transport.errors.noExhibits");
    if (quote.unpriced.length) {
      const services = quote.unpriced.map((s) => translate(language, `transport.services.${s}`)).join(language === "zh" ? "、" : ", ");
      throw fieldError("transport.errors.unpriced", "services", { services });
    }
    if (row.arrival_from < today) throw fieldError("transport.errors.arrivalPast", "arrivalFrom");
    if (row.arrival_to > buildUpTo) throw fieldError("transport.errors.arrivalLate", "arrivalTo", { day: buildUpTo });
    await trx
      .updateTable("transport_declarations")
      .set({
        status: "submitted",
        submitted_at: now,
        return_reason: null,
        decided_at: null,
        decided_by: null,
        computed_cents: quote.subtotalCents,
        discount_cents: quote.discountCents,
        version: row.version + 1,
        updated_at: now,
      })
      .where("id", "=", row.id)
      .execute();
    await trx
      .insertInto("transport_events")
      .values({ declaration_id: row.id, kind: "declaration:submitted", actor_id: caller.userId, created_at: now })
      .execute();
    return { carrier, quote, exhibitCount: Number(exhibitCount), resubmitted: row.submitted_at !== null };
  });
  const detail = await readDeclaration(db, viewer, input.id, language);
  await notifyCarrier(deps, detail.id, sent.carrier.contact_email, { ...sent, boothNo: detail.boothNo });
  return detail;
}

/** Tells the carrier a declaration waits for its review (in Chinese: the area is Chinese only). */
async function notifyCarrier(
  deps: Mailer & { db: Db },
  id: number,
  to: string,
  sent: { quote: { volumeCm3: number; totalCents: number }; exhibitCount: number; resubmitted: boolean; boothNo: string },
) {
  const owner = await deps.db
    .selectFrom("transport_declarations as d")
    .innerJoin("users as u", "u.id", "d.user_id")
    .select(["u.business_name", "u.business_name_en", "u.username", "d.exhibition_id"])
    .where("d.id", "=", id)
    .executeTakeFirstOrThrow();
  const exhibitor = exhibitorNameOf(owner, "zh");
  const what = sent.resubmitted ? "修改后重新提交了" : "提交了";
  await sendQuietly(
    deps,
    {
      kind: "transportDeclaration",
      exhibitionId: owner.exhibition_id,
      to,
      subject: `展品运输申报待审核：${exhibitor}（展位 ${sent.boothNo}）`,
      text: [
        "您好：",
        "",
        `展商 ${exhibitor}（展位 ${sent.boothNo}）${what}展品运输申报 #${id}，请审核。`,
        `展品 ${sent.exhibitCount} 项，总体积 ${cm3ToM3Text(sent.quote.volumeCm3)} m³，系统核算金额 ${formatCny(sent.quote.totalCents)}。`,
        `请登录展商服务平台，在“承运商审核”页面处理：${await portalLink(deps.db, owner.exhibition_id, deps.config, CARRIER_REVIEW_PAGE)}`,
        "",
        "此邮件由系统自动发送，请勿直接回复。",
      ].join("\n"),
    },
    { message: "transport e-mail could not be sent", context: { declarationId: id } },
  );
}
