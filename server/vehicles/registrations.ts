import { sql } from "kysely";
import { exhibitorNameIn, exhibitorNamesOf } from "../exhibitor/names";
import type { Language } from "../../app/contracts/i18n/config";
import { ApiCode, notFound } from "../api/envelope";
import { ownUpload } from "../uploads/own-upload";
import type { Caller } from "../auth/caller";
import type { Database, Db } from "../db/database";
import { kindConflict, type VehicleKind } from "./kinds";
import { isUniqueViolation } from "../db/unique-violation";

/**
 * What a registered vehicle goes through whatever its kind (kinds.ts): the exhibitor changes or
 * deletes its own until the organizer approves it, at the version read; the organizer decides a
 * waiting one, the row locked so that of two decisions at once the second finds it decided; the
 * review list counts each status and shows the waiting ones first.
 */
export const REVIEW_STATUSES = ["submitted", "approved", "returned"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

type Versioned = { version?: number | undefined };
const stale = (kind: VehicleKind) => kindConflict(kind, "stale");

/** A live vehicle of the exhibition (the caller's own when an owner is named), locked for the change; else 404. */
async function lockLive(trx: Db, kind: VehicleKind, exhibitionId: number, id: number, ownerId?: number) {
  let row = trx
    .selectFrom(kind.table)
    .select(["id", "user_id", "plate", "status", "version"])
    .where("id", "=", id)
    .where("exhibition_id", "=", exhibitionId)
    .where("deleted_at", "is", null);
  if (ownerId !== undefined) row = row.where("user_id", "=", ownerId);
  const found = await row.forUpdate().executeTakeFirst();
  if (!found) throw notFound();
  return found;
}

/** The caller's own live vehicle; another's answers like an unknown one (404). */
const lockOwn = (trx: Db, kind: VehicleKind, caller: Caller, id: number) => lockLive(trx, kind, caller.exhibitionId, id, caller.userId);

/** Open to change: not approved, at the version read. */
function checkChangeable(kind: VehicleKind, row: { status: string; version: number }, input: Versioned) {
  if (row.status === "approved") throw kindConflict(kind, "approvedLocked");
  if (input.version !== undefined && input.version !== row.version) throw stale(kind);
}

/** An update's row: the caller's own, its plate as registered (it never changes), open to change. */
export async function lockForUpdate(trx: Db, kind: VehicleKind, caller: Caller, input: { id: number; plate?: string } & Versioned) {
  const row = await lockOwn(trx, kind, caller, input.id);
  if (input.plate !== row.plate) throw kind.plateLocked();
  checkChangeable(kind, row, input);
  return row;
}

/** POST …/delete: the caller's own vehicle until it is approved; kept, marked deleted. */
export async function deleteOwn(db: Database, kind: VehicleKind, caller: Caller, input: { id: number } & Versioned, now: Date) {
  await db.transaction().execute(async (trx) => {
    const row = await lockOwn(trx, kind, caller, input.id);
    checkChangeable(kind, row, input);
    await trx.updateTable(kind.table).set({ deleted_at: now, updated_at: now }).where("id", "=", row.id).execute();
  });
}

/** The organizer's decision's row: live in the exhibition, waiting, at the version read; locked. */
export async function lockWaiting(trx: Db, kind: VehicleKind, organizer: Caller, input: { id: number } & Versioned) {
  const row = await lockLive(trx, kind, organizer.exhibitionId, input.id);
  if (row.status !== "submitted") throw kindConflict(kind, "notSubmitted");
  if (input.version !== undefined && input.version !== row.version) throw stale(kind);
  return row;
}

/** Live vehicles of the exhibition by status (a day narrows trucks), every status present. */
export async function statusCounts(db: Db, kind: VehicleKind, exhibitionId: number, plannedOn?: string) {
  let counted = db
    .selectFrom(kind.table)
    .select(["status", (eb) => eb.fn.countAll<string>().as("n")])
    .where("exhibition_id", "=", exhibitionId)
    .where("deleted_at", "is", null);
  if (plannedOn && kind.table === "yellow_trucks") counted = counted.where(sql.ref("planned_on"), "=", plannedOn);
  const counts = Object.fromEntries(REVIEW_STATUSES.map((s) => [s, 0])) as Record<ReviewStatus, number>;
  for (const row of await counted.groupBy("status").execute()) counts[row.status as ReviewStatus] = Number(row.n);
  return counts;
}

/** The review list's frame around its rows: the counts, the total of the status shown, the page. */
export function reviewPage(kind: VehicleKind, counts: Record<ReviewStatus, number>, query: { status?: ReviewStatus | undefined; page: number }) {
  return {
    counts,
    total: query.status ? counts[query.status] : Object.values(counts).reduce((sum, n) => sum + n, 0),
    page: query.page,
    pageSize: kind.reviewPageSize,
    status: query.status ?? null,
  };
}

/** The rows of one review page: the waiting ones first, then in the kind's order. */
export const waitingFirst = (alias: string) => sql`case when ${sql.ref(`${alias}.status`)} = 'submitted' then 0 else 1 end`;
export const pageOffset = (kind: VehicleKind, page: number) => (page - 1) * kind.reviewPageSize;

/** Each row with its exhibitor's name in the language asked. */
export async function withExhibitorNames<R extends { user_id: number }, V>(
  db: Db,
  exhibitionId: number,
  rows: R[],
  views: V[],
  language: Language,
): Promise<(V & { exhibitorName: string })[]> {
  const names = await exhibitorNamesOf(
    db,
    exhibitionId,
    rows.map((r) => r.user_id),
  );
  return views.map((view, i) => ({ ...view, exhibitorName: exhibitorNameIn(names.get(rows[i]!.user_id), language) }));
}

/** A unique index's refusal (two saves or decisions at once) read as the refusal the check before it gives. */
export async function uniqueRefusal<T>(constraint: string, refusal: () => Error, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, constraint)) throw refusal();
    throw error;
  }
}

/** A driving licence scan the form names by URL: the caller's own upload in its folder, else refused (404) at `field`. */
export const drivingLicense = (db: Db, caller: Caller, url: string, field: string) =>
  ownUpload(db, caller.userId, url, { folder: "driving-license", field, message: "uploads.notFound", code: ApiCode.notFound });
