import { countRows, pageRows } from "../db/paging";
import { sql } from "kysely";
import type {
  CarrierExpressList,
  ExpressBookingView,
  ExpressFilters,
  ExpressList,
  ExpressStatus,
  ExpressStepView,
} from "../../app/contracts/vehicles/express/types";
import { EXPRESS_STATUSES, type ExpressInput } from "../../app/contracts/vehicles/schema";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import { unitsToDecimal } from "../../app/contracts/common/quantity";
import { ApiCode, ApiError, notFound, fieldError } from "../api/envelope";
import { exhibitorNameIn, exhibitorNamesOf } from "../exhibitor/names";
import type { Database, Db } from "../db/database";
import { readDraft } from "../exhibitor/profiles";
import { addDays, exhibitionDate } from "../../app/contracts/common/exhibition-time";
import type { DemoCalendar } from "../seed/demo-calendar";
import { appointedCarrier, appointedCarriers, ownBooth, ownBooths, requireCarrier, stale, type Viewer } from "../transport/common";
import type { Caller } from "../auth/caller";
import { iso } from "../db/column-values";
import { sendQuietly } from "../notify/send-quietly";
import type { Mailer } from "../api/context";
import { portalLink } from "../exhibition-settings/public-url";

/**
 * Small-exhibit express (spec /exhibitTL smallExhibitsExpress, issue 18 points 3 and 7). The
 * exhibitor books a parcel to its booth with one of the appointed carriers; the carrier moves it
 * booked → received at the warehouse → delivered to the booth, one named step at a time, each an
 * express_events row (when, who). The exhibitor may delete a booking only while it is still booked.
 * Another exhibitor's or another carrier's booking answers like an unknown one (404).
 */
const EXPRESS_PAGE_SIZE = 20;
const EXPRESS_PAGE = "/exhibitTL/smallExhibitsExpress";
type CarrierSide = Extract<Viewer, { kind: "carrier" | "organizer" }>;
export type ExpressQuery = { status?: ExpressStatus; from?: string; to?: string; page: number };

// The page shows a field's key without values: these messages name no value (the form's hint shows the days).

function nextExpressStatus(status: ExpressStatus): ExpressStatus | null {
  return EXPRESS_STATUSES[EXPRESS_STATUSES.indexOf(status) + 1] ?? null;
}

/** Live bookings of the exhibition with their booth and carrier, narrowed by the list's filters. */
function selectBookings(db: Db, exhibitionId: number, query: Omit<ExpressQuery, "page"> = {}) {
  let rows = db
    .selectFrom("express_bookings as e")
    .innerJoin("booths as b", "b.id", "e.booth_id")
    .innerJoin("carriers as c", "c.id", "e.carrier_id")
    .select([
      "e.id",
      "e.user_id",
      "e.booth_id",
      "b.booth_no",
      "e.carrier_id",
      "c.name_zh as carrier_zh",
      "c.name_en as carrier_en",
      "e.sender_name",
      "e.sender_phone",
      "e.sender_address",
      "e.recipient_name",
      "e.recipient_phone",
      "e.item_name",
      "e.pieces",
      "e.gross_weight_g",
      "e.length_cm",
      "e.width_cm",
      "e.height_cm",
      sql<string>`to_char(e.expected_on, 'YYYY-MM-DD')`.as("expected_on"),
      "e.tracking_no",
      "e.status",
      "e.version",
      "e.created_at",
    ])
    .where("e.exhibition_id", "=", exhibitionId)
    .where("e.deleted_at", "is", null);
  if (query.status) rows = rows.where("e.status", "=", query.status);
  if (query.from) rows = rows.where("e.expected_on", ">=", query.from);
  if (query.to) rows = rows.where("e.expected_on", "<=", query.to);
  return rows;
}
type BookingRow = Awaited<ReturnType<ReturnType<typeof selectBookings>["execute"]>>[number];
type BookingQuery = ReturnType<typeof selectBookings>;

/** Each booking's steps: the first event of every status, in order; statuses not reached have no time. */
async function stepsOf(db: Db, ids: number[]) {
  const steps = new Map<number, ExpressStepView[]>();
  if (!ids.length) return steps;
  const events = await db.selectFrom("express_events").select(["booking_id", "status", "created_at"]).where("booking_id", "in", ids).orderBy("id").execute();
  for (const id of ids) {
    const own = events.filter((e) => e.booking_id === id);
    steps.set(
      id,
      EXPRESS_STATUSES.map((status) => ({ status, at: iso(own.find((e) => e.status === status)?.created_at ?? null) })),
    );
  }
  return steps;
}

function viewOf(row: BookingRow, steps: ExpressStepView[] | undefined, language: Language): ExpressBookingView {
  return {
    id: row.id,
    boothId: row.booth_id,
    boothNo: row.booth_no,
    carrierId: row.carrier_id,
    carrierName: language === "en" ? row.carrier_en : row.carrier_zh,
    senderName: row.sender_name,
    senderPhone: row.sender_phone,
    senderAddress: row.sender_address,
    recipientName: row.recipient_name,
    recipientPhone: row.recipient_phone,
    itemName: row.item_name,
    pieces: row.pieces,
    grossWeightKg: unitsToDecimal(Number(row.gross_weight_g), 3),
    lengthCm: row.length_cm,
    widthCm: row.width_cm,
    heightCm: row.height_cm,
    expectedOn: row.expected_on,
    trackingNo: row.tracking_no,
    status: row.status,
    nextStatus: nextExpressStatus(row.status),
    steps: steps ?? EXPRESS_STATUSES.map((status) => ({ status, at: null })),
    version: row.version,
    createdAt: iso(row.created_at)!,
  };
}

/** One page of `rows` (already scoped and filtered), newest first or by expected day, with the total and every row's steps. */
async function pageOf(db: Db, rows: BookingQuery, page: number, newestFirst: boolean) {
  const [total, records] = await Promise.all([
    countRows(rows),
    pageRows(newestFirst ? rows.orderBy("e.id", "desc") : rows.orderBy("e.expected_on").orderBy("e.id"), page, EXPRESS_PAGE_SIZE),
  ]);
  return {
    total,
    records,
    steps: await stepsOf(
      db,
      records.map((r) => r.id),
    ),
  };
}

const filtersOf = (query: ExpressQuery): ExpressFilters => ({ status: query.status ?? null, from: query.from ?? null, to: query.to ?? null });

async function lastShowDay(db: Db, exhibitionId: number) {
  const row = await db
    .selectFrom("exhibitions")
    .select(sql<string>`to_char(ends_on, 'YYYY-MM-DD')`.as("ends_on"))
    .where("id", "=", exhibitionId)
    .executeTakeFirstOrThrow();
  return row.ends_on;
}

/** The booth's contact for the recipient: the profile's first contact (as submitted, else the draft), else the account's phone. */
async function boothContact(db: Db, caller: Caller) {
  const [profile, user] = await Promise.all([
    db
      .selectFrom("exhibitor_profiles")
      .select(["submitted", "draft"])
      .where("user_id", "=", caller.userId)
      .where("exhibition_id", "=", caller.exhibitionId)
      .executeTakeFirst(),
    db.selectFrom("users").select("contact_phone").where("id", "=", caller.userId).executeTakeFirstOrThrow(),
  ]);
  const draft = readDraft(profile?.submitted ?? profile?.draft) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  return { name: text(draft.contact1Name), phone: text(draft.contact1Mobile) || text(user.contact_phone) };
}

/** GET /smeb/express/list: the exhibitor's bookings (the history, newest first) and what the booking form offers. */
export async function expressList(db: Db, caller: Caller, query: ExpressQuery, language: Language, now: Date): Promise<ExpressList> {
  const [page, booths, carriers, recipient, lastDay] = await Promise.all([
    pageOf(db, selectBookings(db, caller.exhibitionId, query).where("e.user_id", "=", caller.userId), query.page, true),
    ownBooths(db, caller),
    appointedCarriers(db, caller.exhibitionId),
    boothContact(db, caller),
    lastShowDay(db, caller.exhibitionId),
  ]);
  return {
    items: page.records.map((row) => viewOf(row, page.steps.get(row.id), language)),
    total: page.total,
    page: query.page,
    pageSize: EXPRESS_PAGE_SIZE,
    filters: filtersOf(query),
    booths,
    carriers: carriers.map((c) => ({ id: c.id, name: language === "en" ? c.name_en : c.name_zh })),
    recipient,
    today: exhibitionDate(now),
    lastShowDay: lastDay,
  };
}

/** POST /smeb/express/save: a new booking to the caller's own booth with an appointed carrier, arriving from today to the last show day. */
export async function saveExpress(db: Database, caller: Caller, input: ExpressInput, language: Language, now: Date): Promise<ExpressBookingView> {
  await ownBooth(db, caller, input.boothId);
  await appointedCarrier(db, caller.exhibitionId, input.carrierId);
  const today = exhibitionDate(now);
  if (input.expectedOn < today) throw fieldError("vehicles.express.errors.expectedPast", "expectedOn");
  const lastDay = await lastShowDay(db, caller.exhibitionId);
  if (input.expectedOn > lastDay) throw fieldError("vehicles.express.errors.expectedLate", "expectedOn");
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("express_bookings")
      .values({
        exhibition_id: caller.exhibitionId,
        user_id: caller.userId,
        booth_id: input.boothId,
        carrier_id: input.carrierId,
        sender_name: input.senderName,
        sender_phone: input.senderPhone,
        sender_address: input.senderAddress,
        recipient_name: input.recipientName,
        recipient_phone: input.recipientPhone,
        item_name: input.itemName,
        pieces: input.pieces,
        gross_weight_g: input.grossWeight,
        length_cm: input.length,
        width_cm: input.width,
        height_cm: input.height,
        expected_on: input.expectedOn,
        tracking_no: input.trackingNo ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx.insertInto("express_events").values({ booking_id: row.id, status: "booked", actor_id: caller.userId, created_at: now }).execute();
    return row.id;
  });
  return readOne(db, caller.exhibitionId, id, language);
}

async function readOne(db: Db, exhibitionId: number, id: number, language: Language) {
  const row = await selectBookings(db, exhibitionId).where("e.id", "=", id).executeTakeFirstOrThrow();
  return viewOf(row, (await stepsOf(db, [id])).get(id), language);
}

const checkVersion = (expected: number | undefined, actual: number) => {
  if (expected !== undefined && expected !== actual) throw stale();
};

/** POST /smeb/express/delete: the caller's own booking (else 404) while still booked (else 409); kept, marked deleted. */
export async function deleteExpress(db: Database, caller: Caller, input: { id: number; version?: number }, now: Date): Promise<{ id: number }> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("express_bookings")
      .select(["id", "status", "version"])
      .where("id", "=", input.id)
      .where("user_id", "=", caller.userId)
      .where("exhibition_id", "=", caller.exhibitionId)
      .where("deleted_at", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.status !== "booked") throw new ApiError(ApiCode.conflict, "vehicles.express.errors.notDeletable");
    checkVersion(input.version, row.version);
    await trx
      .updateTable("express_bookings")
      .set({ deleted_at: now, updated_at: now, version: row.version + 1 })
      .where("id", "=", row.id)
      .execute();
  });
  return { id: input.id };
}

/** GET /shipment/express/list: the bookings addressed to the carrier (the organizer: every one), by expected day. */
export async function carrierExpressList(db: Database, viewer: CarrierSide, query: ExpressQuery, language: Language): Promise<CarrierExpressList> {
  let rows = selectBookings(db, viewer.caller.exhibitionId, query);
  if (viewer.kind === "carrier") rows = rows.where("e.carrier_id", "=", viewer.carrierId);
  const page = await pageOf(db, rows, query.page, false);
  const names = await exhibitorNamesOf(
    db,
    viewer.caller.exhibitionId,
    page.records.map((r) => r.user_id),
  );
  return {
    carrier: viewer.kind === "carrier" ? { id: viewer.carrierId, name: viewer.carrierName } : null,
    items: page.records.map((row) => ({ ...viewOf(row, page.steps.get(row.id), language), exhibitorName: exhibitorNameIn(names.get(row.user_id), language) })),
    total: page.total,
    page: query.page,
    pageSize: EXPRESS_PAGE_SIZE,
    filters: filtersOf(query),
  };
}

/**
 * POST /shipment/express/step: the carrier moves its own booking to `status`, which must be the one
 * after the current (naming it means a double submit cannot move two steps, nor back); at the
 * version it read. Delivered: the exhibitor is e-mailed (a failed mail does not undo the step).
 */
export async function moveExpress(
  db: Database,
  mailer: Mailer,
  viewer: CarrierSide,
  input: { id: number; version?: number; status: ExpressStatus },
  language: Language,
  now: Date,
): Promise<ExpressBookingView> {
  const carrier = requireCarrier(viewer);
  const userId = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("express_bookings")
      .select(["id", "user_id", "status", "version"])
      .where("id", "=", input.id)
      .where("carrier_id", "=", carrier.carrierId)
      .where("exhibition_id", "=", carrier.caller.exhibitionId)
      .where("deleted_at", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    if (nextExpressStatus(row.status) !== input.status) {
      throw new ApiError(ApiCode.conflict, "vehicles.express.errors.stepOrder", { status: translate(language, `vehicles.expressStatuses.${input.status}`) });
    }
    checkVersion(input.version, row.version);
    await trx
      .updateTable("express_bookings")
      .set({ status: input.status, version: row.version + 1, updated_at: now })
      .where("id", "=", row.id)
      .execute();
    await trx.insertInto("express_events").values({ booking_id: row.id, status: input.status, actor_id: carrier.caller.userId, created_at: now }).execute();
    return row.user_id;
  });
  const view = await readOne(db, carrier.caller.exhibitionId, input.id, language);
  if (input.status === "delivered") await tellDelivered(db, mailer, userId, view, carrier.carrierName);
  return view;
}

/** The exhibitor's e-mail when its parcel reached the booth (in Chinese: the area is Chinese only). */
async function tellDelivered(db: Db, mailer: Mailer, userId: number, booking: ExpressBookingView, carrierName: string) {
  const user = await db
    .selectFrom("users")
    .select([sql<string | null>`nullif(trim(contact_email), '')`.as("email"), "exhibition_id"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user?.email) return;
  const link = await portalLink(db, user.exhibition_id, mailer.config, EXPRESS_PAGE);
  await sendQuietly(
    mailer,
    {
      kind: "expressDelivered",
      userId,
      to: user.email,
      subject: `小件展品已送达展位（快递预约 #${booking.id}）`,
      text: [
        "您好：",
        "",
        `${carrierName}已将您的小件展品“${booking.itemName}”（${booking.pieces} 件，${booking.grossWeightKg} 千克）送达展位 ${booking.boothNo}，请及时查收。`,
        `收件人：${booking.recipientName} ${booking.recipientPhone}`,
        "",
        `请登录展商服务平台查看：${link}`,
        "",
        "此邮件由系统自动发送，请勿直接回复。",
      ].join("\n"),
    },
    { message: "transport e-mail could not be sent", context: { expressBookingId: booking.id } },
  );
}

/**
 * Demo data: std01 has one parcel with carrier01's company (shunda) to booth 1A01, expected three
 * days before opening, already received at the warehouse. Skipped when the exhibition has any booking.
 */
export async function seedExpressDemo(db: Database, exhibitionId: number, calendar: DemoCalendar) {
  if (await db.selectFrom("express_bookings").select("id").where("exhibition_id", "=", exhibitionId).executeTakeFirst()) return;
  const [carrier, booth, carrierUser] = await Promise.all([
    db.selectFrom("carriers").select("id").where("exhibition_id", "=", exhibitionId).where("code", "=", "shunda").executeTakeFirst(),
    db.selectFrom("booths").select(["id", "user_id"]).where("exhibition_id", "=", exhibitionId).where("booth_no", "=", "1A01").executeTakeFirst(),
    db.selectFrom("users").select("id").where("username", "=", "carrier01").executeTakeFirst(),
  ]);
  if (!carrier || !booth) return;
  const at = (day: string, time: string) => `${day}T${time}:00+08:00`;
  const bookedAt = at(addDays(calendar.seededOn, -1), "10:20");
  const receivedAt = at(calendar.seededOn, "15:40");
  const row = await db
    .insertInto("express_bookings")
    .values({
      exhibition_id: exhibitionId,
      user_id: booth.user_id,
      booth_id: booth.id,
      carrier_id: carrier.id,
      sender_name: "深圳星河智能科技有限公司",
      sender_phone: "13812345678",
      sender_address: "广东省深圳市南山区科技园科苑路 15 号",
      recipient_name: "张三",
      recipient_phone: "13812345678",
      item_name: "产品宣传册及样品",
      pieces: 2,
      gross_weight_g: 18_500,
      length_cm: 60,
      width_cm: 40,
      height_cm: 35,
      expected_on: addDays(calendar.opensOn, -3),
      tracking_no: "SF1234567890",
      status: "received",
      version: 1,
      created_at: bookedAt,
      updated_at: receivedAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("express_events")
    .values([
      { booking_id: row.id, status: "booked", actor_id: booth.user_id, created_at: bookedAt },
      { booking_id: row.id, status: "received", actor_id: carrierUser?.id ?? null, created_at: receivedAt },
    ])
    .execute();
}
