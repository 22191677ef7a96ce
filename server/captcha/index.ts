import { sql } from "kysely";
import type { Database } from "../db/database";

export {
  createClickCaptcha,
  verifyClickCaptcha,
  purgeExpiredCaptchas,
} from "./click-captcha";
export { createTextCaptcha, verifyTextCaptcha } from "./text-captcha";

/**
 * Spends a verified captcha (of either kind) exactly once, e.g. when the login form is
 * submitted. A single conditional UPDATE, so two processes cannot both consume it.
 */
export async function consumeVerifiedCaptcha(db: Database, captchaId: string): Promise<boolean> {
  if (typeof captchaId !== "string" || captchaId.length === 0 || captchaId.length > 100) return false;
  const row = await db
    .updateTable("captchas")
    .set({ used_at: sql<Date>`now()` })
    .where("id", "=", captchaId)
    .where("verified_at", "is not", null)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning(["id"])
    .executeTakeFirst();
  return row !== undefined;
}
