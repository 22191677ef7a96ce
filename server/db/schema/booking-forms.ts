import type { ColumnType, Generated } from "kysely";
import type { CreatedAt, Timestamp, VersionedRecord } from "./columns";

export interface AirCompressorApplicationTable {
  id: Generated<number>;
  user_id: number;
  exhibition_id: number;
  booth_id: number | null;
  booth_no: string;
  source: ColumnType<"offline", "offline" | undefined, "offline">;
  status: ColumnType<"submitted" | "processing" | "completed" | "cancelled", "submitted" | undefined, "submitted" | "processing" | "completed" | "cancelled">;
  flow: string;
  pressure: string;
  quantity: number;
  /** date columns: written as YYYY-MM-DD, read as Date (pg) or string; see server/booking-forms/dates. */
  start_date: ColumnType<Date | string, string, string>;
  end_date: ColumnType<Date | string, string, string>;
  contact_name: string;
  contact_phone: string;
  remarks: string | null;
  version: ColumnType<number, number | undefined, number>;
  cancelled_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface ElectricboxImageTable extends VersionedRecord {
  booth_id: number;
  user_id: number;
  file_id: string;
}

interface LeakageCommitmentTable extends VersionedRecord {
  id: Generated<number>;
  user_id: number;
  exhibition_id: number;
  booth_id: number;
  equipment_name: string;
  /** numeric: drivers read it as a string. */
  power_kw: ColumnType<string, string | number, string | number>;
  reason: string;
  signer_name: string;
  scan_file_id: string;
  rules_accepted_at: Timestamp;
}

interface BookingFormEventTable {
  id: Generated<number>;
  user_id: number;
  actor_id: number | null;
  actor_label: string;
  form: "airCompressor" | "electricbox" | "leakage";
  record_id: string;
  action: string;
  details: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

/** The booking-forms tables, part of DB (./index.ts). */
export interface BookingFormTables {
  air_compressor_applications: AirCompressorApplicationTable;
  electricbox_images: ElectricboxImageTable;
  leakage_commitments: LeakageCommitmentTable;
  booking_form_events: BookingFormEventTable;
}
