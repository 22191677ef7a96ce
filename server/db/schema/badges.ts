import type { ColumnType, Generated } from "kysely";
import type { CreatedAt, Timestamp } from "./columns";

// Exhibitor badges (0008-badges).
interface BadgeQuotaRuleTable {
  exhibition_id: number;
  free_base: number;
  /** numeric: read as a string (pg) or number. */
  base_area_m2: ColumnType<string | number, number, number>;
  step_area_m2: ColumnType<string | number, number, number>;
  free_per_step: number;
  paid_max: number;
  paid_price_cents: number;
}

type BadgeStatus = "submitted" | "approved" | "returned";

interface BadgeTable {
  id: Generated<number>;
  user_id: number;
  exhibition_id: number;
  booth_id: number;
  holder_name: string;
  id_type: "idCard" | "passport" | "hkMacaoPermit" | "taiwanPermit";
  id_number: string;
  mobile: string;
  email: string;
  company: string;
  position: string | null;
  photo_file_id: string | null;
  kind: "free" | "paid";
  price_cents: ColumnType<number, number | undefined, number>;
  status: ColumnType<BadgeStatus, BadgeStatus | undefined, BadgeStatus>;
  review_comment: string | null;
  code: string;
  checked_in_at: Date | null;
  version: ColumnType<number, number | undefined, number>;
  deleted_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface BadgeEventTable {
  id: Generated<number>;
  badge_id: number;
  actor_id: number | null;
  actor_label: string;
  action: string;
  details: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

// On-site check-in (0009-badge-check-in).
interface ExhibitorArrivalTable {
  exhibition_id: number;
  user_id: number;
  first_arrived_at: Date;
  first_badge_id: number | null;
}

/** The badges tables, part of DB (./index.ts). */
export interface BadgeTables {
  badge_quota_rules: BadgeQuotaRuleTable;
  badges: BadgeTable;
  badge_events: BadgeEventTable;
  exhibitor_arrivals: ExhibitorArrivalTable;
}
