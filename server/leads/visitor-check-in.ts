import type { VisitorCheckIn } from "../../app/contracts/badges/check-in-types";
import { ApiCode, ApiError } from "../api/envelope";
import type { Database } from "../db/database";
import { iso } from "../db/column-values";
import { formatVisitorNo } from "../../app/contracts/promotion/visitors/values";
import { verifyLeadCode } from "./pass-codes";

/**
 * A visitor at the entrance (issue 56): the badge check-in desk reads the pass's QR (its URL, or the
 * code typed) and checks the visitor in: the first scan sets checked_in_at (one conditional update:
 * two desks at once make one first), later ones answer when that was. A forged code, another
 * exhibition's pass and an erased visitor's answer as a badge's forged code does.
 */
export async function checkInVisitor(db: Database, exhibitionId: number, code: string, secrets: readonly string[], now: Date): Promise<VisitorCheckIn> {
  const key = verifyLeadCode(code, secrets);
  const visitor = key
    ? await db
        .selectFrom("visitors")
        .select(["id", "visitor_no", "name", "company", "checked_in_at", "erased_at"])
        .where("pass_key", "=", key)
        .where("exhibition_id", "=", exhibitionId)
        .executeTakeFirst()
    : undefined;
  if (!visitor || visitor.erased_at) throw new ApiError(ApiCode.badRequest, "badges.checkIn.forged");
  const first = await db
    .updateTable("visitors")
    .set({ checked_in_at: now })
    .where("id", "=", visitor.id)
    .where("checked_in_at", "is", null)
    .returning("checked_in_at")
    .executeTakeFirst();
  const checkedInAt =
    first?.checked_in_at ?? (await db.selectFrom("visitors").select("checked_in_at").where("id", "=", visitor.id).executeTakeFirstOrThrow()).checked_in_at;
  return {
    alreadyCheckedIn: !first,
    checkedInAt: iso(checkedInAt)!,
    visitor: { visitorNo: formatVisitorNo(visitor.visitor_no), name: visitor.name, company: visitor.company },
  };
}
