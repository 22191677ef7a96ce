import crypto from "node:crypto";
import { randomSalt, type ScryptParams, scryptOnHashThread } from "./password-hasher";

/** OWASP ASVS 4.0 (2.4.3) minimum for scrypt: N=2^17, r=8, p=1. */
export const ASVS_SCRYPT = { N: 2 ** 17, r: 8, p: 1 } as const;

/**
 * Test setting PASSWORD_HASHING=fast (vitest, the e2e server): N=2^10, about 1/130 of the CPU of
 * a hash, so the thousands of sign-ins and accounts of the test suites do not spend minutes hashing.
 * The server refuses it with NODE_ENV=production (server/config.ts), as it does TEST_CLOCK.
 */
const FAST_TEST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 } as const;

/** The parameters new hashes get, and below which a stored hash is upgraded at the next sign-in. */
const currentScrypt = (): ScryptParams => (process.env.PASSWORD_HASHING === "fast" ? FAST_TEST_SCRYPT : ASVS_SCRYPT);
const KEY_LENGTH = 32;

/** Format: scrypt$N$r$p$salt$hash (base64url), so parameters can be raised later. */
export async function hashPassword(password: string, params: ScryptParams = currentScrypt()) {
  const salt = randomSalt();
  const hash = await scryptOnHashThread({ password: password.normalize("NFKC"), salt, keyLength: KEY_LENGTH, params });
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

/**
 * With `refuseWhenBusy` (sign-in) a full hash queue rejects with HashQueueFull (password-hasher.ts)
 * rather than making the caller wait behind everyone.
 */
export async function verifyPassword(password: string, stored: string, options: { refuseWhenBusy?: boolean } = {}) {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const expected = Buffer.from(hash, "base64url");
  const actual = await scryptOnHashThread(
    { password: password.normalize("NFKC"), salt: Buffer.from(salt, "base64url"), keyLength: expected.length, params },
    options,
  );
  return crypto.timingSafeEqual(actual, expected);
}

/** A hash of a random password, verified against unknown usernames to even out timing. */
let dummyHash: Promise<string> | null = null;
export function getDummyHash() {
  dummyHash ??= hashPassword(crypto.randomUUID());
  return dummyHash;
}

export function needsRehash(stored: string) {
  const [, n, r, p] = stored.split("$");
  const wanted = currentScrypt();
  return Number(n) < wanted.N || Number(r) < wanted.r || Number(p) < wanted.p;
}
