import { sql } from "kysely";
import type { InvitationBatch, InvitationSendResult } from "../../app/contracts/accounts/api-types";
import type { Database } from "../db/database";
import { addOutcome, emptySendResult, inviteOne, type Mailer, PARALLEL_SENDS } from "./invitations";

/**
 * Invitation batches (issue 39, decision 034): a "send to all" (or a long chosen list) is a row of
 * invitation_batches with its accounts as invitation_batch_items, sent by a job of the portal's queue
 * (invitation-jobs.ts) or, without one, in the request or the CLI. Never twice: every item is
 * claimed (queued → sending, by one update that only one sender can win) before its invitation goes,
 * so a job run again after a crash, or twice, skips every account already handled in this batch.
 * A crash between the claim and the send leaves the item "sending": that account is counted failed
 * when the batch finishes (at most once, as the reminders), and the organizer may send to it again.
 */

const ITEMS_PER_INSERT = 500;

/** Records a batch for these accounts (all queued), in one transaction; answers its id. */
export async function createInvitationBatch(db: Database, exhibitionId: number, requestedBy: number | null, userIds: number[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("invitation_batches")
      .values({ exhibition_id: exhibitionId, requested_by: requestedBy, total: userIds.length })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (let i = 0; i < userIds.length; i += ITEMS_PER_INSERT) {
      const values = userIds.slice(i, i + ITEMS_PER_INSERT).map((userId) => ({ batch_id: id, user_id: userId }));
      await trx
        .insertInto("invitation_batch_items")
        .values(values)
        .onConflict((oc) => oc.columns(["batch_id", "user_id"]).doNothing())
        .execute();
    }
    return id;
  });
}

/** The batch's counts from its items; `final` also counts items left "sending" (a crash mid-send) as failed. */
async function updateCounts(db: Database, batchId: number, final: boolean) {
  const failed = final ? sql`status in ('failed', 'sending')` : sql`status = 'failed'`;
  await sql`update invitation_batches b
    set sent = c.sent, failed = c.failed, skipped = c.skipped
    from (
      select count(*) filter (where status = 'sent')::int as sent,
        count(*) filter (where ${failed})::int as failed,
        count(*) filter (where status = 'skipped')::int as skipped
      from invitation_batch_items where batch_id = ${batchId}
    ) c
    where b.id = ${batchId}`.execute(db);
}

const nextTargets = (db: Database, batchId: number) =>
  db
    .selectFrom("invitation_batch_items as i")
    .innerJoin("users as u", "u.id", "i.user_id")
    .select(["u.id", "u.username", "u.business_name", "u.business_name_en", "u.activated_at", "u.contact_email", "u.contact_phone"])
    .where("i.batch_id", "=", batchId)
    .where("i.status", "=", "queued")
    .orderBy("u.username")
    .orderBy("u.id")
    .limit(PARALLEL_SENDS)
    .execute();

/**
 * Sends the batch's accounts not handled yet, a few at once, updating its counts after each few, and
 * marks it done; answers what this run sent (nothing when another run already did). On an error the
 * batch is marked failed with it and the error goes on (the queue retries the job).
 */
export async function runInvitationBatch(deps: Mailer, batchId: number): Promise<InvitationSendResult> {
  const { db } = deps;
  const result = emptySendResult();
  const started = await db
    .updateTable("invitation_batches")
    .set({ state: "running", error: null })
    .where("id", "=", batchId)
    .where("state", "!=", "done")
    .returning("id")
    .executeTakeFirst();
  if (!started) return result;
  try {
    for (let targets = await nextTargets(db, batchId); targets.length; targets = await nextTargets(db, batchId)) {
      await Promise.all(
        targets.map(async (target) => {
          const claimed = await db
            .updateTable("invitation_batch_items")
            .set({ status: "sending", updated_at: new Date() })
            .where("batch_id", "=", batchId)
            .where("user_id", "=", target.id)
            .where("status", "=", "queued")
            .returning("user_id")
            .executeTakeFirst();
          if (!claimed) return;
          const outcome = await inviteOne(deps, target);
          const status = outcome.kind === "sent" ? "sent" : outcome.kind === "failed" ? "failed" : "skipped";
          await db
            .updateTable("invitation_batch_items")
            .set({ status, updated_at: new Date() })
            .where("batch_id", "=", batchId)
            .where("user_id", "=", target.id)
            .execute();
          addOutcome(result, target.username, outcome);
        }),
      );
      await updateCounts(db, batchId, false);
    }
    await updateCounts(db, batchId, true);
    await db.updateTable("invitation_batches").set({ state: "done", finished_at: new Date() }).where("id", "=", batchId).execute();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .updateTable("invitation_batches")
      .set({ state: "failed", error: message.slice(0, 500) })
      .where("id", "=", batchId)
      .execute()
      .catch(() => {});
    throw error;
  }
  deps.logger.info({ event: "invitation-batch", batchId, sent: result.sent.length, failed: result.failed.length }, "invitation batch sent");
  return result;
}

/** Marks a batch that could not be queued as failed (the organizer sees it and may send again). */
export async function failInvitationBatch(db: Database, batchId: number, error: string) {
  await db
    .updateTable("invitation_batches")
    .set({ state: "failed", error: error.slice(0, 500) })
    .where("id", "=", batchId)
    .execute();
}

const BATCHES_LISTED = 5;

/** The exhibition's newest batches, newest first, or the one `id` names (none when it is another exhibition's). */
export async function invitationBatches(db: Database, exhibitionId: number, id?: number): Promise<InvitationBatch[]> {
  const rows = await db
    .selectFrom("invitation_batches")
    .select(["id", "state", "total", "sent", "failed", "skipped", "error", "created_at", "finished_at"])
    .where("exhibition_id", "=", exhibitionId)
    .$if(id !== undefined, (q) => q.where("id", "=", id!))
    .orderBy("id", "desc")
    .limit(BATCHES_LISTED)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    state: row.state,
    total: row.total,
    sent: row.sent,
    failed: row.failed,
    skipped: row.skipped,
    error: row.error,
    createdAt: new Date(row.created_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  }));
}
