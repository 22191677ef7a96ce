import type { JobQueue, JobWorkers } from "../jobs/queue";
import { type DeliveryDeps, deliverMessage } from "./delivery";
import { strandedMessages, sweepInterrupted } from "./message-log";

/**
 * Every e-mail and SMS on the portal's job queue (issue 52, decision 052): the notifier logs a row
 * and queues a job naming it; the worker sends it (./delivery.ts). A temporary failure queues the
 * next try itself, after a doubling delay. A sweep every few minutes ends rows a crash left in
 * 'sending' as failed "interrupted" (never resent: the provider may have sent them) and queues again
 * rows whose job was lost between the log and the queue.
 */

export const MESSAGE_SEND_QUEUE = "messages-send";
const SWEEP_QUEUE = "messages-sweep";
const SWEEP_CRON = "*/5 * * * *";
/** A send takes seconds (SMTP gives up after 30 s): 'sending' for this long means the process died. */
const INTERRUPTED_AFTER_MINUTES = 10;

type SendJob = { messageId: number };

export type MessageJobOptions = {
  /** The first retry's delay in seconds; each next one doubles (tests shorten it). */
  retryBaseSeconds?: number;
};

/** Fails what a crash interrupted, and queues again the queued rows nobody will take. */
export async function sweepMessages(deps: DeliveryDeps, queue: Pick<JobQueue, "send">): Promise<{ interrupted: number; requeued: number }> {
  const interrupted = await sweepInterrupted(deps.db, INTERRUPTED_AFTER_MINUTES);
  const stranded = await strandedMessages(deps.db, INTERRUPTED_AFTER_MINUTES);
  for (const messageId of stranded) await queue.send(MESSAGE_SEND_QUEUE, { messageId } satisfies SendJob);
  if (interrupted || stranded.length) deps.logger.warn({ interrupted, requeued: stranded.length }, "delivery log swept");
  return { interrupted, requeued: stranded.length };
}

/** The messages' queues and workers, to register on the process's job queue. */
export function messageJobs(deps: DeliveryDeps, messageOptions: MessageJobOptions = {}): JobWorkers {
  const retryBaseSeconds = messageOptions.retryBaseSeconds ?? 30;
  return {
    queues: [MESSAGE_SEND_QUEUE, SWEEP_QUEUE],
    async register(boss, options) {
      // The job retries only when the worker itself fails (the database is away): the claim makes that safe.
      await boss.createQueue(MESSAGE_SEND_QUEUE, { name: MESSAGE_SEND_QUEUE, retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInMinutes: 5 });
      await boss.createQueue(SWEEP_QUEUE, { name: SWEEP_QUEUE, policy: "singleton", retryLimit: 1, expireInMinutes: 5 });
      await boss.schedule(SWEEP_QUEUE, SWEEP_CRON);
      await boss.work<SendJob>(MESSAGE_SEND_QUEUE, { pollingIntervalSeconds: options.pollingSeconds ?? 1 }, async (jobs) => {
        for (const job of jobs) {
          const outcome = await deliverMessage(deps, job.data.messageId, { retryBaseSeconds });
          if (outcome.status === "retry")
            await boss.send(MESSAGE_SEND_QUEUE, { messageId: job.data.messageId } satisfies SendJob, { startAfter: outcome.delaySeconds });
        }
      });
      await boss.work(SWEEP_QUEUE, { pollingIntervalSeconds: options.pollingSeconds ?? 10 }, async () => {
        await sweepMessages(deps, { send: async (name, data) => void (await boss.send(name, data)) });
      });
    },
    async started(queue) {
      await queue.send(SWEEP_QUEUE, {});
    },
  };
}
