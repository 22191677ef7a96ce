import crypto from "node:crypto";
import type { Caller } from "../auth/caller";
import type { Database } from "../db/database";

/**
 * The exhibitor's tracking code (decision 031): one per exhibitor and exhibition, made on first use.
 * Every invitation and poster QR code of the exhibitor links to `/visit/<code>`; views and
 * registrations through that link count for the exhibitor.
 */

/** No 0/O, 1/I/L: a code read off a printed poster is typed without guessing. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const CODE_LENGTH = 10;

/** The path of the public pre-registration page for a code. */
const visitPath = (code: string) => `/visit/${code}`;

const isTrackingCodeShape = (value: string) => value.length === CODE_LENGTH && [...value].every((c) => ALPHABET.includes(c));

function newCode() {
  return Array.from({ length: CODE_LENGTH }, () => ALPHABET[crypto.randomInt(0, ALPHABET.length)]).join("");
}

/** The caller's code, made the first time it is asked for (two racing requests agree on one). */
export async function trackingCodeOf(db: Database, caller: Pick<Caller, "userId" | "exhibitionId">): Promise<string> {
  const mine = () =>
    db.selectFrom("promotion_codes").select("code").where("user_id", "=", caller.userId).where("exhibition_id", "=", caller.exhibitionId).executeTakeFirst();
  const existing = await mine();
  if (existing) return existing.code;
  await db
    .insertInto("promotion_codes")
    .values({ code: newCode(), user_id: caller.userId, exhibition_id: caller.exhibitionId })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  const made = await mine();
  if (!made) throw new Error("tracking code was not stored");
  return made.code;
}

/** Whose code it is, or null for an unknown one (it still opens the registration, counted to no one). */
export async function ownerOfCode(db: Database, code: string): Promise<{ userId: number; exhibitionId: number } | null> {
  if (!isTrackingCodeShape(code)) return null;
  const row = await db.selectFrom("promotion_codes").select(["user_id", "exhibition_id"]).where("code", "=", code).executeTakeFirst();
  return row ? { userId: row.user_id, exhibitionId: row.exhibition_id } : null;
}

/**
 * The absolute link a QR code carries: PUBLIC_URL when set (the address visitors reach), otherwise
 * the origin the exhibitor's own request came in on.
 */
export function trackingLink(publicUrl: string | undefined, requestOrigin: string, code: string) {
  return new URL(visitPath(code), publicUrl ?? requestOrigin).toString();
}
