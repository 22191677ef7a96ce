import type { ColumnType, Generated } from "kysely";
import type { Cents, CreatedAt, DateColumn, Day, Json, SoftDeletedRecord, Timestamp, VersionedRecord } from "./columns";

// Exhibit transport: carriers, declarations, orders, hoisting (0012-transport).
export type TransportService = "delivery" | "return" | "storage" | "forklift" | "crane";

type DeclarationStatus = "draft" | "submitted" | "accepted" | "returned";

type OrderStep = "confirmed" | "received" | "delivered" | "returned" | "completed";

export type LiftingKind = "forklift" | "crane";

interface CarrierTable {
  id: Generated<number>;
  exhibition_id: number;
  code: string;
  name_zh: string;
  name_en: string;
  contact_email: string;
  contact_phone: ColumnType<string, string | undefined, string>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  sort: ColumnType<number, number | undefined, number>;
}

interface CarrierAccountTable {
  user_id: number;
  carrier_id: number;
}

interface CarrierPriceTable {
  carrier_id: number;
  service: TransportService;
  per_m3_cents: Cents;
  per_ton_cents: Cents;
  minimum_cents: ColumnType<string | number, number | undefined, number>;
}

interface CarrierDiscountTable {
  id: Generated<number>;
  carrier_id: number;
  code: string;
  name_zh: string;
  name_en: string;
  kind: "early" | "volume";
  until_on: DateColumn;
  min_volume_cm3: ColumnType<string | number | null, number | null | undefined, number | null>;
  percent_bp: number | null;
  amount_cents: ColumnType<string | number | null, number | null | undefined, number | null>;
}

interface TransportDeclarationTable extends SoftDeletedRecord {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  booth_id: number;
  carrier_id: number;
  status: ColumnType<DeclarationStatus, DeclarationStatus | undefined, DeclarationStatus>;
  /** Comma-separated TransportService values. */
  services: ColumnType<string, string | undefined, string>;
  arrival_from: Day;
  arrival_to: Day;
  contact_name: string;
  contact_phone: string;
  bill_file_id: string | null;
  computed_cents: ColumnType<string | number, number | undefined, number>;
  discount_cents: ColumnType<string | number, number | undefined, number>;
  accepted_cents: ColumnType<string | number | null, number | null | undefined, number | null>;
  accept_note: string | null;
  return_reason: string | null;
  submitted_at: Timestamp | null;
  decided_at: Timestamp | null;
  decided_by: number | null;
}

interface TransportExhibitTable {
  declaration_id: number;
  sort: number;
  name_zh: string;
  name_en: ColumnType<string, string | undefined, string>;
  quantity: number;
  packages: number;
  gross_weight_g: Cents;
  length_cm: number;
  width_cm: number;
  height_cm: number;
}

interface TransportOrderTable extends VersionedRecord {
  id: Generated<number>;
  declaration_id: number;
  carrier_id: number;
  order_no: string;
  step: ColumnType<OrderStep, OrderStep | undefined, OrderStep>;
  amount_cents: Cents;
  paid: ColumnType<boolean, boolean | undefined, boolean>;
  paid_at: Timestamp | null;
}

interface TransportEventTable {
  id: Generated<number>;
  declaration_id: number;
  kind: string;
  note: string | null;
  actor_id: number | null;
  created_at: CreatedAt;
}

interface TransportMessageTable {
  id: Generated<number>;
  declaration_id: number;
  side: "exhibitor" | "carrier";
  author_id: number | null;
  body: string;
  created_at: CreatedAt;
}

interface LiftingFeeClassTable {
  exhibition_id: number;
  kind: LiftingKind;
  max_weight_kg: number;
  fee_cents: Cents;
}

interface LiftingBookingTable {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  booth_id: number;
  carrier_id: number;
  kind: LiftingKind;
  weight_kg: number;
  length_cm: number;
  width_cm: number;
  height_cm: number;
  pieces: number;
  work_day: Day;
  slot: string;
  fee_cents: Cents;
  status: ColumnType<"booked" | "confirmed", "booked" | "confirmed" | undefined, "booked" | "confirmed">;
  confirmed_at: Timestamp | null;
  confirmed_by: number | null;
  created_at: CreatedAt;
  deleted_at: Timestamp | null;
}

interface LiftingSendTable {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  carrier_id: number;
  sent_to: string;
  /** Comma-separated booking ids. */
  booking_ids: string;
  summary: Json;
  sent_at: CreatedAt;
}

/** The transport tables, part of DB (./index.ts). */
export interface TransportTables {
  carriers: CarrierTable;
  carrier_accounts: CarrierAccountTable;
  carrier_prices: CarrierPriceTable;
  carrier_discounts: CarrierDiscountTable;
  transport_declarations: TransportDeclarationTable;
  transport_exhibits: TransportExhibitTable;
  transport_orders: TransportOrderTable;
  transport_events: TransportEventTable;
  transport_messages: TransportMessageTable;
  lifting_fee_classes: LiftingFeeClassTable;
  lifting_bookings: LiftingBookingTable;
  lifting_sends: LiftingSendTable;
}
