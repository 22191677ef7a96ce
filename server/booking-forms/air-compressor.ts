import { sql, type Selectable } from "kysely";
import type { AirCompressorApplication, AirCompressorInput } from "../../app/contracts/booking-forms/schema";
import { ApiCode, ApiError, notFound } from "../api/envelope";
import type { Database } from "../db/database";
import type { AirCompressorApplicationTable } from "../db/schema";
import { recordEvent, resolveBooth, type Actor, type Owner } from "./common";
import { iso } from "../db/column-values";

/**
 * Air compressor service (offline booking): an application is filed as submitted (source offline)
 * and the organizer processes it outside the portal; until then its owner may cancel it.
 */

type Row = Omit<Selectable<AirCompressorApplicationTable>, "start_date" | "end_date"> & { start_date: string; end_date: string };

/** Dates as text: a `date` read through the pg driver would become a Date at local midnight. */
const columns = [
  "id",
  "user_id",
  "booth_id",
  "booth_no",
  "source",
  "status",
  "flow",
  "pressure",
  "quantity",
  "contact_name",
  "contact_phone",
  "remarks",
  "version",
  "cancelled_at",
  "created_at",
] as const;

function selectOwn(db: Database, owner: Owner) {
  return db
    .selectFrom("air_compressor_applications")
    .select(columns)
    .select([sql<string>`to_char(start_date, 'YYYY-MM-DD')`.as("start_date"), sql<string>`to_char(end_date, 'YYYY-MM-DD')`.as("end_date")])
    .where("user_id", "=", owner.userId)
    .where("exhibition_id", "=", owner.exhibitionId);
}

function view(row: Pick<Row, (typeof columns)[number] | "start_date" | "end_date">): AirCompressorApplication {
  return {
    id: row.id,
    boothId: row.booth_id,
    boothNo: row.booth_no,
    source: row.source,
    status: row.status,
    flow: row.flow,
    pressure: row.pressure,
    quantity: row.quantity,
    startDate: row.start_date,
    endDate: row.end_date,
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    remarks: row.remarks,
    createdAt: iso(row.created_at)!,
    cancelledAt: iso(row.cancelled_at),
  };
}

export async function listApplications(db: Database, owner: Owner) {
  const rows = await selectOwn(db, owner).orderBy("id", "desc").limit(200).execute();
  return rows.map(view);
}

export async function findApplication(db: Database, owner: Owner, id: number) {
  const row = await selectOwn(db, owner).where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  return view(row);
}

export async function applyAirCompressor(db: Database, owner: Owner, actor: Actor, input: AirCompressorInput) {
  const booth = await resolveBooth(db, owner, input.boothId);
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("air_compressor_applications")
      .values({
        user_id: owner.userId,
        exhibition_id: owner.exhibitionId,
        booth_id: booth.id,
        booth_no: booth.boothNo,
        flow: input.flow,
        pressure: input.pressure,
        quantity: input.quantity,
        start_date: input.startDate,
        end_date: input.endDate,
        contact_name: input.contactName,
        contact_phone: input.contactPhone,
        remarks: input.remarks ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordEvent(trx, owner, actor, "airCompressor", row.id, "submitted", {
      boothNo: booth.boothNo,
      flow: input.flow,
      pressure: input.pressure,
      quantity: input.quantity,
    });
    return row.id;
  });
  return findApplication(db, owner, id);
}

/** Only while still submitted: once the organizer processes it, the venue has planned for it. */
export async function cancelApplication(db: Database, owner: Owner, actor: Actor, id: number) {
  const current = await findApplication(db, owner, id);
  if (current.status === "cancelled") return current;
  const done = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("air_compressor_applications")
      .set({ status: "cancelled", cancelled_at: new Date(), updated_at: new Date(), version: sql<number>`version + 1` })
      .where("id", "=", id)
      .where("user_id", "=", owner.userId)
      .where("status", "=", "submitted")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await recordEvent(trx, owner, actor, "airCompressor", id, "cancelled");
    return true;
  });
  if (!done) throw new ApiError(ApiCode.conflict, "bookingForms.errors.alreadyProcessed");
  return findApplication(db, owner, id);
}
