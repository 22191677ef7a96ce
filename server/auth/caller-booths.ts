import { ApiCode, ApiError, fieldError } from "../api/envelope";
import type { Db } from "../db/database";

/** Who asks for booths: an account in its exhibition; a contractor is entrusted with the session's booth only. */
export type BoothSeeker = { userId: number; exhibitionId: number; sessionBoothId?: number | null; contractorAccessId?: number | null };
export type CallerBooth = { id: number; boothNo: string; areaM2: number };

/** The booths of an account in its exhibition, oldest first: what "the caller's booths" means in every domain. */
export async function callerBooths(db: Db, who: BoothSeeker): Promise<CallerBooth[]> {
  let query = db.selectFrom("booths").select(["id", "booth_no", "area_m2"]).where("user_id", "=", who.userId).where("exhibition_id", "=", who.exhibitionId);
  // A contractor is entrusted with one booth (the session's): the others do not exist for it.
  if (who.contractorAccessId) query = query.where("id", "=", who.sessionBoothId ?? 0);
  const rows = await query.orderBy("id").execute();
  return rows.map((r) => ({ id: r.id, boothNo: r.booth_no, areaM2: Number(r.area_m2) }));
}

/**
 * The booth a form is for: the one named (the caller's own only; another's answers like an unknown one,
 * at the booth field), else the session's booth, else the caller's first; `noBoothKey` (400) when the
 * account has none.
 */
export async function resolveCallerBooth(db: Db, who: BoothSeeker, requested: number | undefined, noBoothKey: string): Promise<CallerBooth> {
  const booths = await callerBooths(db, who);
  if (requested !== undefined) {
    const named = booths.find((b) => b.id === requested);
    if (!named) throw fieldError("errors.notFound", "boothId", {}, ApiCode.notFound);
    return named;
  }
  const booth = booths.find((b) => b.id === who.sessionBoothId) ?? booths[0];
  if (!booth) throw new ApiError(ApiCode.badRequest, noBoothKey);
  return booth;
}
