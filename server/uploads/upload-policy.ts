import crypto from "node:crypto";

/**
 * The signed upload policy of the local storage host, in the shape OSS and S3 use: a base64 JSON
 * document with an expiry and conditions, and an HMAC of it. Whoever holds a policy can upload
 * one file under exactly the signed key (inside the user's prefix), up to the signed size, until it
 * expires; nothing else. One key per signature is what lets the API bound an account's unfinished
 * uploads (server/uploads/grants.ts): a prefix alone let one signature write any number of files.
 */
export type PolicyDocument = {
  expiration: string;
  conditions: [["starts-with", "$key", string], ["content-length-range", number, number], { success_action_status: "200" }, ["eq", "$key", string]];
};

export type SignedPolicy = { policy: string; signature: string; OSSAccessKeyId: string };

/** The access key id names which secret signed (secrets rotate: the first signs, all verify). */
function keyId(secret: string) {
  return `local-${crypto.createHash("sha256").update(secret).digest("hex").slice(0, 12)}`;
}

function hmac(secret: string, policy: string) {
  return crypto.createHmac("sha256", secret).update(policy).digest("base64");
}

export function signUploadPolicy(secret: string, input: { key: string; keyPrefix: string; maxBytes: number; expiresAt: Date }): SignedPolicy {
  const document: PolicyDocument = {
    expiration: input.expiresAt.toISOString(),
    conditions: [
      ["starts-with", "$key", input.keyPrefix],
      ["content-length-range", 1, input.maxBytes],
      { success_action_status: "200" },
      ["eq", "$key", input.key],
    ],
  };
  const policy = Buffer.from(JSON.stringify(document)).toString("base64");
  return { policy, signature: hmac(secret, policy), OSSAccessKeyId: keyId(secret) };
}

export type PolicyCheck =
  | { ok: true; keyPrefix: string; maxBytes: number; expiresAt: Date }
  | { ok: false; reason: "malformed" | "signature" | "expired" | "key" };

/** Verifies signature, expiry and key prefix; the size is enforced by the caller while streaming. */
export function verifyUploadPolicy(secrets: string[], form: Partial<SignedPolicy> & { key?: string }, now = new Date()): PolicyCheck {
  const { policy, signature, OSSAccessKeyId, key } = form;
  if (!policy || !signature || !OSSAccessKeyId || !key) return { ok: false, reason: "malformed" };
  const secret = secrets.find((s) => keyId(s) === OSSAccessKeyId);
  if (!secret) return { ok: false, reason: "signature" };
  const expected = Buffer.from(hmac(secret, policy));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return { ok: false, reason: "signature" };
  let document: PolicyDocument;
  try {
    document = JSON.parse(Buffer.from(policy, "base64").toString("utf8")) as PolicyDocument;
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const expiresAt = new Date(document.expiration);
  const [prefixRule, sizeRule, , keyRule] = document.conditions ?? [];
  if (!prefixRule || !sizeRule || !keyRule || Number.isNaN(expiresAt.getTime())) return { ok: false, reason: "malformed" };
  if (expiresAt <= now) return { ok: false, reason: "expired" };
  const keyPrefix = prefixRule[2];
  if (!key.startsWith(keyPrefix) || key !== keyRule[2] || !isStorageKey(key)) return { ok: false, reason: "key" };
  return { ok: true, keyPrefix, maxBytes: sizeRule[2], expiresAt };
}

/**
 * Keys the server makes: `<folder>/<userId>/<yyyy-mm>/<random>-<timestamp>.<ext>` for uploads, and
 * the same under `stored/` once checked (outside every policy's prefix), nothing else.
 */
const STORAGE_KEY = /^(stored\/)?[a-z-]{1,40}\/\d{1,12}\/\d{4}-\d{2}\/[0-9a-f]{16}-\d{13}\.[a-z0-9]{2,5}$/;

export function isStorageKey(key: string) {
  return STORAGE_KEY.test(key);
}
