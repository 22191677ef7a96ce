import type { ColumnType, Generated } from "kysely";
import type { CreatedAt, Json, Timestamp } from "./columns";

export interface ExhibitorProfileTable {
  user_id: number;
  exhibition_id: number;
  unique_id: string;
  status: "draft" | "under_review" | "approved" | "returned";
  /** JSON: the ProfileDraft (app/features/exhibitor/schema.ts). Written as JSON.stringify(...). */
  draft: Json;
  /** JSON: the draft as last submitted (what the organizer reviews and the catalogue shows once approved). */
  submitted: ColumnType<unknown, string | null, string | null>;
  /** JSON: the submission as last approved, what public outputs show (server/exhibitor/public-profile.ts; migration 0036). */
  approved: ColumnType<unknown, string | null | undefined, string | null>;
  review_comment: string | null;
  submitted_at: Date | null;
  reviewed_at: Date | null;
  reviewed_by: number | null;
  approved_at: Date | null;
  version: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

interface ExhibitorProfileEventTable {
  id: Generated<number>;
  user_id: number;
  actor_id: number | null;
  /** Who acted, readable after the actor is gone: a username or "ops-cli". */
  actor_label: string;
  action: string;
  from_status: string | null;
  to_status: string | null;
  comment: string | null;
  details: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

interface VerificationCodeTable {
  id: Generated<number>;
  user_id: number;
  channel: "sms" | "email";
  target: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Timestamp;
  consumed_at: Date | null;
  created_at: CreatedAt;
}

interface VerifiedContactTable {
  user_id: number;
  channel: "sms" | "email";
  target: string;
  verified_at: CreatedAt;
}

interface GroupInfoTable {
  user_id: number;
  data: Json;
  updated_at: Timestamp;
}

/** The exhibitor tables, part of DB (./index.ts). */
export interface ExhibitorTables {
  exhibitor_profiles: ExhibitorProfileTable;
  exhibitor_profile_events: ExhibitorProfileEventTable;
  verification_codes: VerificationCodeTable;
  verified_contacts: VerifiedContactTable;
  group_info: GroupInfoTable;
}
