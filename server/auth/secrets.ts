import crypto from "node:crypto";
import { promisify } from "node:util";
import type { Database } from "../db/database";

const generateKeyPair = promisify(crypto.generateKeyPair);

/**
 * Reads a generated secret shared by every process, creating it once. Two processes
 * starting together both insert; the loser's value is discarded by `on conflict`.
 */
async function sharedSetting(db: Database, key: string, create: () => Promise<string>) {
  const existing = await db.selectFrom("app_settings").select("value").where("key", "=", key).executeTakeFirst();
  if (existing) return existing.value;
  const value = await create();
  await db
    .insertInto("app_settings")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const stored = await db.selectFrom("app_settings").select("value").where("key", "=", key).executeTakeFirstOrThrow();
  return stored.value;
}

export type RsaKeys = { publicKeyPem: string; privateKey: crypto.KeyObject };

export async function loadRsaKeys(db: Database, configuredPrivateKey?: string): Promise<RsaKeys> {
  const pem =
    configuredPrivateKey?.replace(/\\n/g, "\n") ??
    (await sharedSetting(db, "rsa_private_key", async () => {
      const { privateKey } = await generateKeyPair("rsa", { modulusLength: 2048 });
      return privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    }));
  const privateKey = crypto.createPrivateKey(pem);
  const publicKeyPem = crypto.createPublicKey(privateKey).export({ type: "spki", format: "pem" }).toString();
  return { publicKeyPem, privateKey };
}

/** RSA-OAEP with SHA-256, base64 ciphertext (PKCS#1 v1.5 decryption is disabled in Node 20). The web app encrypts in app/features/auth/rsa.server.ts. */
export function rsaDecrypt(privateKey: crypto.KeyObject, ciphertext: string): string | null {
  try {
    return crypto
      .privateDecrypt({ key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(ciphertext, "base64"))
      .toString("utf8");
  } catch {
    return null;
  }
}

export async function loadSessionSecrets(db: Database, configured: string[]) {
  if (configured.length) return configured;
  return [await sharedSetting(db, "session_secret", async () => crypto.randomBytes(32).toString("base64url"))];
}

/** Signs the local storage host's upload policies; shared by every process through the database. */
export async function loadStorageSecrets(db: Database, configured: string[]) {
  if (configured.length) return configured;
  return [await sharedSetting(db, "storage_policy_secret", async () => crypto.randomBytes(32).toString("base64url"))];
}
