import { sql, type Insertable } from "kysely";
import { ORGANIZER_ROLE_ID } from "../../app/contracts/permission/roles";
import type { Database } from "../db/database";
import type { StoredFileTable } from "../db/schema";

/**
 * What one account may store (issue 50): its completed files (stored_files.size_bytes by owner)
 * together stay within its quota, the organizer's own for the account (users.upload_quota_mb) or
 * UPLOAD_QUOTA_MB. A signature is refused once the account is full, and a completed upload whose
 * bytes would pass the quota is refused at its claim. Organizer accounts have none: they keep the
 * exhibition's own files (data area, templates), which no exhibitor can add to.
 */
const MB = 1024 * 1024;
let defaultQuotaMb = 1024;

/** UPLOAD_QUOTA_MB, set once the configuration is read (server/app.ts). */
export function setDefaultUploadQuota(megabytes: number) {
  defaultQuotaMb = megabytes;
}

export const defaultUploadQuotaMb = () => defaultQuotaMb;

export class StorageQuotaError extends Error {
  constructor(
    readonly usedBytes: number,
    readonly quotaBytes: number,
  ) {
    super(`storage quota reached (${usedBytes} of ${quotaBytes} bytes)`);
    this.name = "StorageQuotaError";
  }
}

export type AccountStorage = { usedBytes: number; quotaMb: number; ownQuota: boolean; limited: boolean };

/** The account's stored bytes and its quota (its own, or the default). */
export async function accountStorage(db: Database, userId: number): Promise<AccountStorage> {
  const row = await db
    .selectFrom("users")
    .select((eb) => [
      "role_id",
      "upload_quota_mb",
      eb.selectFrom("stored_files").select(sql<number>`coalesce(sum(size_bytes), 0)::float8`.as("bytes")).where("owner_user_id", "=", userId).as("used"),
    ])
    .where("id", "=", userId)
    .executeTakeFirst();
  return {
    usedBytes: Number(row?.used ?? 0),
    quotaMb: row?.upload_quota_mb ?? defaultQuotaMb,
    ownQuota: row?.upload_quota_mb != null,
    limited: row?.role_id !== ORGANIZER_ROLE_ID,
  };
}

/** Several accounts' stored bytes and quotas at once (the organizer's list). */
export async function storageOfAccounts(db: Database, accounts: { id: number; upload_quota_mb: number | null }[]) {
  const ids = accounts.map((a) => a.id);
  const used = ids.length
    ? await db
        .selectFrom("stored_files")
        .select(["owner_user_id", sql<number>`coalesce(sum(size_bytes), 0)::float8`.as("bytes")])
        .where("owner_user_id", "in", ids)
        .groupBy("owner_user_id")
        .execute()
    : [];
  const bytes = new Map(used.map((u) => [u.owner_user_id, Number(u.bytes)]));
  return new Map(
    accounts.map((a) => [a.id, { usedBytes: bytes.get(a.id) ?? 0, quotaMb: a.upload_quota_mb ?? defaultQuotaMb, ownQuota: a.upload_quota_mb !== null }]),
  );
}

/** Before signing an upload form: an account already at its quota gets none. */
export async function refuseWhenStorageFull(db: Database, userId: number) {
  const storage = await accountStorage(db, userId);
  if (storage.limited && storage.usedBytes >= storage.quotaMb * MB) throw new StorageQuotaError(storage.usedBytes, storage.quotaMb * MB);
}

/** Records a completed file unless it would take the account past its quota (two claims at once are counted one after the other). */
export async function insertWithinQuota(db: Database, row: Insertable<StoredFileTable> & { owner_user_id: number }) {
  const insert = async (trx: Database) => {
    // The account's row is the lock, as for its signatures (grants.ts).
    await trx.selectFrom("users").select("id").where("id", "=", row.owner_user_id).forUpdate().executeTakeFirst();
    const storage = await accountStorage(trx, row.owner_user_id);
    if (storage.limited && storage.usedBytes + Number(row.size_bytes) > storage.quotaMb * MB) {
      throw new StorageQuotaError(storage.usedBytes, storage.quotaMb * MB);
    }
    await trx.insertInto("stored_files").values(row).execute();
  };
  // A caller's transaction (the demo seed's) holds the lock until it ends; otherwise one of our own.
  if (db.isTransaction) await insert(db);
  else await db.transaction().execute(insert);
}

/** The organizer's quota for an account, in MB (null: back to the default). */
export async function setAccountQuota(db: Database, userId: number, megabytes: number | null) {
  await db.updateTable("users").set({ upload_quota_mb: megabytes }).where("id", "=", userId).execute();
}
