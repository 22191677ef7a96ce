import type { ColumnType, Generated } from "kysely";
import type { CreatedAt, DateColumn, JsonColumn, Timestamp, VersionedRecord } from "./columns";

// Booth construction (0010-booth-construction).
interface ConstructionSettingsTable {
  exhibition_id: number;
  /** Dates as YYYY-MM-DD (read back through to_char, see server/booth-construction/settings.ts). */
  build_up_from: ColumnType<Date | string, string, string>;
  build_up_to: ColumnType<Date | string, string, string>;
  dismantle_from: ColumnType<Date | string, string, string>;
  dismantle_to: ColumnType<Date | string, string, string>;
  /** bigint: read as a string (pg) or number. */
  insurance_min_cents: ColumnType<string | number, number | undefined, number>;
}

type ReviewStatus = "submitted" | "accepted" | "returned";

interface StandardBuildTable extends VersionedRecord {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  booth_id: number;
  status: ColumnType<"draft" | ReviewStatus, "draft" | ReviewStatus | undefined, "draft" | ReviewStatus>;
  fascia_mode: ColumnType<"standard" | "custom", "standard" | "custom" | undefined, "standard" | "custom">;
  fascia_name_zh: ColumnType<string, string | undefined, string>;
  fascia_name_en: ColumnType<string, string | undefined, string>;
  fascia_file_id: string | null;
  fascia_check: ColumnType<unknown, string | null | undefined, string | null>;
  unneeded_equipment: JsonColumn<unknown>;
  walls_removed: JsonColumn<unknown>;
  extra_boards: ColumnType<number, number | undefined, number>;
  positioning_date: DateColumn;
  carpet_colour: ColumnType<string, string | undefined, string>;
  carpet_laying_day: DateColumn;
  carpet_laying_slot: "am" | "pm" | null;
  other_requirements: ColumnType<string, string | undefined, string>;
  review_comment: string | null;
  submitted_at: Timestamp | null;
  reviewed_at: Timestamp | null;
}

interface BoothInsuranceTable extends VersionedRecord {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  booth_id: number;
  status: ColumnType<ReviewStatus, ReviewStatus | undefined, ReviewStatus>;
  insurer: string;
  policy_no: string;
  insured_cents: ColumnType<string | number, number, number>;
  valid_from: ColumnType<Date | string, string, string>;
  valid_to: ColumnType<Date | string, string, string>;
  policy_file_id: string;
  review_comment: string | null;
  submitted_at: Timestamp;
  reviewed_at: Timestamp | null;
}

export type CommitmentStatus = "notSigned" | ReviewStatus;

interface SafetyCommitmentTable extends VersionedRecord {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  booth_id: number;
  status: ColumnType<CommitmentStatus, CommitmentStatus | undefined, CommitmentStatus>;
  responsible_person: string;
  builder_company: string;
  mobile: string;
  rules_read_at: Timestamp;
  generated_file_id: string | null;
  signed_file_id: string | null;
  review_comment: string | null;
  submitted_at: Timestamp | null;
  reviewed_at: Timestamp | null;
}

type DrawingKind = "design" | "structure" | "qualification";

interface BoothDrawingTable {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  booth_id: number;
  kind: DrawingKind;
  version: number;
  file_id: string;
  note: ColumnType<string, string | undefined, string>;
  status: ColumnType<ReviewStatus, ReviewStatus | undefined, ReviewStatus>;
  review_comment: string | null;
  reviewed_at: Timestamp | null;
  created_at: CreatedAt;
}

export type ConstructionSubject = "fascia" | "insurance" | "commitment" | "drawing";

interface ConstructionEventTable {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  booth_id: number;
  subject: ConstructionSubject;
  record_id: number;
  action: string;
  comment: string | null;
  actor_id: number | null;
  actor_label: string;
  created_at: CreatedAt;
}

/** The booth-construction tables, part of DB (./index.ts). */
export interface BoothConstructionTables {
  construction_settings: ConstructionSettingsTable;
  standard_builds: StandardBuildTable;
  booth_insurances: BoothInsuranceTable;
  safety_commitments: SafetyCommitmentTable;
  booth_drawings: BoothDrawingTable;
  construction_events: ConstructionEventTable;
}
