import { sql } from "kysely";
import type { z } from "zod";
import type { truckDecisionSchema, TruckInput, truckUpdateSchema } from "../../app/contracts/vehicles/schema";
import type { TruckDays, TruckList, TruckReviewList, TruckStatus, TruckView } from "../../app/contracts/vehicles/trucks/types";
import type { Language } from "../../app/contracts/i18n/config";
import { maskPhone } from "../../app/contracts/common/format";
import { withProp } from "../../app/contracts/common/validation";
import { ApiCode, ApiError, fieldError } from "../api/envelope";
import { constructionSettings } from "../booth-construction/common";
import type { Database, Db } from "../db/database";
import type { DemoCalendar } from "../seed/demo-calendar";
import { ownBooth, ownBooths } from "../transport/common";
import { saveUpload, storedFileUrl } from "../uploads/files";
import type { ObjectStore } from "../uploads/object-store";
import { ORGANIZER_ROLE_ID } from "../../app/contracts/permission/roles";
import type { Caller } from "../auth/caller";
import { iso } from "../db/column-values";
import { sendQuietly } from "../notify/send-quietly";
import type { Mailer } from "../api/context";
import { portalLink } from "../exhibition-settings/public-url";
import { TRUCKS } from "./kinds";
import {
  deleteOwn,
  lockForUpdate,
  drivingLicense,
  lockWaiting,
  pageOffset,
  REVIEW_STATUSES,
  reviewPage,
  statusCounts,
  uniqueRefusal,
  waitingFirst,
  withExhibitorNames,
} from "./registrations";

/**
 * Yellow-plate trucks for build-up and dismantling (spec /exhibitTL truckInformationSubmit, points
 * 3-5; issue 18). The plate is the registration: it never changes (the API refuses with 409, a
 * trigger refuses any statement), so a wrong plate means deleting the entry and adding another,
 * which is allowed until the organizer approves. One plate once a day in the exhibition. The
 * organizer (truckReview) approves with the gate the truck uses, or returns it with a reason.
 */
const EXHIBITOR_PAGE = "/exhibitTL/truckInformationSubmit";

type UpdateInput = z.output<typeof truckUpdateSchema>;
type DecisionInput = z.output<typeof truckDecisionSchema>;
export type ReviewQuery = { status?: string; day?: string; page: number };

const plateTaken = () => fieldError("vehicles.trucks.errors.plateTaken", "plate");
/** A unique-index refusal of two saves of the same plate at once reads as the plate being taken. */
const plateDayGuard = <T>(work: () => Promise<T>) => uniqueRefusal("yellow_trucks_plate_day", plateTaken, work);

/** Live trucks of the exhibition with booth number and licence file. */
export function selectTrucks(db: Db, exhibitionId: number) {
  return db
    .selectFrom("yellow_trucks as t")
    .innerJoin("booths as b", "b.id", "t.booth_id")
    .leftJoin("stored_files as f", "f.id", "t.license_file_id")
    .select([
      "t.id",
      "t.version",
      "t.user_id",
      "t.booth_id",
      "b.booth_no",
      "t.plate",
      "t.trailer_plate",
      "t.kind",
      "t.driver_name",
      "t.driver_phone",
      sql<string>`to_char(t.planned_on, 'YYYY-MM-DD')`.as("planned_on"),
      "t.license_file_id",
      "f.original_name as license_name",
      "t.status",
      "t.return_reason",
      "t.gate",
      "t.decided_at",
      "t.created_at",
    ])
    .where("t.exhibition_id", "=", exhibitionId)
    .where("t.deleted_at", "is", null);
}
export type TruckRow = Awaited<ReturnType<ReturnType<typeof selectTrucks>["execute"]>>[number];

/** docs/product.md § Organizer: the driver's mobile as typed for the organizer only. */
function truckView(row: TruckRow, roleId: number): TruckView {
  return {
    id: row.id,
    version: row.version,
    boothId: row.booth_id,
    boothNo: row.booth_no,
    plate: row.plate,
    trailerPlate: row.trailer_plate,
    kind: row.kind,
    driverName: row.driver_name,
    driverPhone: roleId === ORGANIZER_ROLE_ID ? row.driver_phone : maskPhone(row.driver_phone),
    plannedOn: row.planned_on,
    license: row.license_name ? { url: storedFileUrl(row.license_file_id), name: row.license_name } : null,
    status: row.status,
    returnReason: row.return_reason,
    gate: row.gate,
    decidedAt: iso(row.decided_at),
    createdAt: iso(row.created_at)!,
    canEdit: row.status !== "approved",
    canDelete: row.status !== "approved",
  };
}

export async function truckDays(db: Db, exhibitionId: number): Promise<TruckDays> {
  const s = await constructionSettings(db, exhibitionId);
  return { buildUpFrom: s.buildUpFrom, buildUpTo: s.buildUpTo, dismantleFrom: s.dismantleFrom, dismantleTo: s.dismantleTo };
}

/** The days a truck of `kind` may come: build-up for installation, dismantling for dismantling. */
export const windowOf = (days: TruckDays, kind: TruckInput["kind"]) =>
  kind === "installation" ? { from: days.buildUpFrom, to: days.buildUpTo } : { from: days.dismantleFrom, to: days.dismantleTo };

async function checkPlannedDay(db: Db, caller: Caller, input: Pick<TruckInput, "kind" | "plannedOn">) {
  const window = windowOf(await truckDays(db, caller.exhibitionId), input.kind);
  if (input.plannedOn < window.from || input.plannedOn > window.to) {
    // The message names the days; the field's own text has no placeholders (field errors are keys without values).
    const installation = input.kind === "installation";
    throw new ApiError(
      ApiCode.badRequest,
      installation ? "vehicles.trucks.errors.buildUpDay" : "vehicles.trucks.errors.dismantleDay",
      { from: window.from, to: window.to },
      {
        fields: { plannedOn: [installation ? "vehicles.trucks.errors.notBuildUpDay" : "vehicles.trucks.errors.notDismantleDay"] },
      },
    );
  }
}

/** Another live entry of the plate on the day (any exhibitor's): the truck cannot be at two gates at once. */
async function checkPlateFree(db: Db, exhibitionId: number, plate: string, plannedOn: string, exceptId = 0) {
  const taken = await db
    .selectFrom("yellow_trucks")
    .select("id")
    .where("exhibition_id", "=", exhibitionId)
    .where("plate", "=", plate)
    .where("planned_on", "=", plannedOn)
    .where("deleted_at", "is", null)
    .where("id", "<>", exceptId)
    .executeTakeFirst();
  if (taken) throw plateTaken();
}

/** GET /smeb/truck/list: the caller's own trucks, newest planned day last, and what the form offers. */
export async function truckList(db: Db, caller: Caller): Promise<TruckList> {
  const [rows, booths, days] = await Promise.all([
    selectTrucks(db, caller.exhibitionId).where("t.user_id", "=", caller.userId).orderBy("t.planned_on").orderBy("t.id").execute(),
    ownBooths(db, caller),
    truckDays(db, caller.exhibitionId),
  ]);
  return { trucks: rows.map((row) => truckView(row, caller.roleId)), booths, days };
}

/** The schema requires the plate; its type cannot say so (the field is built for the optional trailer plate too). */
function plateOf(input: { plate?: string }) {
  if (!input.plate) throw fieldError(withProp("validation.required", "vehicles.fields.plate"), "plate");
  return input.plate;
}

/** POST /smeb/truck/save: a new truck on the caller's booth, waiting for the organizer. */
export async function saveTruck(db: Database, caller: Caller, input: TruckInput, now: Date): Promise<TruckList> {
  const plate = plateOf(input);
  await plateDayGuard(() =>
    db.transaction().execute(async (trx) => {
      await ownBooth(trx, caller, input.boothId);
      await checkPlannedDay(trx, caller, input);
      await checkPlateFree(trx, caller.exhibitionId, plate, input.plannedOn);
      const license = await drivingLicense(trx, caller, input.licenseUrl, "licenseUrl");
      await trx
        .insertInto("yellow_trucks")
        .values({
          exhibition_id: caller.exhibitionId,
          user_id: caller.userId,
          booth_id: input.boothId,
          plate,
          trailer_plate: input.trailerPlate ?? null,
          kind: input.kind,
          driver_name: input.driverName,
          driver_phone: input.driverPhone,
          planned_on: input.plannedOn,
          license_file_id: license.id,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }),
  );
  return truckList(db, caller);
}

/**
 * POST /smeb/truck/update: the other details of a truck not yet approved, at the version read; a
 * returned one goes back to the organizer. The plate sent must be the registered one (409).
 */
export async function updateTruck(db: Database, caller: Caller, input: UpdateInput, now: Date): Promise<TruckList> {
  await plateDayGuard(() =>
    db.transaction().execute(async (trx) => {
      const row = await lockForUpdate(trx, TRUCKS, caller, input);
      await ownBooth(trx, caller, input.boothId);
      await checkPlannedDay(trx, caller, input);
      await checkPlateFree(trx, caller.exhibitionId, row.plate, input.plannedOn, row.id);
      const license = await drivingLicense(trx, caller, input.licenseUrl, "licenseUrl");
      await trx
        .updateTable("yellow_trucks")
        .set({
          booth_id: input.boothId,
          trailer_plate: input.trailerPlate ?? null,
          kind: input.kind,
          driver_name: input.driverName,
          driver_phone: input.driverPhone,
          planned_on: input.plannedOn,
          license_file_id: license.id,
          status: "submitted",
          return_reason: null,
          version: row.version + 1,
          updated_at: now,
        })
        .where("id", "=", row.id)
        .execute();
    }),
  );
  return truckList(db, caller);
}

/** POST /smeb/truck/delete: the caller's own truck until it is approved; kept, marked deleted. */
export async function deleteTruck(db: Database, caller: Caller, input: { id: number; version?: number }, now: Date): Promise<TruckList> {
  await deleteOwn(db, TRUCKS, caller, input, now);
  return truckList(db, caller);
}

const isStatus = (value: string): value is TruckStatus => (REVIEW_STATUSES as readonly string[]).includes(value);

/** GET /smeb/truck/review/list: every exhibitor's trucks, those waiting first, a status and a day to narrow. */
export async function reviewTrucks(db: Database, organizer: Caller, query: ReviewQuery, language: Language): Promise<TruckReviewList> {
  if (query.status !== undefined && !isStatus(query.status)) throw fieldError(withProp("validation.correct", "vehicles.fields.status"), "status");
  const status = query.status as TruckStatus | undefined;
  let scope = selectTrucks(db, organizer.exhibitionId);
  if (query.day) scope = scope.where("t.planned_on", "=", query.day);
  const counts = await statusCounts(db, TRUCKS, organizer.exhibitionId, query.day);
  if (status) scope = scope.where("t.status", "=", status);
  const rows = await scope
    .orderBy(waitingFirst("t"))
    .orderBy("t.planned_on")
    .orderBy("t.id")
    .limit(TRUCKS.reviewPageSize)
    .offset(pageOffset(TRUCKS, query.page))
    .execute();
  const views = rows.map((row) => truckView(row, organizer.roleId));
  return {
    items: await withExhibitorNames(db, organizer.exhibitionId, rows, views, language),
    ...reviewPage(TRUCKS, counts, { status, page: query.page }),
    day: query.day ?? null,
    days: await truckDays(db, organizer.exhibitionId),
  };
}

/**
 * POST /smeb/truck/review/decide: approve a waiting truck with its gate, or return it with a
 * reason; the exhibitor is e-mailed (in Chinese: the area is Chinese only). The row is locked, so
 * of two decisions at once the second finds it decided.
 */
export async function decideTruck(
  deps: Mailer & { db: Database },
  organizer: Caller,
  input: DecisionInput,
  language: Language,
  now: Date,
): Promise<TruckReviewList["items"][number]> {
  const { db } = deps;
  const approve = input.decision === "approve";
  const decided = await db.transaction().execute(async (trx) => {
    const row = await lockWaiting(trx, TRUCKS, organizer, input);
    await trx
      .updateTable("yellow_trucks")
      .set({
        status: approve ? "approved" : "returned",
        gate: approve ? (input.gate ?? null) : null,
        return_reason: approve ? null : (input.reason ?? null),
        decided_at: now,
        decided_by: organizer.userId,
        version: row.version + 1,
        updated_at: now,
      })
      .where("id", "=", row.id)
      .execute();
    return row;
  });
  await notifyExhibitor(
    deps,
    decided.user_id,
    decided.plate,
    approve ? { approved: true, gate: input.gate ?? "" } : { approved: false, reason: input.reason ?? "" },
  );
  const row = await selectTrucks(db, organizer.exhibitionId).where("t.id", "=", decided.id).executeTakeFirstOrThrow();
  return (await withExhibitorNames(db, organizer.exhibitionId, [row], [truckView(row, organizer.roleId)], language))[0]!;
}

async function notifyExhibitor(
  deps: Mailer & { db: Database },
  userId: number,
  plate: string,
  outcome: { approved: true; gate: string } | { approved: false; reason: string },
) {
  const user = await deps.db
    .selectFrom("users")
    .select([sql<string | null>`nullif(trim(contact_email), '')`.as("email"), "exhibition_id"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user?.email) return;
  const link = await portalLink(deps.db, user.exhibition_id, deps.config, EXHIBITOR_PAGE);
  const subject = outcome.approved ? `黄牌车 ${plate} 已审核通过` : `黄牌车 ${plate} 被退回`;
  const line = outcome.approved
    ? `您登记的黄牌车 ${plate} 已审核通过，入场门：${outcome.gate}。请登录后下载并打印车辆通行证。`
    : `您登记的黄牌车 ${plate} 被退回。退回原因：${outcome.reason}。请修改后重新提交；车牌号有误时请删除该登记并重新登记。`;
  await sendQuietly(
    deps,
    {
      kind: "truckReview",
      userId,
      to: user.email,
      subject,
      text: ["您好：", "", line, `请登录展商服务平台查看：${link}`, "", "此邮件由系统自动发送，请勿直接回复。"].join("\n"),
    },
    { message: "transport e-mail could not be sent", context: { truckPlate: plate, userId } },
  );
}

/** The demo truck's plate (a new-energy plate with its letter first): std01's approved installation truck. */
const DEMO_TRUCK_PLATE = "粤BD12345";
const DEMO_GATE = "北 1 门";

/**
 * Demo data (issue 18): std01's one approved installation truck on the first build-up day, with a
 * licence scan. The scan is a stored file, so it needs the object store; without one (the tests'
 * seeded database) the truck is left out. Adds nothing when std01 has any truck.
 */
export async function seedTrucksDemo(db: Database, exhibitionId: number, calendar: DemoCalendar, store?: ObjectStore) {
  if (!store) return;
  const owner = await db
    .selectFrom("users as u")
    .innerJoin("booths as b", "b.user_id", "u.id")
    .select(["u.id as user_id", "b.id as booth_id"])
    .where("u.username", "=", "std01")
    .where("b.exhibition_id", "=", exhibitionId)
    .orderBy("b.id")
    .executeTakeFirst();
  if (!owner) return;
  const present = await db
    .selectFrom("yellow_trucks")
    .select("id")
    .where("user_id", "=", owner.user_id)
    .where("exhibition_id", "=", exhibitionId)
    .executeTakeFirst();
  if (present) return;
  const admin = await db.selectFrom("users").select("id").where("role_id", "=", ORGANIZER_ROLE_ID).orderBy("id").executeTakeFirst();
  const license = await saveUpload(db, store, {
    ownerUserId: owner.user_id,
    folder: "driving-license",
    originalName: "行驶证.pdf",
    bytes: await demoLicensePdf(),
  });
  await db
    .insertInto("yellow_trucks")
    .values({
      exhibition_id: exhibitionId,
      user_id: owner.user_id,
      booth_id: owner.booth_id,
      plate: DEMO_TRUCK_PLATE,
      trailer_plate: null,
      kind: "installation",
      driver_name: "李师傅",
      driver_phone: "13912345678",
      planned_on: calendar.rawMoveIn.from,
      license_file_id: license.id,
      status: "approved",
      gate: DEMO_GATE,
      decided_at: new Date(`${calendar.seededOn}T10:00:00+08:00`),
      decided_by: admin?.id ?? null,
      updated_at: new Date(`${calendar.seededOn}T10:00:00+08:00`),
    })
    .execute();
}

/** A one-page stand-in for the licence scan (fixed dates, so the same bytes every time). */
async function demoLicensePdf(): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  const page = pdf.addPage([420, 298]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText("Demo driving licence (scan placeholder)", { x: 30, y: 250, size: 14, font });
  page.drawText("Plate: Yue B D12345", { x: 30, y: 220, size: 12, font });
  return Buffer.from(await pdf.save());
}
