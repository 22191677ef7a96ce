import { signForPurpose, verifyForPurpose } from "../auth/purpose-signature";

/**
 * The token of an invoice application's public QR page (issue 16, spec point 2: the invoice
 * QR-code save call is public): `EPI1.<application id>.<expiry, unix seconds>.<signature>`. It opens
 * that one application only, until it expires (7 days) or the invoice is issued (the server checks
 * that). The signature is the first 16 bytes of an HMAC-SHA256 over the rest, keyed by a key derived
 * from a session secret for this purpose only; signed with the first secret, checked against all.
 */
export const QR_TOKEN_PREFIX = "EPI1";
export const QR_TOKEN_DAYS = 7;
export const QR_TOKEN_MAX_LENGTH = 80;

const TOKEN = /^EPI1\.([1-9]\d{0,11})\.(\d{10})\.([A-Za-z0-9_-]{22})$/;
const PURPOSE = "exhibitor-portal/invoice-qr/v1";

/** A token for `applicationId`, valid for 7 days from `now`. */
export function signQrToken(applicationId: number, now: Date, secrets: readonly string[]) {
  if (!Number.isSafeInteger(applicationId) || applicationId <= 0) throw new Error("invoice QR token: not an application id");
  const expires = Math.floor(now.getTime() / 1000) + QR_TOKEN_DAYS * 24 * 60 * 60;
  const body = `${QR_TOKEN_PREFIX}.${applicationId}.${expires}`;
  return `${body}.${signForPurpose(PURPOSE, body, secrets)}`;
}

export type QrTokenCheck = { ok: true; applicationId: number; expiresAt: Date } | { ok: false; reason: "invalid" | "expired" };

/**
 * What a token opens. An edited token (another id, a later expiry) fails its signature: 'invalid';
 * a genuine one past its expiry: 'expired'. Every secret is tried, so the time says nothing.
 */
export function verifyQrToken(token: unknown, now: Date, secrets: readonly string[]): QrTokenCheck {
  if (typeof token !== "string" || token.length > QR_TOKEN_MAX_LENGTH) return { ok: false, reason: "invalid" };
  const match = TOKEN.exec(token);
  if (!match) return { ok: false, reason: "invalid" };
  const [, id, expires, signature] = match as unknown as [string, string, string, string];
  const body = `${QR_TOKEN_PREFIX}.${id}.${expires}`;
  if (!verifyForPurpose(PURPOSE, body, signature, secrets)) return { ok: false, reason: "invalid" };
  const expiresAt = new Date(Number(expires) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, applicationId: Number(id), expiresAt };
}
