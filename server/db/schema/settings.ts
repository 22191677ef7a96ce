import type { ColumnType, Generated } from "kysely";
import type { CreatedAt } from "./columns";

interface UserPreferenceTable {
  user_id: number;
  skin: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  type: number;
  content: string;
  img_url: string | null;
  created_at: CreatedAt;
  /** When the organizer marked it handled, and who (0037-feedback-inbox); null while it waits. */
  handled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  handled_by: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The settings tables, part of DB (./index.ts). */
export interface SettingsTables {
  user_preferences: UserPreferenceTable;
  feedback: FeedbackTable;
}
