import type { JobWorkers } from "../jobs/queue";
import type { Database } from "../db/database";
import type { Logger } from "../logger";
import type { ObjectStore } from "../uploads/object-store";
import { pruneBackups, takeBackup } from "./backup";

/**
 * Scheduled backups (decision 058) on the portal's job queue: BACKUP_SCHEDULE (cron) queues one, which
 * whichever process takes it writes into BACKUP_DIR; then only the newest BACKUP_KEEP archives are kept.
 * Each run is logged (and in backup_runs, which the organizer's home reads). Without a schedule, an
 * earlier one is removed.
 */
export const BACKUP_QUEUE = "backup-scheduled";

export type BackupJobDeps = {
  db: Database;
  store: ObjectStore;
  logger: Logger;
  databaseKind: "pglite" | "postgres";
  schedule: string | undefined;
  folder: string;
  keep: number;
};

export function backupJobs(deps: BackupJobDeps): JobWorkers {
  return {
    queues: [BACKUP_QUEUE],
    async register(boss, options) {
      await boss.createQueue(BACKUP_QUEUE, { name: BACKUP_QUEUE, policy: "singleton", retryLimit: 1, retryDelay: 300, expireInMinutes: 240 });
      if (deps.schedule) await boss.schedule(BACKUP_QUEUE, deps.schedule);
      else await boss.unschedule(BACKUP_QUEUE);
      await boss.work(BACKUP_QUEUE, { pollingIntervalSeconds: options.pollingSeconds ?? 30 }, async () => {
        try {
          const result = await takeBackup(deps, deps.folder, { trigger: "schedule" });
          const removed = await pruneBackups(deps.folder, deps.keep);
          deps.logger.info(
            { event: "backup", archive: result.archive, bytes: result.bytes, rows: result.rows, files: result.files, removed },
            "scheduled backup written",
          );
          return { archive: result.archive, bytes: result.bytes, removed: removed.length };
        } catch (error) {
          deps.logger.error({ event: "backup", err: error }, "scheduled backup failed");
          throw error;
        }
      });
    },
  };
}
