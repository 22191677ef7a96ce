import { sql } from "kysely";
import type { BlueCarDecisionInput, BlueCarSettingsInput } from "../../app/contracts/vehicles/blue-cars-schema";
import type { BlueCarReviewItem, BlueCarReviewList, BlueCarSettings } from "../../app/contracts/vehicles/blue-cars-types";
import { BLUE_CAR_PAGE_SIZE, BLUE_CAR_STATUSES, type BlueCarStatus } from "../../app/contracts/vehicles/blue-cars-values";
import type { Language } from "../../app/contracts/i18n/config";
import { exhibitorNameIn, exhibitorNamesOf } from "../exhibitor/names";
import type { Database } from "../db/database";
import { blueCarDays, blueCarGuide, blueCarViews, conflict, selectBlueCars, staleCar, type BlueCarRow } from "./blue-cars";
import type { Caller } from "../auth/caller";
import { notFound } from "../api/envelope";
import { isUniqueViolation } from "../db/unique-violation";

/**
 * The organizer's side of the blue-plate cars (issue 41, /HT/blueCarReview): every exhibitor's cars
 * (a status to narrow, 50 a page, waiting ones first), the decision (approve with a pass number and
 * validity, or return with a comment) and the settings (the English traffic page, the guide texts).
 */
async function reviewItems(db: Database, organizer: Caller, rows: BlueCarRow[], language: Language): Promise<BlueCarReviewItem[]> {
  // Other live registrations of the same plates: the conflicts the organizer resolves.
  const plates = [...new Set(rows.map((r) => r.plate))];
  const samePlate = plates.length
    ? await db
        .selectFrom("blue_cars")
        .select(["id", "user_id", "plate", "status"])
        .where("exhibition_id", "=", organizer.exhibitionId)
        .where("plate", "in", plates)
        .where("deleted_at", "is", null)
        .orderBy("id")
        .execute()
    : [];
  const [views, names] = await Promise.all([
    blueCarViews(db, rows),
    exhibitorNamesOf(
      db,
      organizer.exhibitionId,
      [...rows, ...samePlate].map((r) => r.user_id),
    ),
  ]);
  return views.map((view, i) => {
    const row = rows[i]!;
    const conflicts = samePlate.filter((other) => other.plate === row.plate && other.user_id !== row.user_id);
    return {
      ...view,
      exhibitorName: exhibitorNameIn(names.get(row.user_id), language),
      plateConflicts: conflicts.map((other) => ({ exhibitorName: exhibitorNameIn(names.get(other.user_id), language), status: other.status })),
    };
  });
}

/** GET /smeb/blueCar/review/list. */
export async function reviewBlueCars(
  db: Database,
  organizer: Caller,
  query: { status?: BlueCarStatus; page: number },
  language: Language,
): Promise<BlueCarReviewList> {
  const counted = await db
    .selectFrom("blue_cars")
    .select(["status", (eb) => eb.fn.countAll<string>().as("n")])
    .where("exhibition_id", "=", organizer.exhibitionId)
    .where("deleted_at", "is", null)
    .groupBy("status")
    .execute();
  const counts = Object.fromEntries(BLUE_CAR_STATUSES.map((s) => [s, 0])) as Record<BlueCarStatus, number>;
  for (const row of counted) counts[row.status] = Number(row.n);
  let scope = selectBlueCars(db, organizer.exhibitionId);
  if (query.status) scope = scope.where("c.status", "=", query.status);
  const rows = await scope
    .orderBy(sql`case when c.status = 'submitted' then 0 else 1 end`)
    .orderBy("c.id")
    .limit(BLUE_CAR_PAGE_SIZE)
    .offset((query.page - 1) * BLUE_CAR_PAGE_SIZE)
    .execute();
  return {
    items: await reviewItems(db, organizer, rows, language),
    counts,
    total: query.status ? counts[query.status] : Object.values(counts).reduce((sum, n) => sum + n, 0),
    page: query.page,
    pageSize: BLUE_CAR_PAGE_SIZE,
    status: query.status ?? null,
    days: await blueCarDays(db, organizer.exhibitionId),
  };
}

/**
 * POST /smeb/blueCar/review/decide: a waiting car approved with its pass number and validity, or
 * returned with a comment. The row is locked, so of two decisions at once the second finds it decided.
 */
export async function decideBlueCar(db: Database, organizer: Caller, input: BlueCarDecisionInput, language: Language, now: Date): Promise<BlueCarReviewItem> {
  const approve = input.decision === "approve";
  const decide = db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("blue_cars")
      .select(["id", "status", "version", "plate"])
      .where("id", "=", input.id)
      .where("exhibition_id", "=", organizer.exhibitionId)
      .where("deleted_at", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.status !== "submitted") throw conflict("vehicles.blueCars.errors.notSubmitted");
    if (input.version !== undefined && input.version !== row.version) throw staleCar();
    if (approve) {
      // One approved car per plate: another exhibitor's approved registration is returned first.
      const approvedElsewhere = await trx
        .selectFrom("blue_cars")
        .select("id")
        .where("exhibition_id", "=", organizer.exhibitionId)
        .where("plate", "=", row.plate)
        .where("status", "=", "approved")
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      if (approvedElsewhere) throw conflict("vehicles.blueCars.errors.plateApprovedElsewhere");
    }
    await trx
      .updateTable("blue_cars")
      .set({
        status: approve ? "approved" : "returned",
        pass_no: approve ? (input.passNo ?? null) : null,
        valid_from: approve ? (input.validFrom ?? null) : null,
        valid_to: approve ? (input.validTo ?? null) : null,
        review_comment: approve ? null : (input.comment ?? null),
        reviewed_at: now,
        reviewed_by: organizer.userId,
        version: row.version + 1,
        updated_at: now,
      })
      .where("id", "=", row.id)
      .execute();
  });
  await decide.catch((error: unknown) => {
    // Two approvals of one plate at once: the unique index refuses the second.
    if (isUniqueViolation(error, "blue_cars_approved_plate")) throw conflict("vehicles.blueCars.errors.plateApprovedElsewhere");
    throw error;
  });
  const row = await selectBlueCars(db, organizer.exhibitionId).where("c.id", "=", input.id).executeTakeFirstOrThrow();
  return (await reviewItems(db, organizer, [row], language))[0]!;
}

/** GET /smeb/blueCar/settings. */
export async function blueCarSettings(db: Database, organizer: Caller): Promise<BlueCarSettings> {
  return blueCarGuide(db, organizer.exhibitionId);
}

/** POST /smeb/blueCar/settings/save: the English traffic page (none: the English page goes home) and the guides. */
export async function saveBlueCarSettings(db: Database, organizer: Caller, input: BlueCarSettingsInput, now: Date): Promise<BlueCarSettings> {
  const guide = { guide_zh: input.guideZh ?? "", guide_en: input.guideEn ?? "", updated_at: now, updated_by: organizer.userId };
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("exhibitions")
      .set({ traffic_page_url_en: input.trafficPageUrlEn ?? null })
      .where("id", "=", organizer.exhibitionId)
      .execute();
    await trx
      .insertInto("blue_car_guides")
      .values({ exhibition_id: organizer.exhibitionId, ...guide })
      .onConflict((oc) => oc.column("exhibition_id").doUpdateSet(guide))
      .execute();
  });
  return blueCarSettings(db, organizer);
}
