import type { BadgeCheckIn, ExhibitorArrival } from "../../app/contracts/badges/check-in-types";
import type { Language } from "../../app/contracts/i18n/config";
import { ApiCode, ApiError } from "../api/envelope";
import { appClock } from "../clock";
import type { Database, Db } from "../db/database";
import { storedFileUrl } from "../uploads/files";
import { verifyBadgeCode } from "./badge-code";
import { exhibitorNameIn, exhibitorNamesOf } from "../exhibitor/names";
import { iso } from "../db/column-values";

/**
 * On-site check-in (issue 14): the organizer's staff (roleId 1) scan a badge's QR code or type the
 * code printed under it. The signature is checked first, so a made-up code costs no query; a badge of
 * another exhibition answers like a forged one. The first scan of a badge sets its checked_in_at and,
 * if it is the exhibitor's first badge in, the exhibitor's arrival; later scans answer when that was.
 */
export type Scanner = { userId: number; exhibitionId: number; label: string };

const forged = () => new ApiError(ApiCode.badRequest, "badges.checkIn.forged");

/** Whether (and when) the exhibitor has arrived: the time its first badge was scanned, or null. */
export async function exhibitorArrival(db: Db, exhibitionId: number, userId: number): Promise<ExhibitorArrival | null> {
  const row = await db.selectFrom("exhibitor_arrivals").selectAll().where("exhibition_id", "=", exhibitionId).where("user_id", "=", userId).executeTakeFirst();
  return row ? { arrivedAt: iso(row.first_arrived_at)!, firstBadgeId: row.first_badge_id } : null;
}

function badgeByCode(db: Db, exhibitionId: number, code: string) {
  return db
    .selectFrom("badges as g")
    .innerJoin("booths as b", "b.id", "g.booth_id")
    .select(["g.id", "g.user_id", "g.holder_name", "g.company", "g.kind", "g.status", "g.photo_file_id", "g.checked_in_at", "g.deleted_at", "b.booth_no"])
    .where("g.code", "=", code)
    .where("g.exhibition_id", "=", exhibitionId)
    .executeTakeFirst();
}

type BadgeRow = NonNullable<Awaited<ReturnType<typeof badgeByCode>>>;

function refuseInvalid(badge: BadgeRow) {
  if (badge.deleted_at) throw new ApiError(ApiCode.conflict, "badges.checkIn.deleted");
  if (badge.status === "returned") throw new ApiError(ApiCode.conflict, "badges.checkIn.returned");
}

/**
 * Checks a badge in. A submitted (not yet reviewed) badge is let in and its status shown, so the
 * staff can decide at the door (docs/decisions/016). Two scans at once: the conditional update lets
 * exactly one of them be the first.
 */
export async function checkIn(db: Database, scanner: Scanner, text: string, secrets: readonly string[], language: Language): Promise<BadgeCheckIn> {
  const code = verifyBadgeCode(text, secrets);
  if (!code) throw forged();
  const found = await badgeByCode(db, scanner.exhibitionId, code);
  if (!found) throw forged();
  refuseInvalid(found);

  const now = appClock.now();
  const result = await db.transaction().execute(async (trx) => {
    const first = await trx
      .updateTable("badges")
      .set({ checked_in_at: now })
      .where("id", "=", found.id)
      .where("checked_in_at", "is", null)
      .where("deleted_at", "is", null)
      .where("status", "!=", "returned")
      .returning("checked_in_at")
      .executeTakeFirst();
    // Not updated: checked in before, or deleted or returned since the read above.
    const badge = first ? found : await badgeByCode(trx, scanner.exhibitionId, code);
    if (!badge) throw forged();
    if (!first) refuseInvalid(badge);
    const checkedInAt = first ? first.checked_in_at! : badge.checked_in_at!;
    if (first) {
      await trx
        .insertInto("exhibitor_arrivals")
        .values({ exhibition_id: scanner.exhibitionId, user_id: badge.user_id, first_arrived_at: now, first_badge_id: badge.id })
        .onConflict((oc) => oc.columns(["exhibition_id", "user_id"]).doNothing())
        .execute();
    }
    // Every scan is kept: a badge scanned again and again may be passed from hand to hand.
    await trx
      .insertInto("badge_events")
      .values({
        badge_id: badge.id,
        actor_id: scanner.userId,
        actor_label: scanner.label,
        action: first ? "checkedIn" : "checkedInAgain",
        details: JSON.stringify({ at: now.toISOString() }),
      })
      .execute();
    return { badge, checkedInAt, alreadyCheckedIn: !first };
  });

  const [arrival, names] = await Promise.all([
    exhibitorArrival(db, scanner.exhibitionId, result.badge.user_id),
    exhibitorNamesOf(db, scanner.exhibitionId, [result.badge.user_id]),
  ]);
  const { badge } = result;
  return {
    alreadyCheckedIn: result.alreadyCheckedIn,
    checkedInAt: iso(result.checkedInAt)!,
    badge: {
      id: badge.id,
      holderName: badge.holder_name,
      company: badge.company,
      boothNo: badge.booth_no,
      kind: badge.kind,
      status: badge.status,
      photoUrl: badge.photo_file_id ? storedFileUrl(badge.photo_file_id) : null,
    },
    exhibitor: {
      name: exhibitorNameIn(names.get(badge.user_id), language === "en" ? "en" : "zh", badge.company),
      // The arrival row is written with the first badge's scan, in the same transaction.
      arrivedAt: arrival?.arrivedAt ?? iso(result.checkedInAt)!,
    },
  };
}
