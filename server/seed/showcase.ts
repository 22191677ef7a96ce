import crypto from "node:crypto";
import type { Db } from "../db/database";

/**
 * The demo's showcase (docs/product.md § Custom mini-program): std01's public page shows its first
 * three exhibits (seeded with pictures by ./promotion.ts, so only where the object store was given).
 * Adds only what is missing: a showcase std01 has since changed stays as it is.
 */
export async function seedShowcaseDemo(db: Db, exhibitionId: number) {
  const owner = await db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirst();
  if (!owner) return;
  const present = await db.selectFrom("showcases").select("id").where("user_id", "=", owner.id).where("exhibition_id", "=", exhibitionId).executeTakeFirst();
  if (present) return;
  const exhibits = await db
    .selectFrom("exhibits")
    .select("id")
    .where("user_id", "=", owner.id)
    .where("exhibition_id", "=", exhibitionId)
    .orderBy("sort")
    .orderBy("id")
    .limit(3)
    .execute();
  if (exhibits.length < 3) return;
  const showcase = await db
    .insertInto("showcases")
    .values({ exhibition_id: exhibitionId, user_id: owner.id, public_code: crypto.randomBytes(9).toString("base64url") })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("showcase_exhibits")
    .values(exhibits.map((e, index) => ({ showcase_id: showcase.id, exhibit_id: e.id, position: index + 1 })))
    .execute();
}
