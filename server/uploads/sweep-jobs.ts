import type { JobWorkers } from "../jobs/queue";
import type { Database } from "../db/database";
import type { Logger } from "../logger";
import { type FileReferences, sweepUnreferencedFiles } from "./file-references";
import { deleteDeferredObjects } from "../backup/deletion-hold";
import type { ObjectStore } from "./object-store";

/**
 * The sweep of completed files no record refers to (issue 50, file-references.ts) on the portal's job
 * queue (decision 034): every hour, in whichever process takes the job; one at a time (singleton).
 */
const SWEEP_QUEUE = "uploads-sweep";
const SWEEP_CRON = "23 * * * *";

/** `fileReferences`: every column that may name a stored file (server/domains.ts). */
export function uploadSweepJobs(deps: { db: Database; store: ObjectStore; logger: Logger; fileReferences: FileReferences }): JobWorkers {
  return {
    queues: [SWEEP_QUEUE],
    async register(boss, options) {
      await boss.createQueue(SWEEP_QUEUE, { name: SWEEP_QUEUE, policy: "singleton", retryLimit: 2, expireInMinutes: 30 });
      await boss.schedule(SWEEP_QUEUE, SWEEP_CRON);
      await boss.work(SWEEP_QUEUE, { pollingIntervalSeconds: options.pollingSeconds ?? 30 }, async () => {
        const result = await sweepUnreferencedFiles(deps.db, deps.store, deps.fileReferences);
        // Deletions a backup held, in case the process that ran it stopped before deleting them.
        await deleteDeferredObjects(deps.db, deps.store);
        if (result.files) deps.logger.info({ event: "uploads-sweep", ...result }, "unreferenced files removed");
        return result;
      });
    },
  };
}
