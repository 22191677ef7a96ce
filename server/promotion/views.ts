import crypto from "node:crypto";
import { isbot } from "isbot";
import { sql, type Transaction } from "kysely";
import { exhibitionDate } from "../../app/contracts/common/exhibition-time";
import type { Database } from "../db/database";
import type { DB } from "../db/schema";
import { ownerOfCode } from "./tracking";

/**
 * Views of the public page (decision 031): one row per (code, day, visitor key); the key is a hash
 * of the address and the user agent under a salt made for that exhibition day and deleted after the
 * next, so no personal data is kept and yesterday's keys cannot be recomputed. Bots (isbot) and
 * requests without a user agent are not counted, nor codes of no exhibitor or of another exhibition.
 * Whatever the user agent, at most COUNTED_PER_ADDRESS views (and ranked registrations) count per
 * address, code and day (issue 50: one address sending many user agents inflated a ranking).
 */

/** Views, and registrations ranked, per address, code and exhibition day: a shared office still counts a few. */
export const COUNTED_PER_ADDRESS = 3;

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

const addressKey = (salt: string, ip: string) => crypto.createHash("sha256").update(`${salt}\0address\0${ip}`).digest("hex");

/** The address's key for the exhibition day of `now` (under that day's salt, as the visitor key). */
export async function addressKeyOf(db: Database, ip: string, now: Date) {
  const day = exhibitionDate(now);
  const salt = await saltOf(db, day);
  return { day, salt, key: addressKey(salt, ip) };
}

/** Serializes counting for one address and code within a transaction (both databases, several processes). */
async function lockAddressCount(trx: Transaction<DB>, code: string, addressKeyValue: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`promotion-address:${code}:${addressKeyValue}`}))`.execute(trx);
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
  const { code } = input;
  const address = await addressKeyOf(db, input.ip, now);
  const key = visitorKey(address.salt, input.ip, input.userAgent);
  return db.transaction().execute(async (trx) => {
    await lockAddressCount(trx, code, address.key);
    const counted = await trx
      .selectFrom("promotion_views")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("code", "=", code)
      .where("day", "=", address.day)
      .where("address_key", "=", address.key)
      .executeTakeFirstOrThrow();
    if (counted.n >= COUNTED_PER_ADDRESS) return false;
    const added = await trx
      .insertInto("promotion_views")
      .values({ code, day: address.day, visitor_key: key, address_key: address.key, created_at: now })
      .onConflict((conflict) => conflict.doNothing())
      .returning("code")
      .executeTakeFirst();
    return Boolean(added);
  });
}
