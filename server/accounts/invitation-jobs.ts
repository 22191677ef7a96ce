import type { InvitationSendAnswer } from "../../app/contracts/accounts/api-types";
import { INVITATION_BATCH_FROM } from "../../app/contracts/accounts/values";
import { ApiCode, ApiError } from "../api/envelope";
import { activeJobQueue, type JobWorkers } from "../jobs/queue";
import { createInvitationBatch, failInvitationBatch, invitationBatches, runInvitationBatch } from "./invitation-batches";
import { emptySendResult, invitationTargets, type Mailer, sendInvitations } from "./invitations";

/**
 * Invitation batches on the portal's job queue (issue 39, decision 034): "send to all" (or a chosen
 * list longer than INVITATION_BATCH_FROM) records a batch and queues a job naming it; whichever
 * process takes the job sends it (invitation-batches.ts: claim first, so a retry sends nobody twice).
 * Without a queue in this process (tests, JOBS=off) the batch is sent in the request.
 */

const SEND_QUEUE = "invitations-send";

type BatchJob = { batchId: number };

/** The invitations' queue and worker, to register on the process's job queue. */
export function invitationJobs(deps: Mailer): JobWorkers {
  return {
    queues: [SEND_QUEUE],
    async register(boss, options) {
      // 1,500 accounts through a slow SMTP server take a while: the job may run two hours before pg-boss retries it.
      await boss.createQueue(SEND_QUEUE, { name: SEND_QUEUE, retryLimit: 3, retryDelay: 30, expireInMinutes: 120 });
      await boss.work<BatchJob>(SEND_QUEUE, { pollingIntervalSeconds: options.pollingSeconds ?? 2 }, async (jobs) => {
        for (const job of jobs) await runInvitationBatch(deps, job.data.batchId);
      });
    },
  };
}

/**
 * The API's send: the chosen accounts or all not activated; a chosen id that is not an exhibitor of
 * the exhibition refuses the whole send. A short chosen list is sent in the request, without a batch.
 */
export async function sendOrQueueInvitations(
  deps: Mailer,
  caller: { exhibitionId: number; userId: number | null },
  input: { userId: number[]; all: boolean },
): Promise<InvitationSendAnswer> {
  if (!input.all && input.userId.length === 0) throw new ApiError(ApiCode.badRequest, "accounts.invite.noneChosen");
  const { targets, unknown } = await invitationTargets(deps.db, caller.exhibitionId, input.all ? { all: true } : { userIds: input.userId });
  if (unknown.length) throw new ApiError(ApiCode.badRequest, "accounts.invite.unknownAccount");
  if (!input.all && targets.length <= INVITATION_BATCH_FROM) return { ...(await sendInvitations(deps, targets)), batch: null };
  if (!targets.length) return { ...emptySendResult(), batch: null };
  const batchId = await createInvitationBatch(
    deps.db,
    caller.exhibitionId,
    caller.userId,
    targets.map((t) => t.id),
  );
  const batchNow = async () => (await invitationBatches(deps.db, caller.exhibitionId, batchId))[0] ?? null;
  const queue = activeJobQueue();
  if (queue?.handles(SEND_QUEUE)) {
    try {
      await queue.send(SEND_QUEUE, { batchId } satisfies BatchJob);
    } catch (error) {
      await failInvitationBatch(deps.db, batchId, error instanceof Error ? error.message : String(error));
      throw error;
    }
    return { ...emptySendResult(), batch: await batchNow() };
  }
  const result = await runInvitationBatch(deps, batchId);
  return { ...result, batch: await batchNow() };
}
