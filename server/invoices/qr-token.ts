import type { InvoiceQr, InvoiceQrState } from "../../app/contracts/invoices/api-types";
import { signForPurpose, verifyForPurpose } from "../auth/purpose-signature";

/**
 * The token of an invoice application's public QR page (issue 16, docs/product.md § Public pages: the invoice
 * QR-code save call is public): `EPI2.<application id>.<link version>.<expiry, unix seconds>.<signature>`.
 * It opens that one application only, until it expires (7 days), the invoice is issued, or the
 * exhibitor revokes or renews the link (issue 36: the server compares the link version with the
 * application's on every use, qr-page.ts). The signature is the first 16 bytes of an HMAC-SHA256
 * over the rest, keyed by a key derived from a session secret for this purpose only; signed with the
 * first secret, checked against all.
 */
const QR_TOKEN_PREFIX = "EPI2";
export const QR_TOKEN_DAYS = 7;
const QR_TOKEN_MAX_LENGTH = 80;

const TOKEN = /^EPI2\.([1-9]\d{0,11})\.(0|[1-9]\d{0,8})\.(\d{10})\.([A-Za-z0-9_-]{22})$/;
/**
 * The format before link versions (`EPI1.<id>.<expiry>.<signature>`): links handed out before
 * migration 0016 count as version 0, so they keep working until they expire (7 days at most) and a
 * revocation ends them like any other. Nothing signs this format any more.
 */
const LEGACY_TOKEN = /^EPI1\.([1-9]\d{0,11})\.(\d{10})\.([A-Za-z0-9_-]{22})$/;
const PURPOSE = "exhibitor-portal/invoice-qr/v1";

/** A token for `applicationId` at the application's current `linkVersion`, valid for 7 days from `now`. */
export function signQrToken(applicationId: number, linkVersion: number, now: Date, secrets: readonly string[]) {
  if (!Number.isSafeInteger(applicationId) || applicationId <= 0) throw new Error("invoice QR token: not an application id");
  if (!Number.isSafeInteger(linkVersion) || linkVersion < 0 || linkVersion > 999_999_999) throw new Error("invoice QR token: not a link version");
  const expires = Math.floor(now.getTime() / 1000) + QR_TOKEN_DAYS * 24 * 60 * 60;
  const body = `${QR_TOKEN_PREFIX}.${applicationId}.${linkVersion}.${expires}`;
  return `${body}.${signForPurpose(PURPOSE, body, secrets)}`;
}

export type QrTokenCheck = { ok: true; applicationId: number; linkVersion: number; expiresAt: Date } | { ok: false; reason: "invalid" | "expired" };

/** The token's parts and the body its signature covers, or null when it is not a token at all. */
function parse(token: string) {
  const match = TOKEN.exec(token);
  if (match) {
    const [, id, linkVersion, expires, signature] = match as unknown as [string, string, string, string, string];
    return { id, linkVersion: Number(linkVersion), expires, signature, body: `EPI2.${id}.${linkVersion}.${expires}` };
  }
  const legacy = LEGACY_TOKEN.exec(token);
  if (!legacy) return null;
  const [, id, expires, signature] = legacy as unknown as [string, string, string, string];
  return { id, linkVersion: 0, expires, signature, body: `EPI1.${id}.${expires}` };
}

/**
 * What a token opens, as far as the token alone says: an edited token (another id, link version or
 * expiry) fails its signature: 'invalid'; a genuine one past its expiry: 'expired'. Whether its link
 * version is still the application's is the caller's check. Every secret is tried, so the time says nothing.
 */
export function verifyQrToken(token: unknown, now: Date, secrets: readonly string[]): QrTokenCheck {
  if (typeof token !== "string" || token.length > QR_TOKEN_MAX_LENGTH) return { ok: false, reason: "invalid" };
  const parts = parse(token);
  if (!parts) return { ok: false, reason: "invalid" };
  if (!verifyForPurpose(PURPOSE, parts.body, parts.signature, secrets)) return { ok: false, reason: "invalid" };
  const expiresAt = new Date(Number(parts.expires) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, applicationId: Number(parts.id), linkVersion: parts.linkVersion, expiresAt };
}

/** What the exhibitor's page hands out for an application: a fresh token at the current link version; none once issued or while revoked. */
export function qrLinkOf(
  application: { id: number; status: string; linkVersion: number; revoked: boolean },
  now: Date,
  secrets: readonly string[],
): InvoiceQrState {
  const qrLink = { version: application.linkVersion, revoked: application.revoked };
  if (application.status === "issued" || application.revoked) return { qr: null, qrLink };
  const token = signQrToken(application.id, application.linkVersion, now, secrets);
  const check = verifyQrToken(token, now, secrets);
  if (!check.ok) throw new Error("invoice QR token: a fresh token does not verify");
  const qr: InvoiceQr = { url: `/invoiceArea/saveQrCode?token=${encodeURIComponent(token)}`, expiresAt: check.expiresAt.toISOString() };
  return { qr, qrLink };
}
