import { sql } from "kysely";
import { UPLOAD_FOLDERS } from "../../app/contracts/uploads/schema";
import type { Database } from "../db/database";
import type { ObjectStore } from "./object-store";

/**
 * Unfinished uploads (issue 36, decision 005). Every signed form is a grant for one key; completing
 * the upload consumes it. What one account may have outstanding is bounded, and whatever nobody
 * completed is swept after UNCLAIMED_UPLOAD_HOURS, so no account can fill the disk or the bucket.
 */

/** Outstanding signed uploads per account: enough for a form with many photos, not for filling a disk. */
const PENDING_UPLOADS_MAX = 30;
/** Their signed sizes together: five promotional videos of 200 MB. */
const PENDING_BYTES_MAX = 1024 * 1024 * 1024;
/** An upload not completed by then is removed: long after its form expired (15 min) and any real upload ended. */
export const UNCLAIMED_UPLOAD_HOURS = 6;
const UNCLAIMED_UPLOAD_MS = UNCLAIMED_UPLOAD_HOURS * 60 * 60 * 1000;

export class PendingUploadsExceededError extends Error {
  constructor(
    readonly count: number,
    readonly bytes: number,
  ) {
    super(`too many unfinished uploads (${count}, ${bytes} bytes)`);
    this.name = "PendingUploadsExceededError";
  }
}

type Grant = { key: string; userId: number; maxBytes: number; expiresAt: Date };

const isOver = (count: number, bytes: number, next: number) => count + 1 > PENDING_UPLOADS_MAX || bytes + next > PENDING_BYTES_MAX;

async function pendingOf(db: Database, userId: number, now: Date) {
  const row = await db
    .selectFrom("upload_grants")
    .select([sql<number>`count(*)::int`.as("count"), sql<number>`coalesce(sum(max_bytes), 0)::float8`.as("bytes")])
    .where("user_id", "=", userId)
    .where("created_at", ">", new Date(now.getTime() - UNCLAIMED_UPLOAD_MS))
    .executeTakeFirstOrThrow();
  return { count: row.count, bytes: row.bytes };
}

/**
 * Records a grant for one signed form, or throws PendingUploadsExceededError when the account's
 * unfinished uploads are at the bound. Before refusing, forms that expired without an upload are let go.
 */
export async function grantUpload(db: Database, store: ObjectStore, grant: Grant, now = new Date()) {
  const pending = await pendingOf(db, grant.userId, now);
  if (isOver(pending.count, pending.bytes, grant.maxBytes)) await releaseUnused(db, store, grant.userId, now);
  await db.transaction().execute(async (trx) => {
    // The account's row is the lock: two signatures at once are counted one after the other.
    await trx.selectFrom("users").select("id").where("id", "=", grant.userId).forUpdate().executeTakeFirstOrThrow();
    const counted = await pendingOf(trx, grant.userId, now);
    if (isOver(counted.count, counted.bytes, grant.maxBytes)) throw new PendingUploadsExceededError(counted.count, counted.bytes);
    await trx
      .insertInto("upload_grants")
      .values({ upload_key: grant.key, user_id: grant.userId, max_bytes: grant.maxBytes, expires_at: grant.expiresAt })
      .execute();
  });
}

/** Grants whose form expired and under whose key nothing was uploaded hold nothing: removed. */
async function releaseUnused(db: Database, store: ObjectStore, userId: number, now: Date) {
  const expired = await db.selectFrom("upload_grants").select("upload_key").where("user_id", "=", userId).where("expires_at", "<=", now).execute();
  for (const { upload_key } of expired) {
    if (!(await store.stat(upload_key))) await db.deleteFrom("upload_grants").where("upload_key", "=", upload_key).execute();
  }
}

/** The upload was moved out of the uploader's reach (completed, or refused and deleted): its grant is used up. */
export async function consumeGrant(db: Database, key: string) {
  await db.deleteFrom("upload_grants").where("upload_key", "=", key).execute();
}

/**
 * Removes uploads nobody completed: every object under an upload folder (completed files live under
 * `stored/`, which is never swept) written before `olderThan`, and the grants as old. Any process
 * may run it at any time; it is idempotent.
 */
export async function sweepUnclaimedUploads(db: Database, store: ObjectStore, olderThan = new Date(Date.now() - UNCLAIMED_UPLOAD_MS)) {
  const objects = await store.removeOlderThan(
    UPLOAD_FOLDERS.map((folder) => `${folder}/`),
    olderThan,
  );
  const grants = await db.deleteFrom("upload_grants").where("created_at", "<", olderThan).executeTakeFirst();
  return { objects, grants: Number(grants.numDeletedRows) };
}
