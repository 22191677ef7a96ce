import type { ColumnType, Generated, Selectable } from "kysely";
import type { OrderSource, OrderStatus, PriceKind, ServiceCategory } from "../../../app/contracts/orders/schema";
import type { CreatedAt, Timestamp, VersionedRecord } from "./columns";

// On-site service ordering (migration 0005). Money is integer cents (CNY).
// The value lists live with the shared schemas (app/contracts/orders/schema.ts), so the two never drift.
export type { ServiceCategory } from "../../../app/contracts/orders/schema";

interface ServicePriceDatesTable {
  exhibition_id: number;
  /** A date (YYYY-MM-DD, exhibition time): the last day of advance prices. Read it with to_char. */
  advance_until: string;
}

export interface ServiceTable {
  id: Generated<number>;
  exhibition_id: number;
  code: string;
  category: ServiceCategory;
  name_zh: string;
  name_en: string;
  unit_zh: string;
  unit_en: string;
  photo_url: string | null;
  advance_cents: number;
  standard_cents: number;
  onsite_cents: number;
  order_opens_at: Timestamp | null;
  order_closes_at: Timestamp | null;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  sort: number;
}

interface CartItemTable {
  id: Generated<number>;
  user_id: number;
  booth_id: number;
  service_id: number;
  quantity: number;
  /** The entrusted contractor whose cart this line is in; null for the exhibitor's own cart. */
  contractor_access_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ServiceOrderTable extends VersionedRecord {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  exhibition_id: number;
  booth_id: number | null;
  booth_no: string;
  source: OrderSource;
  status: OrderStatus;
  total_cents: number;
  idempotency_key: string;
  contractor_company: string | null;
  contractor_contact: string | null;
  contractor_phone: string | null;
  installation_drawing_url: string | null;
  contract_version: ColumnType<number, number | undefined, number>;
  /** JSON: the stamped contract's /files/ URLs as uploaded (merged into contract_pdf_url later). */
  contract_urls: ColumnType<unknown, string | null | undefined, string | null>;
  contract_pdf_url: string | null;
  rules_accepted_at: Timestamp | null;
  voucher_url: string | null;
  /** The entrusted contractor's access (ECReservation), when the order came through one. */
  contractor_access_id: number | null;
  contract_uploaded_at: Timestamp | null;
  payment_claimed_at: Timestamp | null;
  completed_at: Timestamp | null;
  completed_by: number | null;
  deleted_at: Timestamp | null;
}

interface ServiceOrderLineTable {
  id: Generated<number>;
  order_id: number;
  service_id: number | null;
  service_code: string;
  name_zh: string;
  name_en: string;
  unit_zh: string;
  unit_en: string;
  price_kind: PriceKind;
  unit_cents: number;
  quantity: number;
  line_cents: number;
}

interface ServiceOrderEventTable {
  id: Generated<number>;
  order_id: number;
  actor_id: number | null;
  /** A username or "ops-cli". */
  actor_label: string;
  action: string;
  from_status: string | null;
  to_status: string | null;
  details: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

/** The orders tables, part of DB (./index.ts). */
export interface OrderTables {
  service_price_dates: ServicePriceDatesTable;
  services: ServiceTable;
  cart_items: CartItemTable;
  service_orders: ServiceOrderTable;
  service_order_lines: ServiceOrderLineTable;
  service_order_events: ServiceOrderEventTable;
}

/** A service order as read from the database. */
export type OrderRow = Selectable<ServiceOrderTable>;
