import type { ColumnType, Generated } from "kysely";
import type { CreatedAt, JsonColumn, Timestamp } from "./columns";
import type { LeadRating } from "../../../app/contracts/leads/values";

/** A tag a company defines for its leads (0046-visitor-passes-and-leads). */
interface LeadTagTable {
  id: Generated<number>;
  exhibition_id: number;
  company_user_id: number;
  name: string;
  created_at: CreatedAt;
}

/** One company's lead on one visitor: made by the first scan, edited afterwards. */
interface LeadTable {
  id: Generated<number>;
  exhibition_id: number;
  company_user_id: number;
  visitor_id: number;
  rating: LeadRating | null;
  notes: ColumnType<string, string | undefined, string>;
  tag_ids: JsonColumn<number[]>;
  follow_up: ColumnType<boolean, boolean | undefined, boolean>;
  scanned_by_user_id: number | null;
  scanned_by_label: string;
  first_scanned_at: Timestamp;
  updated_at: Timestamp;
}

/** Every scan of a pass by a company, by the id its device made (unique per company: exactly once). */
interface LeadScanTable {
  id: Generated<number>;
  company_user_id: number;
  lead_id: number | null;
  device_scan_id: string | null;
  scanned_by_user_id: number | null;
  scanned_at: Timestamp;
  received_at: CreatedAt;
}

/** The leads tables, part of DB (./index.ts). */
export interface LeadTables {
  lead_tags: LeadTagTable;
  leads: LeadTable;
  lead_scans: LeadScanTable;
}
