import type { InvoiceQrChange } from "../../app/contracts/invoices/api-types";
import { appClock } from "../clock";
import type { Database, Db } from "../db/database";
import { issuedError, qrLinkOfRow, selectApplications, staleError, type Caller } from "./applications";
import { notFound } from "../api/envelope";

/**
 * The QR link of an invoice application (issue 36, item 4): the exhibitor revokes it (every link
 * handed out stops working at once) or renews it (a new link; the earlier ones stop working). Both
 * raise the application's link version, which every token carries and the QR page compares on each
 * use (qr-page.ts). The organizer (roleId 1) may revoke any of the exhibition's links, e.g. when one
 * is reported leaked; renewing hands out a link, so it is the application's exhibitor's alone.
 * Another exhibitor's application answers like an unknown one (404).
 */

/** The exhibitor's own application, or for the organizer any of the exhibition's. */
function reachableApplication(db: Db, caller: Caller, id: number, organizer: boolean) {
  let query = selectApplications(db).where("a.id", "=", id).where("a.exhibition_id", "=", caller.exhibitionId);
  if (!organizer) query = query.where("a.user_id", "=", caller.userId);
  return query;
}

async function changed(db: Db, id: number, sessionSecrets: readonly string[]): Promise<InvoiceQrChange> {
  const row = await selectApplications(db).where("a.id", "=", id).executeTakeFirstOrThrow();
  return { id, ...qrLinkOfRow(row, sessionSecrets) };
}

/**
 * POST /smeb/invoice/qr/revoke: every link handed out stops working, and none is shown until the
 * exhibitor renews it. Revoking a revoked link changes nothing (a second post, or two people at once).
 * Allowed whatever the application's status: taking a link back is never refused.
 */
export async function revokeQrLink(db: Database, caller: Caller, id: number, organizer: boolean, sessionSecrets: readonly string[]): Promise<InvoiceQrChange> {
  const row = await reachableApplication(db, caller, id, organizer).executeTakeFirst();
  if (!row) throw notFound();
  const now = appClock.now();
  // One statement, so a revocation racing a renewal or a QR save still ends with a higher version.
  await db
    .updateTable("invoice_applications")
    .set((eb) => ({ qr_link_version: eb("qr_link_version", "+", 1), qr_link_revoked_at: now, qr_link_changed_by: caller.userId }))
    .where("id", "=", row.id)
    .where("qr_link_revoked_at", "is", null)
    .execute();
  return changed(db, row.id, sessionSecrets);
}

/**
 * POST /smeb/invoice/qr/renew: a new link in place of the current (or revoked) one, at the link
 * version the exhibitor saw, so a form posted twice does not replace the link just handed out (409).
 * An issued invoice has no link any more (409).
 */
export async function renewQrLink(
  db: Database,
  caller: Caller,
  input: { id: number; linkVersion: number },
  sessionSecrets: readonly string[],
): Promise<InvoiceQrChange> {
  const row = await reachableApplication(db, caller, input.id, false).executeTakeFirst();
  if (!row) throw notFound();
  if (row.status === "issued") throw issuedError();
  if (row.qr_link_version !== input.linkVersion) throw staleError();
  const result = await db
    .updateTable("invoice_applications")
    .set({ qr_link_version: row.qr_link_version + 1, qr_link_revoked_at: null, qr_link_changed_by: caller.userId })
    .where("id", "=", row.id)
    .where("qr_link_version", "=", row.qr_link_version)
    .where("status", "!=", "issued")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw staleError();
  return changed(db, row.id, sessionSecrets);
}
