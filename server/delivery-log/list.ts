import { sql } from "kysely";
import { maskEmail, maskPhone } from "../../app/contracts/common/format";
import type { DeliveryLogPage, DeliveryLogRow } from "../../app/contracts/delivery-log/values";
import type { Database } from "../db/database";
import { iso } from "../db/column-values";

export type DeliveryLogQuery = { page: number; pageSize: number; channel?: "email" | "sms"; state?: DeliveryLogRow["status"]; kind?: string };

/**
 * The exhibition's delivery log (0040-messages), newest first. Recipients are masked like every list
 * of personal data, the organizer's included: the log is read over shoulders, and the message
 * itself (codes, links) is never shown, only its kind.
 */
export async function deliveryLog(db: Database, exhibitionId: number, query: DeliveryLogQuery): Promise<Omit<DeliveryLogPage, "emailChannel">> {
  let filtered = db.selectFrom("messages").where("messages.exhibition_id", "=", exhibitionId);
  if (query.channel) filtered = filtered.where("messages.channel", "=", query.channel);
  if (query.state) filtered = filtered.where("messages.status", "=", query.state);
  if (query.kind) filtered = filtered.where("messages.kind", "=", query.kind);
  const [count, rows, kinds] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow(),
    filtered
      .leftJoin("messages as resend", "resend.resent_from", "messages.id")
      .select([
        "messages.id",
        "messages.channel",
        "messages.kind",
        "messages.recipient",
        "messages.status",
        "messages.reason",
        "messages.attempts",
        "messages.created_at",
        "messages.updated_at",
        "messages.sent_at",
        "messages.next_attempt_at",
        "messages.resent_from",
        sql<number | null>`resend.id`.as("resent_as"),
      ])
      .orderBy("messages.created_at", "desc")
      .orderBy("messages.id", "desc")
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    db.selectFrom("messages").select("kind").distinct().where("exhibition_id", "=", exhibitionId).orderBy("kind").execute(),
  ]);
  return {
    total: Number(count.n),
    kinds: kinds.map((k) => k.kind),
    rows: rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      kind: row.kind,
      recipient: row.channel === "email" ? maskEmail(row.recipient) : maskPhone(row.recipient),
      status: row.status,
      reason: row.reason,
      attempts: row.attempts,
      createdAt: iso(row.created_at)!,
      updatedAt: iso(row.updated_at)!,
      sentAt: iso(row.sent_at),
      nextAttemptAt: row.status === "queued" ? iso(row.next_attempt_at) : null,
      resentFrom: row.resent_from,
      resentAs: row.resent_as,
    })),
  };
}
