import type { DatabaseHandle } from "../db/database";
import { activeJobQueue, type JobOptions, type JobWorkers, startJobQueue } from "../jobs/queue";
import { type ManualJob, type ReminderDeps, runSweep, sendManual } from "./send";

/**
 * The reminders' jobs on the portal's job queue (decision 034, server/jobs/queue.ts): a scheduled
 * "sweep" every 10 minutes (and one at start) sends the reminders due; the organizer's "send now" is
 * a "manual" job. pg-boss keeps the jobs across restarts and hands each to one worker, but never-twice
 * is the unique key of reminder_log (send.ts), whichever process or job runs.
 */

const SWEEP_QUEUE = "reminders-sweep";
const MANUAL_QUEUE = "reminders-manual";
const SWEEP_CRON = "*/10 * * * *";

/** The reminders' queues and workers, to register on the process's job queue. */
export function reminderJobs(deps: ReminderDeps): JobWorkers {
  return {
    queues: [SWEEP_QUEUE, MANUAL_QUEUE],
    async register(boss, options) {
      await boss.createQueue(SWEEP_QUEUE, { name: SWEEP_QUEUE, policy: "singleton", retryLimit: 2, expireInMinutes: 15 });
      await boss.createQueue(MANUAL_QUEUE, { name: MANUAL_QUEUE, retryLimit: 3, retryDelay: 30, expireInMinutes: 15 });
      await boss.schedule(SWEEP_QUEUE, SWEEP_CRON);
      await boss.work(SWEEP_QUEUE, { pollingIntervalSeconds: options.pollingSeconds ?? 10 }, async () => {
        const result = await runSweep(deps);
        if (result.sent) deps.logger.info({ event: "reminder-sweep", ...result }, "checklist reminders sent");
        return result;
      });
      await boss.work<ManualJob>(MANUAL_QUEUE, { pollingIntervalSeconds: options.pollingSeconds ?? 2 }, async (jobs) => {
        for (const job of jobs) await sendManual(deps, job.data);
      });
    },
    async started(queue) {
      // A sweep at start: what fell due while no process ran goes now.
      await queue.send(SWEEP_QUEUE, {});
    },
  };
}

export type ReminderQueue = {
  /** Queues the organizer's "send now" (sent within seconds by whichever process takes it). */
  sendManual(job: ManualJob): Promise<void>;
  stop(): Promise<void>;
};

/** The reminders' side of the queue this process runs, if it runs their workers (the API queues "send now" on it; without it, it sends at once). */
export function activeReminderQueue(): Pick<ReminderQueue, "sendManual"> | null {
  const queue = activeJobQueue();
  if (!queue?.handles(MANUAL_QUEUE)) return null;
  return { sendManual: (job) => queue.send(MANUAL_QUEUE, job) };
}

/** A job queue running the reminders only (tests; the server starts the shared one in server/index.ts). */
export async function startReminderQueue(deps: ReminderDeps & { database: DatabaseHandle }, options: JobOptions = {}): Promise<ReminderQueue> {
  const queue = await startJobQueue(deps, [reminderJobs(deps)], options);
  return { sendManual: (job) => queue.send(MANUAL_QUEUE, job), stop: () => queue.stop() };
}
