import crypto from "node:crypto";
import { isbot } from "isbot";
import { sql } from "kysely";
import { exhibitionDate } from "../../app/contracts/common/exhibition-time";
import type { Database } from "../db/database";
import { ownerOfCode } from "./tracking";

/**
 * Views of the public page (decision 031): one row per (code, day, visitor key); the key is a hash
 * of the address and the user agent under a salt made for that exhibition day and deleted after the
 * next, so no personal data is kept and yesterday's keys cannot be recomputed. Bots (isbot) and
 * requests without a user agent are not counted, nor codes of no exhibitor or of another exhibition.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** An exhibition day (YYYY-MM-DD) moved by whole days. */
export const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The day's salt, made by whichever request comes first (two racing requests agree on one). */
async function saltOf(db: Database, day: string): Promise<string> {
  const mine = () => db.selectFrom("promotion_view_salts").select("salt").where(sql<string>`to_char(day, 'YYYY-MM-DD')`, "=", day).executeTakeFirst();
  const existing = await mine();
  if (existing) return existing.salt;
  await db
    .insertInto("promotion_view_salts")
    .values({ day, salt: crypto.randomBytes(32).toString("hex") })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  // Salts older than yesterday are no longer needed: without them the old keys mean nothing.
  await db.deleteFrom("promotion_view_salts").where("day", "<", shiftDay(day, -1)).execute();
  const made = await mine();
  if (!made) throw new Error("view salt was not stored");
  return made.salt;
}

export function visitorKey(salt: string, ip: string, userAgent: string) {
  return crypto.createHash("sha256").update(`${salt}\0${ip}\0${userAgent}`).digest("hex");
}

/** Whether a request with this user agent is counted at all. */
export const countsAsVisitor = (userAgent: string | null | undefined): userAgent is string => Boolean(userAgent?.trim()) && !isbot(userAgent);

/**
 * Counts a view of `code` for the exhibition shown (once per visitor and exhibition day, business
 * time). Answers whether this request added a view.
 */
export async function countView(
  db: Database,
  input: { code: string | undefined; exhibitionId: number; ip: string; userAgent: string | null | undefined },
  now: Date,
): Promise<boolean> {
  if (!input.code || !countsAsVisitor(input.userAgent)) return false;
  const owner = await ownerOfCode(db, input.code);
  if (!owner || owner.exhibitionId !== input.exhibitionId) return false;
  const day = exhibitionDate(now);
  const key = visitorKey(await saltOf(db, day), input.ip, input.userAgent);
  const added = await db
    .insertInto("promotion_views")
    .values({ code: input.code, day, visitor_key: key, created_at: now })
    .onConflict((conflict) => conflict.doNothing())
    .returning("code")
    .executeTakeFirst();
  return Boolean(added);
}
