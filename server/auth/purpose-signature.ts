import crypto from "node:crypto";

/**
 * Short HMAC signatures for texts the portal hands out (badge QR codes, invoice QR tokens): each
 * purpose signs with a key of its own derived from a session secret, so a signature made for one
 * purpose never passes for another's or for a cookie's. The first secret signs; every secret is
 * checked, so secrets can be rotated.
 */
const derivedKeys = new Map<string, Buffer>();

function purposeKey(secret: string, purpose: string) {
  const id = `${purpose}\n${secret}`;
  let key = derivedKeys.get(id);
  if (!key) {
    key = crypto.createHmac("sha256", secret).update(purpose).digest();
    derivedKeys.set(id, key);
  }
  return key;
}

/** The first 16 bytes of HMAC-SHA256(purpose key, body), base64url (22 characters). */
function purposeSignature(purpose: string, body: string, secret: string) {
  return crypto.createHmac("sha256", purposeKey(secret, purpose)).update(body).digest().subarray(0, 16).toString("base64url");
}

/** Signs with the first secret. */
export function signForPurpose(purpose: string, body: string, secrets: readonly string[]) {
  const secret = secrets[0];
  if (!secret) throw new Error(`${purpose}: no secret to sign with`);
  return purposeSignature(purpose, body, secret);
}

/** Whether `signature` is one of `body`'s; every secret is tried, so the time says nothing about which fitted. */
export function verifyForPurpose(purpose: string, body: string, signature: string, secrets: readonly string[]) {
  const given = Buffer.from(signature, "ascii");
  let valid = false;
  for (const secret of secrets) {
    const expected = Buffer.from(purposeSignature(purpose, body, secret), "ascii");
    if (expected.length === given.length && crypto.timingSafeEqual(expected, given)) valid = true;
  }
  return valid;
}
