import type { BackupState } from "../../app/contracts/home/overview-types";
import type { Database } from "../db/database";

/** The backups as the organizer's home shows them: the last good one, a failure after it, whether a schedule is set. */
export async function backupState(db: Database, scheduled: boolean): Promise<BackupState> {
  const lastGood = await db
    .selectFrom("backup_runs")
    .select(["finished_at", "archive_bytes"])
    .where("kind", "=", "backup")
    .where("status", "=", "done")
    .orderBy("finished_at", "desc")
    .limit(1)
    .executeTakeFirst();
  let failed = db
    .selectFrom("backup_runs")
    .select(["finished_at", "error"])
    .where("kind", "=", "backup")
    .where("status", "=", "failed")
    .orderBy("finished_at", "desc")
    .limit(1);
  if (lastGood?.finished_at) failed = failed.where("finished_at", ">", lastGood.finished_at);
  const failedSince = await failed.executeTakeFirst();
  return {
    lastGoodAt: lastGood?.finished_at ? new Date(lastGood.finished_at).toISOString() : null,
    lastGoodBytes: lastGood?.archive_bytes === null || lastGood?.archive_bytes === undefined ? null : Number(lastGood.archive_bytes),
    failedSince: failedSince?.finished_at ? { at: new Date(failedSince.finished_at).toISOString(), error: failedSince.error ?? "" } : null,
    scheduled,
  };
}
