import type { QrApplication } from "../../app/contracts/invoices/api-types";
import type { qrSaveSchema } from "../../app/contracts/invoices/schema";
import type { Language } from "../../app/contracts/i18n/config";
import type { z } from "zod";
import { ApiCode, ApiError, notFound } from "../api/envelope";
import { appClock } from "../clock";
import type { Database, Db } from "../db/database";
import { detailColumns, issuedError, selectApplications, staleError, type ApplicationRow } from "./applications";
import { verifyQrToken } from "./qr-token";
import { hit } from "../rate-limits/hits";

/**
 * The public QR page's API (docs/product.md § Public pages: the invoice QR-code save call needs no login): the
 * exhibitor's finance colleague reads and fills in the billing details of the one application the
 * signed token names, until it expires (7 days) or the invoice is issued. Nothing else of the
 * account is answered, and every request counts against the caller's address.
 */
type QrSaveInput = z.output<typeof qrSaveSchema>;

/**
 * Counts this request for `ip` (the named limit invoiceQrPerIp, over both QR routes: a person filling
 * in one form needs a few) and refuses it (429) once the address is at the limit. In the database, so
 * every Node process counts the same requests; a refused request is not recorded.
 */
export async function countQrRequest(db: Database, ip: string, now = new Date()) {
  const verdict = await hit(db, { limit: "invoiceQrPerIp", subject: ip }, now);
  if (!verdict.allowed) throw new ApiError(ApiCode.tooManyRequests, "errors.tooManyRequests");
}

const tokenError = (reason: "invalid" | "expired") =>
  reason === "expired" ? new ApiError(410, "invoices.errors.tokenExpired") : notFound("invoices.errors.tokenInvalid");

/**
 * The application the token opens, or the refusal: edited, unknown, revoked or renewed since (404,
 * the same answer, so a revoked link says nothing of the application), expired (410), issued (409).
 */
async function openedRow(db: Db, token: string, secrets: readonly string[], forUpdate = false): Promise<ApplicationRow> {
  const check = verifyQrToken(token, appClock.now(), secrets);
  if (!check.ok) throw tokenError(check.reason);
  let query = selectApplications(db).where("a.id", "=", check.applicationId);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw tokenError("invalid");
  // Checked on every use: the link version is what the exhibitor's revoke and renew raise (qr-links.ts).
  if (row.qr_link_revoked_at !== null || row.qr_link_version !== check.linkVersion) throw tokenError("invalid");
  if (row.status === "issued") throw issuedError();
  return row;
}

/** Only the billing details, the amount and the exhibition's name: no items, no account, no other application. */
async function qrView(db: Db, row: ApplicationRow, language: Language): Promise<QrApplication> {
  const exhibition = await db.selectFrom("exhibitions").select(["name_zh", "name_en"]).where("id", "=", row.exhibition_id).executeTakeFirstOrThrow();
  return {
    invoiceType: row.invoice_type,
    title: row.title,
    taxpayerId: row.taxpayer_id,
    addressPhone: row.address_phone,
    bankAccount: row.bank_account,
    receivingEmail: row.receiving_email,
    amountCents: Number(row.amount_cents),
    status: row.status,
    version: row.version,
    exhibitionName: language === "en" ? exhibition.name_en || exhibition.name_zh : exhibition.name_zh,
  };
}

/** GET /invoice/qr/info */
export async function qrInfo(db: Database, token: string, secrets: readonly string[], language: Language): Promise<QrApplication> {
  return qrView(db, await openedRow(db, token, secrets), language);
}

/**
 * POST /invoice/qrSave: the billing details only (the items and the amount stay the exhibitor's), at
 * the version read, so the same form posted twice changes nothing the second time. A returned
 * application stays returned: the exhibitor looks at it again and resubmits.
 */
export async function qrSave(db: Database, input: QrSaveInput, secrets: readonly string[], language: Language): Promise<QrApplication> {
  const id = await db.transaction().execute(async (trx) => {
    const row = await openedRow(trx, input.token, secrets, true);
    if (row.version !== input.version) throw staleError();
    const result = await trx
      .updateTable("invoice_applications")
      .set({
        ...detailColumns(input),
        details_by: "qr",
        version: row.version + 1,
        updated_at: appClock.now(),
      })
      .where("id", "=", row.id)
      .where("version", "=", row.version)
      .where("status", "!=", "issued")
      .where("qr_link_version", "=", row.qr_link_version)
      .where("qr_link_revoked_at", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw staleError();
    return row.id;
  });
  return qrView(db, await selectApplications(db).where("a.id", "=", id).executeTakeFirstOrThrow(), language);
}
