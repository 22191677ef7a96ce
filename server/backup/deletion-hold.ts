import { sql } from "kysely";
import type { Database } from "../db/database";
import type { ObjectStore } from "../uploads/object-store";

/**
 * While a backup runs, the store's objects are not deleted but noted, and deleted once it has
 * finished: the backup's snapshot may name a file that a record dropped a moment later (a replaced
 * picture, the sweep of unreferenced files), and the backup must still find its bytes. Whoever deletes
 * checks for a running backup after its own change committed, and the backup marks itself running
 * before it takes its snapshot, so no deletion the snapshot could still need slips between the two.
 */

/** A running backup that has not said it is alive for this long was stopped (killed, the machine went down). */
export const BACKUP_HEARTBEAT_SECONDS = 15;
export const STALE_BACKUP_SECONDS = 120;

export async function backupRunning(db: Database): Promise<boolean> {
  const row = await db
    .selectFrom("backup_runs")
    .select("id")
    .where("status", "=", "running")
    .where("kind", "=", "backup")
    .where("heartbeat_at", ">", sql<Date>`now() - make_interval(secs => ${STALE_BACKUP_SECONDS})`)
    .executeTakeFirst();
  return Boolean(row);
}

export function holdDeletionsDuringBackups(store: ObjectStore, db: Database): ObjectStore {
  return {
    kind: store.kind,
    createUploadForm: (input) => store.createUploadForm(input),
    put: (key, body, options) => store.put(key, body, options),
    stat: (key) => store.stat(key),
    readRange: (key, start, end) => store.readRange(key, start, end),
    openRead: (key, range) => store.openRead(key, range),
    move: (from, to) => store.move(from, to),
    removeOlderThan: (prefixes, cutoff) => store.removeOlderThan(prefixes, cutoff),
    async delete(key) {
      if (await backupRunning(db)) {
        await db
          .insertInto("deferred_object_deletions")
          .values({ storage_key: key })
          .onConflict((oc) => oc.doNothing())
          .execute();
        return;
      }
      await store.delete(key);
    },
  };
}

/** Deletes what waited for a backup, unless one runs again. Any process may call it at any time. */
export async function deleteDeferredObjects(db: Database, store: ObjectStore): Promise<number> {
  let deleted = 0;
  for (;;) {
    if (await backupRunning(db)) return deleted;
    const batch = await db.selectFrom("deferred_object_deletions").select("storage_key").orderBy("storage_key").limit(200).execute();
    if (!batch.length) return deleted;
    for (const { storage_key } of batch) {
      await store.delete(storage_key);
      await db.deleteFrom("deferred_object_deletions").where("storage_key", "=", storage_key).execute();
      deleted++;
    }
  }
}
