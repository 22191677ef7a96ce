import crypto from "node:crypto";
import { authEndpoints } from "../../contracts/auth/endpoints.server";
import type { ApiClient } from "../../lib/api.server";

/** The API's public key, cached briefly per process (it is public; losing the cache costs one call). */
const cache = new Map<string, { pem: string; expires: number }>();
const TTL_MS = 10 * 60 * 1000;

export async function apiPublicKey(api: ApiClient, baseUrl: string) {
  const hit = cache.get(baseUrl);
  if (hit && hit.expires > Date.now()) return hit.pem;
  const result = await api.call(authEndpoints.publicKey);
  if (!result.ok) return null;
  cache.set(baseUrl, { pem: result.data.publicKey, expires: Date.now() + TTL_MS });
  return result.data.publicKey;
}

/** docs/product.md § The exhibition API: passwords travel to the API encrypted with its public key (RSA-OAEP, SHA-256). */
export function rsaEncrypt(publicKeyPem: string, plaintext: string) {
  return crypto
    .publicEncrypt({ key: publicKeyPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(plaintext, "utf8"))
    .toString("base64");
}
