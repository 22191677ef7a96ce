import type { BlueCarDecisionInput, BlueCarSettingsInput } from "../../app/contracts/vehicles/blue-cars/schema";
import type { BlueCarReviewItem, BlueCarReviewList, BlueCarSettings } from "../../app/contracts/vehicles/blue-cars/types";
import type { BlueCarStatus } from "../../app/contracts/vehicles/blue-cars/values";
import type { Language } from "../../app/contracts/i18n/config";
import { exhibitorNameIn, exhibitorNamesOf } from "../exhibitor/names";
import type { Database } from "../db/database";
import { blueCarDays, blueCarGuide, blueCarViews, selectBlueCars, type BlueCarRow } from "./blue-cars";
import { BLUE_CARS, kindConflict } from "./kinds";
import { lockWaiting, pageOffset, reviewPage, statusCounts, uniqueRefusal, waitingFirst } from "./registrations";
import type { Caller } from "../auth/caller";

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
  const counts = await statusCounts(db, BLUE_CARS, organizer.exhibitionId);
  let scope = selectBlueCars(db, organizer.exhibitionId);
  if (query.status) scope = scope.where("c.status", "=", query.status);
  const rows = await scope.orderBy(waitingFirst("c")).orderBy("c.id").limit(BLUE_CARS.reviewPageSize).offset(pageOffset(BLUE_CARS, query.page)).execute();
  return {
    items: await reviewItems(db, organizer, rows, language),
    ...reviewPage(BLUE_CARS, counts, query),
    days: await blueCarDays(db, organizer.exhibitionId),
  };
}

/**
 * POST /smeb/blueCar/review/decide: a waiting car approved with its pass number and validity, or
 * returned with a comment. The row is locked, so of two decisions at once the second finds it decided.
 */
export async function decideBlueCar(db: Database, organizer: Caller, input: BlueCarDecisionInput, language: Language, now: Date): Promise<BlueCarReviewItem> {
  const approve = input.decision === "approve";
  const approvedElsewhere = () => kindConflict(BLUE_CARS, "plateApprovedElsewhere");
  // Two approvals of one plate at once: the unique index refuses the second.
  await uniqueRefusal("blue_cars_approved_plate", approvedElsewhere, () =>
    db.transaction().execute(async (trx) => {
      const row = await lockWaiting(trx, BLUE_CARS, organizer, input);
      if (approve) {
        // One approved car per plate: another exhibitor's approved registration is returned first.
        const taken = await trx
          .selectFrom("blue_cars")
          .select("id")
          .where("exhibition_id", "=", organizer.exhibitionId)
          .where("plate", "=", row.plate)
          .where("status", "=", "approved")
          .where("deleted_at", "is", null)
          .executeTakeFirst();
        if (taken) throw approvedElsewhere();
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
    }),
  );
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
