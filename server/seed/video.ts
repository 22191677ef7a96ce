import crypto from "node:crypto";
import type { Db } from "../db/database";

/**
 * The demo's promotional video (decision 037): a queued job for std01 (landscape, downloads allowed),
 * rendered by the job queue at the first start, or on std01's first visit of the page where the
 * process runs no queue. No video file is committed. Adds only what is missing.
 */
export async function seedVideoDemo(db: Db, exhibitionId: number) {
  const owner = await db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirst();
  if (!owner) return;
  await db
    .insertInto("promotional_videos")
    .values({
      exhibition_id: exhibitionId,
      user_id: owner.id,
      public_code: crypto.randomBytes(9).toString("base64url"),
      state: "queued",
      orientation: "landscape",
      download_allowed: true,
    })
    .onConflict((oc) => oc.columns(["exhibition_id", "user_id"]).doNothing())
    .execute();
}
