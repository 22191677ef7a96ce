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
}

/** The settings tables, part of DB (./index.ts). */
export interface SettingsTables {
  user_preferences: UserPreferenceTable;
  feedback: FeedbackTable;
}
