import type { Config } from "../config";
import type { Database } from "../db/database";
import { readExhibitionSetting } from "./store";

/**
 * The address every link in a mail, SMS, QR code or PDF is made from (issue 52, docs/decisions/054):
 * the organizer's setting `publicUrl` (asked by `cli.js setup`), else PUBLIC_URL, else null. Never
 * the request's Host for a mailed link (a forged Host would send a token elsewhere) and never the
 * server's own 127.0.0.1: with null, a page's QR code takes the address the browser used, a mail
 * of a real exhibition waits for it (portalLink), and the organizer's home says the address is missing.
 */
export async function publicBaseUrl(db: Database, exhibitionId: number, config: Pick<Config, "PUBLIC_URL">): Promise<string | null> {
  const setting = await readExhibitionSetting(db, exhibitionId, "publicUrl");
  return setting || config.PUBLIC_URL || null;
}

/** Written before a link's path while the public address is unknown; the notifier holds the message (server/notify/held-links.ts). */
export const PORTAL_ADDRESS_MARK = "{{portal-address}}";

/**
 * A page's link for a message: absolute from publicBaseUrl. Without one, the demo keeps the path
 * alone (its own local server); a real exhibition gets the path behind PORTAL_ADDRESS_MARK, and the
 * notifier holds the message until the address is set (server/notify/held-links.ts): never a bare path.
 */
export async function portalLink(db: Database, exhibitionId: number, config: Pick<Config, "PUBLIC_URL">, path: string): Promise<string> {
  const base = await publicBaseUrl(db, exhibitionId, config);
  if (base) return new URL(path, base).toString();
  const exhibition = await db.selectFrom("exhibitions").select("is_demo").where("id", "=", exhibitionId).executeTakeFirst();
  return exhibition?.is_demo === false ? `${PORTAL_ADDRESS_MARK}${path}` : path;
}

/** The exhibition of an account, for the links of a message sent to it. */
export async function exhibitionOfUser(db: Database, userId: number): Promise<number> {
  const row = await db.selectFrom("users").select("exhibition_id").where("id", "=", userId).executeTakeFirstOrThrow();
  return row.exhibition_id;
}
