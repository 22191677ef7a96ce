import { sql } from "kysely";
import { HELD_FOR_ADDRESS_REASON, INTERRUPTED_REASON } from "../../app/contracts/delivery-log/values";
import type { Database } from "../db/database";
import type { MessageChannel } from "../db/schema";

/**
 * The delivery log (0040-messages), the notifier's only record of what it was asked to send. Never
 * sent twice: a row is sent only by whoever moved it from 'queued' to 'sending' (claimMessage, one
 * conditional update), and a row found in 'sending' is never sent again but ends as failed
 * "interrupted" (sweepInterrupted) for the organizer to resend.
 */

export type NewMessage = {
  channel: MessageChannel;
  kind: string;
  recipient: string;
  subject?: string | null;
  text: string;
  params?: Record<string, string> | null;
  replyTo?: string | null;
  exhibitionId?: number | null;
  userId?: number | null;
};

export type ClaimedMessage = {
  id: number;
  channel: MessageChannel;
  kind: string;
  recipient: string;
  subject: string | null;
  text: string;
  params: Record<string, string> | null;
  replyTo: string | null;
  attempts: number;
  exhibitionId: number | null;
};

type Origin = { exhibitionId: number | null; userId: number | null };

/**
 * The account and exhibition a message is for: the sender's word when given, else the one account
 * whose contact address or mobile it is, else the only exhibition of the database (a message to a
 * visitor or a new address on a single-show server).
 */
export async function originOf(db: Database, message: NewMessage): Promise<Origin> {
  if (message.userId) {
    const user = await db.selectFrom("users").select("exhibition_id").where("id", "=", message.userId).executeTakeFirst();
    if (user) return { exhibitionId: message.exhibitionId ?? user.exhibition_id, userId: message.userId };
  }
  if (message.exhibitionId) return { exhibitionId: message.exhibitionId, userId: null };
  const recipient = message.recipient.trim();
  const accounts = await db
    .selectFrom("users")
    .select(["id", "exhibition_id"])
    .where(
      message.channel === "email" ? sql<string>`lower(contact_email)` : sql<string>`regexp_replace(contact_phone, '[^0-9+]', '', 'g')`,
      "=",
      message.channel === "email" ? recipient.toLowerCase() : recipient.replace(/[^0-9+]/g, ""),
    )
    .limit(2)
    .execute();
  if (accounts.length === 1) return { exhibitionId: accounts[0]!.exhibition_id, userId: accounts[0]!.id };
  if (accounts.length > 1 && accounts.every((a) => a.exhibition_id === accounts[0]!.exhibition_id))
    return { exhibitionId: accounts[0]!.exhibition_id, userId: null };
  const exhibitions = await db.selectFrom("exhibitions").select("id").limit(2).execute();
  return { exhibitionId: exhibitions.length === 1 ? exhibitions[0]!.id : null, userId: null };
}

/** Logs a message as queued; its id is what the job names. */
export async function recordMessage(db: Database, message: NewMessage, known?: Origin): Promise<number> {
  const origin = known ?? (await originOf(db, message));
  const row = await db
    .insertInto("messages")
    .values({
      exhibition_id: origin.exhibitionId,
      user_id: origin.userId,
      channel: message.channel,
      kind: message.kind,
      recipient: message.recipient,
      subject: message.subject ?? null,
      text: message.text,
      params: message.params ? JSON.stringify(message.params) : null,
      reply_to: message.replyTo ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Takes a queued row for one send (queued → sending, attempts + 1); null when another worker has it or it is done. */
export async function claimMessage(db: Database, id: number): Promise<ClaimedMessage | null> {
  const row = await db
    .updateTable("messages")
    .set((eb) => ({ status: "sending", attempts: eb("attempts", "+", 1), updated_at: new Date() }))
    .where("id", "=", id)
    .where("status", "=", "queued")
    .returning(["id", "channel", "kind", "recipient", "subject", "text", "params", "reply_to", "attempts", "exhibition_id"])
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    channel: row.channel,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    text: row.text,
    params: row.params ? (JSON.parse(row.params) as Record<string, string>) : null,
    replyTo: row.reply_to,
    attempts: row.attempts,
    exhibitionId: row.exhibition_id,
  };
}

/** A claimed row whose links wait for the public address: queued again, the try not counted, sent once the address is set. */
export async function holdForAddress(db: Database, id: number): Promise<void> {
  await db
    .updateTable("messages")
    .set((eb) => ({ status: "queued", attempts: eb("attempts", "-", 1), reason: HELD_FOR_ADDRESS_REASON, next_attempt_at: null, updated_at: new Date() }))
    .where("id", "=", id)
    .where("status", "=", "sending")
    .execute();
}

/** The claimed row's text and parameters with its links made absolute: what the log shows is what was sent. */
export async function storeResolvedText(db: Database, id: number, text: string, params: Record<string, string> | null): Promise<void> {
  await db
    .updateTable("messages")
    .set({ text, params: params ? JSON.stringify(params) : null })
    .where("id", "=", id)
    .execute();
}

export async function markSent(db: Database, id: number): Promise<void> {
  const now = new Date();
  await db
    .updateTable("messages")
    .set({ status: "sent", reason: null, sent_at: now, updated_at: now })
    .where("id", "=", id)
    .where("status", "=", "sending")
    .execute();
}

export async function markFailed(db: Database, id: number, reason: string): Promise<void> {
  await db.updateTable("messages").set({ status: "failed", reason, updated_at: new Date() }).where("id", "=", id).where("status", "=", "sending").execute();
}

/** A temporary failure: back in the queue with the provider's reason, for the next try. */
export async function returnToQueue(db: Database, id: number, reason: string, nextAttemptAt: Date): Promise<void> {
  await db
    .updateTable("messages")
    .set({ status: "queued", reason, next_attempt_at: nextAttemptAt, updated_at: new Date() })
    .where("id", "=", id)
    .where("status", "=", "sending")
    .execute();
}

/**
 * Rows left in 'sending' longer than `minutes` (the process died mid-send, or a send hangs beyond
 * every timeout): failed "interrupted", never resent, since the provider may have sent them.
 */
export async function sweepInterrupted(db: Database, minutes: number): Promise<number> {
  const before = new Date(Date.now() - minutes * 60_000);
  const rows = await db
    .updateTable("messages")
    .set({ status: "failed", reason: INTERRUPTED_REASON, updated_at: new Date() })
    .where("status", "=", "sending")
    .where("updated_at", "<", before)
    .returning("id")
    .execute();
  return rows.length;
}

/** Queued rows whose job is gone (a crash between the log and the queue): their ids, to queue again. */
export async function strandedMessages(db: Database, minutes: number): Promise<number[]> {
  const before = new Date(Date.now() - minutes * 60_000);
  const rows = await db
    .selectFrom("messages")
    .select("id")
    .where("status", "=", "queued")
    .where((eb) => eb(eb.fn.coalesce("next_attempt_at", "updated_at"), "<", before))
    .orderBy("id")
    .limit(500)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The organizer's resend of a failed row of the exhibition: a new queued row with the same content
 * (the failed one stays as it was). Once per failed row: a second click finds the first resend.
 */
export async function resendFailed(db: Database, exhibitionId: number, id: number): Promise<number | null> {
  const row = await db
    .insertInto("messages")
    .columns(["exhibition_id", "user_id", "channel", "kind", "recipient", "subject", "text", "params", "reply_to", "resent_from"])
    .expression((eb) =>
      eb
        .selectFrom("messages")
        .select(["exhibition_id", "user_id", "channel", "kind", "recipient", "subject", "text", "params", "reply_to", "id"])
        .where("id", "=", id)
        .where("exhibition_id", "=", exhibitionId)
        .where("status", "=", "failed"),
    )
    .onConflict((oc) => oc.column("resent_from").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}
