import type { ColumnType, Generated } from "kysely";
import type { CreatedAt } from "./columns";

/** An exhibition's reminder settings (0023-reminders); an exhibition without a row has the defaults. */
interface ReminderSettingsTable {
  exhibition_id: number;
  days_before: ColumnType<number[], number[] | undefined, number[]>;
  overdue: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

type ReminderStatus = "queued" | "claimed" | "sent" | "failed";

/** One reminder claimed for an exhibitor and a checklist item; unique per (user_id, schedule_item_id, kind). */
interface ReminderLogTable {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  schedule_item_id: number;
  /** before:<days>, overdue, or manual:<uuid> (the organizer's "send now"). */
  kind: string;
  /** queued: a "send now" asked for, not yet taken by the worker (0038-queued-reminders). */
  status: ColumnType<ReminderStatus, ReminderStatus | undefined, ReminderStatus>;
  email: ColumnType<boolean, boolean | undefined, boolean>;
  sms: ColumnType<boolean, boolean | undefined, boolean>;
  sent_by: number | null;
  created_at: CreatedAt;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** The reminder tables, part of DB (./index.ts). */
export interface ReminderTables {
  reminder_settings: ReminderSettingsTable;
  reminder_log: ReminderLogTable;
}
