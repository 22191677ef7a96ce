import type { Database } from "../db/database";

/**
 * Ops: give an account of the current exhibition a booth (used by the e2e suite, whose throwaway
 * exhibitors need one: carts and orders are per booth). The hall is named by its code.
 */
export async function createBooth(db: Database, input: { username: string; boothNo: string; hallCode: string; boothType: number }) {
  const user = await db.selectFrom("users").select(["id", "exhibition_id"]).where("username", "=", input.username).executeTakeFirst();
  if (!user) throw new Error(`Unknown user "${input.username}"`);
  const hall = await db.selectFrom("halls").select("id").where("exhibition_id", "=", user.exhibition_id).where("code", "=", input.hallCode).executeTakeFirst();
  if (!hall) throw new Error(`Unknown hall "${input.hallCode}"`);
  if (input.boothType !== 1 && input.boothType !== 2) throw new Error("Booth type is 1 (standard) or 2 (raw space)");
  // Standard booths are 3x3; raw space 6x6: the size matters to no one here.
  const side = input.boothType === 1 ? 3 : 6;
  const row = await db
    .insertInto("booths")
    .values({
      exhibition_id: user.exhibition_id,
      user_id: user.id,
      hall_id: hall.id,
      booth_no: input.boothNo,
      booth_type: input.boothType,
      width_m: side,
      depth_m: side,
      area_m2: side * side,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
