import type { ColumnType, Generated } from "kysely";
import type { Cents, CreatedAt, Day, SoftDeletedRecord, Timestamp, VersionedRecord } from "./columns";

// Yellow-plate trucks, Taiwan exhibits filing, small-exhibit express, overseas requests (0013-vehicles).
type TruckStatus = "submitted" | "approved" | "returned";

type TaiwanFilingStatus = "draft" | "submitted" | "accepted" | "returned";

type ExpressStatus = "booked" | "received" | "delivered";

interface YellowTruckTable extends SoftDeletedRecord {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  booth_id: number;
  /** Never changes once inserted (a trigger refuses it). */
  plate: string;
  trailer_plate: string | null;
  kind: "installation" | "dismantling";
  driver_name: string;
  driver_phone: string;
  planned_on: Day;
  license_file_id: string;
  status: ColumnType<TruckStatus, TruckStatus | undefined, TruckStatus>;
  return_reason: string | null;
  gate: string | null;
  decided_at: Timestamp | null;
  decided_by: number | null;
}

interface TaiwanFilingTable extends VersionedRecord {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  booth_id: number;
  importer_name: string;
  importer_contact: string;
  importer_phone: string;
  status: ColumnType<TaiwanFilingStatus, TaiwanFilingStatus | undefined, TaiwanFilingStatus>;
  review_comment: string | null;
  reviewed_at: Timestamp | null;
  reviewed_by: number | null;
  submitted_at: Timestamp | null;
}

interface TaiwanFilingLineTable {
  filing_id: number;
  sort: number;
  name_zh: string;
  name_en: string;
  hs_code: string;
  quantity: number;
  unit: string;
  unit_value_cents: Cents;
  currency: "CNY" | "TWD" | "USD";
  disposition: "sold" | "returned";
  packages: number;
  gross_weight_g: Cents;
}

interface ExpressBookingTable extends SoftDeletedRecord {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  booth_id: number;
  carrier_id: number;
  sender_name: string;
  sender_phone: string;
  sender_address: string;
  recipient_name: string;
  recipient_phone: string;
  item_name: string;
  pieces: number;
  gross_weight_g: Cents;
  length_cm: number;
  width_cm: number;
  height_cm: number;
  expected_on: Day;
  tracking_no: string | null;
  status: ColumnType<ExpressStatus, ExpressStatus | undefined, ExpressStatus>;
}

interface ExpressEventTable {
  id: Generated<number>;
  booking_id: number;
  status: string;
  actor_id: number | null;
  created_at: CreatedAt;
}

interface OverseasAgentTable {
  id: Generated<number>;
  exhibition_id: number;
  code: string;
  name_zh: string;
  name_en: string;
  regions_zh: string;
  regions_en: string;
  intro_zh: ColumnType<string, string | undefined, string>;
  intro_en: ColumnType<string, string | undefined, string>;
  contact_email: string;
  contact_phone: ColumnType<string, string | undefined, string>;
  sort: ColumnType<number, number | undefined, number>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
}

interface OverseasRequestTable {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  agent_id: number;
  origin_country_id: number;
  port: string;
  cargo_description: string;
  volume_cm3: Cents;
  incoterms: "EXW" | "FCA" | "FOB" | "CFR" | "CIF" | "DAP" | "DDP";
  contact_name: string;
  contact_phone: string;
  contact_email: string;
  sent_to: string;
  created_at: CreatedAt;
}

type BlueCarStatus = "submitted" | "approved" | "returned";

/** A non-Shenzhen blue-plate car an exhibitor registers (0030-blue-cars). */
interface BlueCarTable extends SoftDeletedRecord {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  owner_name: string;
  /** Never changes once inserted (a trigger refuses it). */
  plate: string;
  license_front_file_id: string;
  license_back_file_id: string;
  license_second_file_id: string;
  license_four_pages_file_id: string;
  vehicle_photo_file_id: string;
  needed_from: Day;
  needed_to: Day;
  status: ColumnType<BlueCarStatus, BlueCarStatus | undefined, BlueCarStatus>;
  pass_no: string | null;
  valid_from: ColumnType<Date | string | null, string | null | undefined, string | null>;
  valid_to: ColumnType<Date | string | null, string | null | undefined, string | null>;
  review_comment: string | null;
  reviewed_at: Timestamp | null;
  reviewed_by: number | null;
}

/** The organizer's blue-plate car guide, per exhibition, in both languages (0030-blue-cars). */
interface BlueCarGuideTable {
  exhibition_id: number;
  guide_zh: ColumnType<string, string | undefined, string>;
  guide_en: ColumnType<string, string | undefined, string>;
  updated_at: Timestamp;
  updated_by: number | null;
}

/** The vehicles tables, part of DB (./index.ts). */
export interface VehicleTables {
  yellow_trucks: YellowTruckTable;
  tw_filings: TaiwanFilingTable;
  tw_filing_lines: TaiwanFilingLineTable;
  express_bookings: ExpressBookingTable;
  express_events: ExpressEventTable;
  overseas_agents: OverseasAgentTable;
  overseas_requests: OverseasRequestTable;
  blue_cars: BlueCarTable;
  blue_car_guides: BlueCarGuideTable;
}
