import type { ColumnType, Generated } from "kysely";
import type { CreatedAt, Timestamp } from "./columns";

export type MessageChannel = "email" | "sms";
type MessageStatus = "queued" | "sending" | "sent" | "failed";

/** The delivery log (0040-messages): one row per e-mail or SMS asked for. */
interface MessageTable {
  id: Generated<number>;
  /** Null when neither the sender nor the recipient's account names the exhibition. */
  exhibition_id: number | null;
  user_id: number | null;
  channel: MessageChannel;
  kind: string;
  recipient: string;
  subject: string | null;
  text: string;
  /** The SMS template's parameters as JSON. */
  params: string | null;
  reply_to: string | null;
  status: ColumnType<MessageStatus, MessageStatus | undefined, MessageStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  reason: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When a temporary failure's next try is due (null: now). */
  next_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The failed row this one resends (at most one resend per failed row). */
  resent_from: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The delivery log's table, part of DB (./index.ts). */
export interface MessageTables {
  messages: MessageTable;
}
