import type { Config } from "../config";
import type { Database } from "../db/database";
import { readExhibitionSetting } from "./store";

/**
 * The address every link in a mail, SMS, QR code or PDF is made from (issue 52, docs/decisions/054):
 * the organizer's setting `publicUrl` (asked by `cli.js setup`), else PUBLIC_URL, else null. Never
 * the request's Host for a mailed link (a forged Host would send a token elsewhere) and never the
 * server's own 127.0.0.1: with null, a page's QR code takes the address the browser used, a mail
 * keeps today's bare path, and the organizer's home says the address is missing.
 */
export async function publicBaseUrl(db: Database, exhibitionId: number, config: Pick<Config, "PUBLIC_URL">): Promise<string | null> {
  const setting = await readExhibitionSetting(db, exhibitionId, "publicUrl");
  return setting || config.PUBLIC_URL || null;
}

/** A page's link for a message: absolute from publicBaseUrl, else the path alone. */
export async function portalLink(db: Database, exhibitionId: number, config: Pick<Config, "PUBLIC_URL">, path: string): Promise<string> {
  const base = await publicBaseUrl(db, exhibitionId, config);
  return base ? new URL(path, base).toString() : path;
}

/** The exhibition of an account, for the links of a message sent to it. */
export async function exhibitionOfUser(db: Database, userId: number): Promise<number> {
  const row = await db.selectFrom("users").select("exhibition_id").where("id", "=", userId).executeTakeFirstOrThrow();
  return row.exhibition_id;
}
