import { sql } from "kysely";
import type { CarrierLiftingList, LiftingBookingView, LiftingList, LiftingSendView } from "../../app/contracts/transport/api-types";
import { liftingFee, type LiftingFeeClass } from "../../app/contracts/transport/pricing";
import type { LiftingInput } from "../../app/contracts/transport/schema";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import { unitsToDecimal } from "../../app/contracts/common/quantity";
import { ApiCode, ApiError, notFound, fieldError } from "../api/envelope";
import { exhibitorNameIn, exhibitorNamesOf } from "../exhibitor/names";
import { constructionSettings } from "../booth-construction/common";
import type { Database, Db } from "../db/database";
import { appointedCarrier, appointedCarriers, ownBooth, ownBooths, type Viewer } from "./common";
import type { Caller } from "../auth/caller";
import { iso } from "../db/column-values";

/**
 * Hoisting and forklift bookings (spec /exhibitTL exhibitsCostReservation, issue 17 points 3 and 4,
 * decision 019). The exhibitor books a piece's lifting on a build-up or dismantling day; the fee is
 * the seeded weight class's, per piece. Once the list was e-mailed to a carrier (lifting_sends, see
 * lifting-mail.ts) the exhibitor can neither add nor delete (409): the carrier works from what it
 * received, confirms each booking, and later corrections go through the contact log. Every write
 * holds the exhibitor's user row, so an add and a send are taken one after the other.
 */
type CarrierSide = Extract<Viewer, { kind: "carrier" | "organizer" }>;

/** Weights leave as t text with up to three decimals, sizes as m text with up to two. */
const tonsText = (kg: number) => unitsToDecimal(kg, 3);
const metresText = (cm: number) => unitsToDecimal(cm, 2);

const liftingLocked = () => new ApiError(ApiCode.conflict, "transport.errors.liftingLocked");

/** Takes the exhibitor's user row for the rest of the transaction: saves, deletes and sends of one exhibitor queue here. */
export async function lockExhibitor(trx: Db, caller: Caller) {
  await trx.selectFrom("users").select("id").where("id", "=", caller.userId).forUpdate().executeTakeFirstOrThrow();
}

/** Whether anything of the exhibitor's was e-mailed to a carrier (the list is locked from then on). */
async function isLocked(db: Db, caller: Caller) {
  const sent = await db
    .selectFrom("lifting_sends")
    .select("id")
    .where("user_id", "=", caller.userId)
    .where("exhibition_id", "=", caller.exhibitionId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(sent);
}

/** Live bookings with booth number and carrier names, oldest day and slot first. */
export function selectBookings(db: Db, exhibitionId: number) {
  return db
    .selectFrom("lifting_bookings as l")
    .innerJoin("booths as b", "b.id", "l.booth_id")
    .innerJoin("carriers as c", "c.id", "l.carrier_id")
    .select([
      "l.id",
      "l.user_id",
      "l.kind",
      "l.weight_kg",
      "l.length_cm",
      "l.width_cm",
      "l.height_cm",
      "l.pieces",
      sql<string>`to_char(l.work_day, 'YYYY-MM-DD')`.as("work_day"),
      "l.slot",
      "l.booth_id",
      "b.booth_no",
      "l.carrier_id",
      "c.name_zh as carrier_name_zh",
      "c.name_en as carrier_name_en",
      "l.fee_cents",
      "l.status",
      "l.confirmed_at",
    ])
    .where("l.exhibition_id", "=", exhibitionId)
    .where("l.deleted_at", "is", null)
    .orderBy("l.work_day")
    .orderBy("l.slot")
    .orderBy("l.id");
}
export type BookingRow = Awaited<ReturnType<ReturnType<typeof selectBookings>["execute"]>>[number];

export function bookingView(row: BookingRow, language: Language, sentAt: string | null): LiftingBookingView {
  return {
    id: row.id,
    kind: row.kind,
    weightT: tonsText(row.weight_kg),
    lengthM: metresText(row.length_cm),
    widthM: metresText(row.width_cm),
    heightM: metresText(row.height_cm),
    pieces: row.pieces,
    workDay: row.work_day,
    slot: row.slot,
    boothId: row.booth_id,
    boothNo: row.booth_no,
    carrierId: row.carrier_id,
    carrierName: language === "en" ? row.carrier_name_en : row.carrier_name_zh,
    feeCents: Number(row.fee_cents),
    status: row.status,
    confirmedAt: iso(row.confirmed_at),
    sentAt,
  };
}

/** booking_ids as written by the send: "12,13". */
export const bookingIdsOf = (text: string) =>
  text
    .split(",")
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);

/** What one send recorded (lifting-mail.ts writes it): the lines as e-mailed and their total. */
export type SendSummary = {
  exhibitorName: string;
  booths: string[];
  lines: Pick<LiftingBookingView, "id" | "kind" | "weightT" | "lengthM" | "widthM" | "heightM" | "pieces" | "workDay" | "slot" | "boothNo" | "feeCents">[];
  totalFeeCents: number;
};

async function feeClasses(db: Db, exhibitionId: number): Promise<LiftingFeeClass[]> {
  const rows = await db
    .selectFrom("lifting_fee_classes")
    .select(["kind", "max_weight_kg", "fee_cents"])
    .where("exhibition_id", "=", exhibitionId)
    .orderBy("kind")
    .orderBy("max_weight_kg")
    .execute();
  return rows.map((r) => ({ kind: r.kind, maxWeightKg: r.max_weight_kg, feeCents: Number(r.fee_cents) }));
}

/** GET /smeb/shipment/forklift/list: the exhibitor's bookings, what was sent, and what the form offers. */
export async function liftingList(db: Db, caller: Caller, language: Language): Promise<LiftingList> {
  const [rows, sends, classes, settings, carriers, booths] = await Promise.all([
    selectBookings(db, caller.exhibitionId).where("l.user_id", "=", caller.userId).execute(),
    db
      .selectFrom("lifting_sends as s")
      .innerJoin("carriers as c", "c.id", "s.carrier_id")
      .select(["s.id", "s.sent_to", "s.booking_ids", "s.summary", "s.sent_at", "c.name_zh", "c.name_en"])
      .where("s.user_id", "=", caller.userId)
      .where("s.exhibition_id", "=", caller.exhibitionId)
      .orderBy("s.id", "desc")
      .execute(),
    feeClasses(db, caller.exhibitionId),
    constructionSettings(db, caller.exhibitionId),
    appointedCarriers(db, caller.exhibitionId),
    ownBooths(db, caller),
  ]);
  // A booking is sent once (the list locks), but the oldest send wins should two ever name it.
  const sentAt = new Map<number, string>();
  for (const send of [...sends].reverse()) for (const id of bookingIdsOf(send.booking_ids)) if (!sentAt.has(id)) sentAt.set(id, iso(send.sent_at)!);
  const bookings = rows.map((row) => bookingView(row, language, sentAt.get(row.id) ?? null));
  return {
    bookings,
    locked: sends.length > 0,
    sends: sends.map((s): LiftingSendView => {
      const summary = (typeof s.summary === "string" ? JSON.parse(s.summary) : s.summary) as SendSummary;
      return {
        id: s.id,
        sentAt: iso(s.sent_at)!,
        sentTo: s.sent_to,
        carrierName: language === "en" ? s.name_en : s.name_zh,
        count: bookingIdsOf(s.booking_ids).length,
        totalFeeCents: Number(summary.totalFeeCents),
      };
    }),
    classes: classes.map((c) => ({ kind: c.kind, maxWeightT: tonsText(c.maxWeightKg), feeCents: c.feeCents })),
    days: { buildUpFrom: settings.buildUpFrom, buildUpTo: settings.buildUpTo, dismantleFrom: settings.dismantleFrom, dismantleTo: settings.dismantleTo },
    carriers: carriers.map((c) => ({ id: c.id, name: language === "en" ? c.name_en : c.name_zh })),
    booths,
    totalFeeCents: bookings.reduce((sum, b) => sum + b.feeCents, 0),
  };
}

/** The checks of a new booking that read only reference data: the carrier's offer, the day, the weight class. */
async function checkBooking(db: Db, caller: Caller, input: LiftingInput, language: Language) {
  await appointedCarrier(db, caller.exhibitionId, input.carrierId);
  // "forklift" and "crane" are also services of the carrier's price list: no row, no such equipment.
  const offered = await db
    .selectFrom("carrier_prices")
    .select("service")
    .where("carrier_id", "=", input.carrierId)
    .where("service", "=", input.kind)
    .executeTakeFirst();
  if (!offered) throw fieldError("transport.errors.liftingNotOffered", "carrierId", { kind: translate(language, `transport.liftingKinds.${input.kind}`) });
  const days = await constructionSettings(db, caller.exhibitionId);
  const onBuildUp = input.workDay >= days.buildUpFrom && input.workDay <= days.buildUpTo;
  const onDismantling = input.workDay >= days.dismantleFrom && input.workDay <= days.dismantleTo;
  if (!onBuildUp && !onDismantling) {
    throw fieldError("transport.errors.liftingDay", "workDay", {
      buildUp: `${days.buildUpFrom} – ${days.buildUpTo}`,
      dismantle: `${days.dismantleFrom} – ${days.dismantleTo}`,
    });
  }
  const fee = liftingFee(await feeClasses(db, caller.exhibitionId), input.kind, input.weight, input.pieces);
  if (!fee) throw fieldError("transport.errors.liftingTooHeavy", "weight", { weight: tonsText(input.weight) });
  return fee.feeCents;
}

/** POST /smeb/shipment/forklift/save: one new booking (weight in kg, sizes in cm), while the list is not locked. */
export async function saveLifting(db: Database, caller: Caller, input: LiftingInput, language: Language, now: Date): Promise<LiftingList> {
  await db.transaction().execute(async (trx) => {
    await lockExhibitor(trx, caller);
    if (await isLocked(trx, caller)) throw liftingLocked();
    await ownBooth(trx, caller, input.boothId);
    const feeCents = await checkBooking(trx, caller, input, language);
    const taken = await trx
      .selectFrom("lifting_bookings")
      .select("id")
      .where("booth_id", "=", input.boothId)
      .where("work_day", "=", input.workDay)
      .where("slot", "=", input.slot)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (taken) throw fieldError("transport.errors.liftingSlotTaken", "slot");
    await trx
      .insertInto("lifting_bookings")
      .values({
        exhibition_id: caller.exhibitionId,
        user_id: caller.userId,
        booth_id: input.boothId,
        carrier_id: input.carrierId,
        kind: input.kind,
        weight_kg: input.weight,
        length_cm: input.length,
        width_cm: input.width,
        height_cm: input.height,
        pieces: input.pieces,
        work_day: input.workDay,
        slot: input.slot,
        fee_cents: feeCents,
        created_at: now,
      })
      .execute();
  });
  return liftingList(db, caller, language);
}

/** POST /smeb/shipment/forklift/delete: the caller's own booking (else 404), while the list is not locked; kept, marked deleted. */
export async function deleteLifting(db: Database, caller: Caller, id: number, language: Language, now: Date): Promise<LiftingList> {
  await db.transaction().execute(async (trx) => {
    await lockExhibitor(trx, caller);
    const own = await trx
      .selectFrom("lifting_bookings")
      .select("id")
      .where("id", "=", id)
      .where("user_id", "=", caller.userId)
      .where("exhibition_id", "=", caller.exhibitionId)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (!own) throw notFound();
    if (await isLocked(trx, caller)) throw liftingLocked();
    await trx.updateTable("lifting_bookings").set({ deleted_at: now }).where("id", "=", id).execute();
  });
  return liftingList(db, caller, language);
}

/**
 * The sends a carrier may read: its own (the organizer: every one of the exhibition), as
 * booking id → when it was sent. A booking never sent is never a carrier's business.
 */
async function sentBookings(db: Db, viewer: CarrierSide) {
  let sends = db.selectFrom("lifting_sends").select(["booking_ids", "sent_at"]).where("exhibition_id", "=", viewer.caller.exhibitionId).orderBy("id");
  if (viewer.kind === "carrier") sends = sends.where("carrier_id", "=", viewer.carrierId);
  const sentAt = new Map<number, string>();
  for (const send of await sends.execute()) for (const id of bookingIdsOf(send.booking_ids)) if (!sentAt.has(id)) sentAt.set(id, iso(send.sent_at)!);
  return sentAt;
}

function carrierBookings(db: Db, viewer: CarrierSide, ids: number[]) {
  let rows = selectBookings(db, viewer.caller.exhibitionId).where("l.id", "in", ids.length ? ids : [0]);
  if (viewer.kind === "carrier") rows = rows.where("l.carrier_id", "=", viewer.carrierId);
  return rows;
}

/** GET /shipment/forklift/list: the bookings e-mailed to this carrier (the organizer: every sent one), with the exhibitor's name. */
export async function carrierLiftingList(db: Db, viewer: CarrierSide, language: Language): Promise<CarrierLiftingList> {
  const sentAt = await sentBookings(db, viewer);
  const rows = await carrierBookings(db, viewer, [...sentAt.keys()]).execute();
  const names = await exhibitorNamesOf(
    db,
    viewer.caller.exhibitionId,
    rows.map((r) => r.user_id),
  );
  return {
    bookings: rows.map((row) => ({
      ...bookingView(row, language, sentAt.get(row.id) ?? null),
      exhibitorName: exhibitorNameIn(names.get(row.user_id), language),
    })),
  };
}

/** POST /shipment/forklift/confirm: the carrier confirms one booking it was sent; anyone else's answers 404. */
export async function confirmLifting(
  db: Database,
  carrier: Extract<Viewer, { kind: "carrier" }>,
  id: number,
  language: Language,
  now: Date,
): Promise<CarrierLiftingList> {
  await db.transaction().execute(async (trx) => {
    const sentAt = await sentBookings(trx, carrier);
    if (!sentAt.has(id)) throw notFound();
    const row = await trx
      .selectFrom("lifting_bookings")
      .select(["id", "status"])
      .where("id", "=", id)
      .where("carrier_id", "=", carrier.carrierId)
      .where("exhibition_id", "=", carrier.caller.exhibitionId)
      .where("deleted_at", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.status === "confirmed") throw new ApiError(ApiCode.conflict, "transport.errors.liftingConfirmed");
    await trx
      .updateTable("lifting_bookings")
      .set({ status: "confirmed", confirmed_at: now, confirmed_by: carrier.caller.userId })
      .where("id", "=", id)
      .execute();
  });
  return carrierLiftingList(db, carrier, language);
}
