import { HELD_FOR_ADDRESS_REASON } from "../../app/contracts/delivery-log/values";
import type { Config } from "../config";
import type { Database } from "../db/database";
import { PORTAL_ADDRESS_MARK, publicBaseUrl } from "../exhibition-settings/public-url";

/**
 * Links held until the exhibition's public address is known (issue 52, decision 052 § Links held).
 * A real exhibition without `publicUrl` nor PUBLIC_URL cannot make a link absolute, and a bare path
 * in a mail or SMS is a link nobody can follow: the sender writes PORTAL_ADDRESS_MARK before the path instead
 * (portalLink), and the notifier keeps the message queued, unsent, until the address is set; then it
 * writes the address in and sends it. A demo exhibition keeps the bare path (its own local server).
 */
export const holdsLinks = (text: string, params: Record<string, string> | null) =>
  text.includes(PORTAL_ADDRESS_MARK) || Object.values(params ?? {}).some((value) => value.includes(PORTAL_ADDRESS_MARK));

/** `path` with the mark, made absolute from `base`: the URL joined as portalLink would have. */
function resolve(value: string, base: string) {
  return value.replace(/\{\{portal-address\}\}(\/[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*)/g, (_all, path: string) => new URL(path, base).toString());
}

export type ResolvedLinks = { text: string; params: Record<string, string> | null };

/** The text and SMS parameters with every marked link made absolute; null while the address is unknown. */
export async function resolveHeldLinks(
  db: Database,
  config: Pick<Config, "PUBLIC_URL">,
  message: { exhibitionId: number | null; text: string; params: Record<string, string> | null },
): Promise<ResolvedLinks | null> {
  const base = message.exhibitionId ? await publicBaseUrl(db, message.exhibitionId, config) : config.PUBLIC_URL || null;
  if (!base) return null;
  const params = message.params ? Object.fromEntries(Object.entries(message.params).map(([key, value]) => [key, resolve(value, base)])) : null;
  return { text: resolve(message.text, base), params };
}

/** The messages of the exhibition held for its address, to send once it is set (oldest first). */
export async function heldMessages(db: Database, exhibitionId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("messages")
    .select("id")
    .where("exhibition_id", "=", exhibitionId)
    .where("status", "=", "queued")
    .where("reason", "=", HELD_FOR_ADDRESS_REASON)
    .orderBy("id")
    .limit(500)
    .execute();
  return rows.map((row) => row.id);
}
