import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface ExhibitionTable {
  id: Generated<number>;
  code: string;
  name_zh: string;
  name_en: string;
  starts_on: string;
  ends_on: string;
  venue_zh: string;
  venue_en: string;
  is_current: boolean;
}

export interface HallTable {
  id: Generated<number>;
  exhibition_id: number;
  code: string;
  name_zh: string;
  name_en: string;
  sort: number;
}

export interface RoleTable {
  id: number;
  code: string;
  name_zh: string;
  name_en: string;
}

export interface UserTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  role_id: number;
  exhibition_id: number;
  business_name: string | null;
  business_name_en: string | null;
  created_at: CreatedAt;
  password_changed_at: Timestamp | null;
  contact_phone: ColumnType<string | null, string | null | undefined, string | null>;
  contact_email: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BoothTable {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  hall_id: number | null;
  booth_no: string;
  booth_type: number;
  width_m: number;
  depth_m: number;
  area_m2: number;
}

export interface MenuTable {
  id: number;
  pid: number;
  route: string;
  name: string;
  name_en: string;
  icon: string | null;
  is_menu: number;
  hidden: boolean;
  remark: string | null;
  url: string | null;
  sort: number;
}

export interface RoleMenuTable {
  role_id: number;
  menu_id: number;
}

export interface ButtonAuthTable {
  id: number;
  menu_id: number;
  url: string;
  name: string;
  name_en: string;
  effect_start: Timestamp | null;
  effect_end: Timestamp | null;
  closed_message: string | null;
  closed_message_en: string | null;
}

export interface RoleButtonTable {
  role_id: number;
  button_id: number;
}

export interface SessionTable {
  id: string;
  user_id: number;
  booth_id: number | null;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
  /** Set for an entrusted contractor's session (0007-contractors): it acts for user_id through that grant. */
  contractor_access_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface LoginAttemptTable {
  id: Generated<number>;
  username: string;
  ip: string;
  succeeded: boolean;
  created_at: CreatedAt;
}

export interface CaptchaTable {
  id: string;
  kind: "click" | "text";
  answer: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
  expires_at: Timestamp;
  attempts: Generated<number>;
  verified_at: Timestamp | null;
  used_at: Timestamp | null;
  ip: string | null;
}

export interface AppSettingTable {
  key: string;
  value: string;
  updated_at: CreatedAt;
}

export interface CountryTable {
  id: number;
  iso2: string;
  name_zh: string;
  name_en: string;
  sort: number;
}

export interface RegionTable {
  code: string;
  parent_code: string | null;
  level: number;
  name_zh: string;
  name_en: string;
}

export interface UserPreferenceTable {
  user_id: number;
  skin: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  type: number;
  content: string;
  img_url: string | null;
  created_at: CreatedAt;
}

export interface StoredFileTable {
  id: string;
  owner_user_id: number | null;
  folder: string;
  original_name: string;
  content_type: string;
  size_bytes: number;
  storage_key: string;
  upload_key: string | null;
  created_at: CreatedAt;
}

export interface FileGrantTable {
  file_id: string;
  user_id: number;
  created_at: CreatedAt;
}

/** A signed upload not yet completed (migration 0014). */
export interface UploadGrantTable {
  upload_key: string;
  user_id: number;
  max_bytes: number;
  expires_at: Date;
  created_at: CreatedAt;
}

export interface ContentPageTable {
  exhibition_id: number;
  slug: string;
  title_zh: string;
  title_en: string;
  body_zh: string;
  body_en: string;
  updated_at: CreatedAt;
}

export interface ScheduleItemTable {
  id: Generated<number>;
  exhibition_id: number;
  title_zh: string;
  title_en: string;
  deadline: Timestamp;
  link: string;
  done_check: string | null;
  sort: number;
}

type Json = ColumnType<unknown, string, string>;

export interface ClassificationTable {
  id: Generated<number>;
  exhibition_id: number;
  name_zh: string;
  name_en: string;
  sort: number;
}

export interface ThemeHallTable {
  theme_id: number;
  hall_id: number;
}

export interface ExhibitorProfileTable {
  user_id: number;
  exhibition_id: number;
  unique_id: string;
  status: "draft" | "under_review" | "approved" | "returned";
  /** JSON: the ProfileDraft (app/features/exhibitor/schema.ts). Written as JSON.stringify(...). */
  draft: Json;
  /** JSON: the draft as last submitted (what the organizer reviews and the catalogue shows once approved). */
  submitted: ColumnType<unknown, string | null, string | null>;
  review_comment: string | null;
  submitted_at: Date | null;
  reviewed_at: Date | null;
  reviewed_by: number | null;
  approved_at: Date | null;
  version: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

export interface ExhibitorProfileEventTable {
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

export interface VerificationCodeTable {
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

export interface VerifiedContactTable {
  user_id: number;
  channel: "sms" | "email";
  target: string;
  verified_at: CreatedAt;
}

export interface GroupInfoTable {
  user_id: number;
  data: Json;
  updated_at: Timestamp;
}

export interface DB {
  exhibitions: ExhibitionTable;
  halls: HallTable;
  roles: RoleTable;
  users: UserTable;
  booths: BoothTable;
  menus: MenuTable;
  role_menus: RoleMenuTable;
  button_auths: ButtonAuthTable;
  role_buttons: RoleButtonTable;
  sessions: SessionTable;
  login_attempts: LoginAttemptTable;
  captchas: CaptchaTable;
  app_settings: AppSettingTable;
  countries: CountryTable;
  regions: RegionTable;
  user_preferences: UserPreferenceTable;
  feedback: FeedbackTable;
  stored_files: StoredFileTable;
  file_grants: FileGrantTable;
  upload_grants: UploadGrantTable;
  content_pages: ContentPageTable;
  schedule_items: ScheduleItemTable;
  exhibit_classes: ClassificationTable;
  industries: ClassificationTable;
  exhibition_themes: ClassificationTable;
  theme_halls: ThemeHallTable;
  exhibitor_profiles: ExhibitorProfileTable;
  exhibitor_profile_events: ExhibitorProfileEventTable;
  verification_codes: VerificationCodeTable;
  verified_contacts: VerifiedContactTable;
  group_info: GroupInfoTable;
}

// On-site service ordering (migration 0005). Money is integer cents (CNY).

// The value lists live with the shared schemas (app/features/orders/schema.ts), so the two never drift.
export type ServiceCategory = import("../../app/contracts/orders/schema").ServiceCategory;
export type OrderSource = import("../../app/contracts/orders/schema").OrderSource;
export type OrderStatus = import("../../app/contracts/orders/schema").OrderStatus;
export type PriceKind = import("../../app/contracts/orders/schema").PriceKind;

export interface ServicePriceDatesTable {
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

export interface CartItemTable {
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

export interface ServiceOrderTable {
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
  version: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ServiceOrderLineTable {
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

export interface ServiceOrderEventTable {
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

/** Declaration merging adds the ordering tables to DB (this file is appended to, not rewritten). */
export interface DB {
  service_price_dates: ServicePriceDatesTable;
  services: ServiceTable;
  cart_items: CartItemTable;
  service_orders: ServiceOrderTable;
  service_order_lines: ServiceOrderLineTable;
  service_order_events: ServiceOrderEventTable;
}

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

export interface ElectricboxImageTable {
  booth_id: number;
  user_id: number;
  file_id: string;
  version: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface LeakageCommitmentTable {
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
  version: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface BookingFormEventTable {
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

/** The offline booking forms (0006-booking-forms). */
export interface DB {
  air_compressor_applications: AirCompressorApplicationTable;
  electricbox_images: ElectricboxImageTable;
  leakage_commitments: LeakageCommitmentTable;
  booking_form_events: BookingFormEventTable;
}

export interface ContractorAccessTable {
  id: Generated<number>;
  user_id: number;
  exhibition_id: number;
  booth_id: number;
  company_name: string;
  contact_name: string;
  email: string;
  status: ColumnType<"active" | "revoked", "active" | "revoked" | undefined, "active" | "revoked">;
  code_hash: string | null;
  code_expires_at: Date | null;
  code_sent_at: Date | null;
  failed_attempts: ColumnType<number, number | undefined, number>;
  last_signed_in_at: Date | null;
  revoked_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** Entrusted contractors (0007-contractors). */
export interface DB {
  contractor_accesses: ContractorAccessTable;
}

// Exhibitor badges (0008-badges).

export interface BadgeQuotaRuleTable {
  exhibition_id: number;
  free_base: number;
  /** numeric: read as a string (pg) or number. */
  base_area_m2: ColumnType<string | number, number, number>;
  step_area_m2: ColumnType<string | number, number, number>;
  free_per_step: number;
  paid_max: number;
  paid_price_cents: number;
}

export type BadgeStatus = "submitted" | "approved" | "returned";

export interface BadgeTable {
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

export interface BadgeEventTable {
  id: Generated<number>;
  badge_id: number;
  actor_id: number | null;
  actor_label: string;
  action: string;
  details: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

/** One badge uniqueness check of an account's, for throttling (migration 0015). */
export interface BadgeHolderProbeTable {
  user_id: number;
  kind: "live" | "foreign";
  created_at: CreatedAt;
}

export interface DB {
  badge_quota_rules: BadgeQuotaRuleTable;
  badges: BadgeTable;
  badge_events: BadgeEventTable;
  badge_holder_probes: BadgeHolderProbeTable;
}

// On-site check-in (0009-badge-check-in).

export interface ExhibitorArrivalTable {
  exhibition_id: number;
  user_id: number;
  first_arrived_at: Date;
  first_badge_id: number | null;
}

export interface DB {
  exhibitor_arrivals: ExhibitorArrivalTable;
}

// Booth construction (0010-booth-construction).

export interface ConstructionSettingsTable {
  exhibition_id: number;
  /** Dates as YYYY-MM-DD (read back through to_char, see server/booth-construction/settings.ts). */
  build_up_from: ColumnType<Date | string, string, string>;
  build_up_to: ColumnType<Date | string, string, string>;
  dismantle_from: ColumnType<Date | string, string, string>;
  dismantle_to: ColumnType<Date | string, string, string>;
  /** bigint: read as a string (pg) or number. */
  insurance_min_cents: ColumnType<string | number, number | undefined, number>;
  drawing_site_url: string | null;
}

export type ReviewStatus = "submitted" | "accepted" | "returned";
type JsonColumn<T> = ColumnType<T, string | undefined, string>;
type DateColumn = ColumnType<Date | string | null, string | null | undefined, string | null>;

export interface StandardBuildTable {
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
  version: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface BoothInsuranceTable {
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
  version: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type CommitmentStatus = "notSigned" | ReviewStatus;

export interface SafetyCommitmentTable {
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
  version: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type DrawingKind = "design" | "structure" | "qualification";

export interface BoothDrawingTable {
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

export interface ConstructionEventTable {
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

export interface DB {
  construction_settings: ConstructionSettingsTable;
  standard_builds: StandardBuildTable;
  booth_insurances: BoothInsuranceTable;
  safety_commitments: SafetyCommitmentTable;
  booth_drawings: BoothDrawingTable;
  construction_events: ConstructionEventTable;
}

// Bills, payment vouchers and invoice applications (0011-invoices).

type Cents = ColumnType<string | number, number, number>;
type Day = ColumnType<Date | string, string, string>;

export interface BillTable {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  booth_id: number | null;
  kind: "boothFee" | "other";
  title_zh: string;
  title_en: string;
  amount_cents: Cents;
  created_by: number | null;
  created_at: CreatedAt;
  deleted_at: Timestamp | null;
}

export type VoucherStatus = "submitted" | "confirmed" | "returned";

export interface PaymentVoucherTable {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  source: ColumnType<"voucher" | "order", "voucher" | "order" | undefined, never>;
  name: string;
  product_type: "boothFee" | "service" | "badge" | "other";
  amount_cents: Cents;
  paid_on: Day;
  payer_account_name: string;
  status: ColumnType<VoucherStatus, VoucherStatus | undefined, VoucherStatus>;
  return_reason: string | null;
  decided_at: Timestamp | null;
  decided_by: number | null;
  version: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface PaymentVoucherFileTable {
  voucher_id: number;
  sort: number;
  file_id: string;
}

export interface PaymentVoucherItemTable {
  voucher_id: number;
  item_key: string;
  amount_cents: Cents;
  active: ColumnType<boolean, boolean | undefined, boolean>;
}

export type InvoiceStatus = "submitted" | "issued" | "returned";

export interface InvoiceApplicationTable {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  invoice_type: "vatGeneral" | "vatSpecial";
  title: string;
  taxpayer_id: string;
  address_phone: ColumnType<string, string | undefined, string>;
  bank_account: ColumnType<string, string | undefined, string>;
  receiving_email: string;
  urgent: ColumnType<boolean, boolean | undefined, boolean>;
  urgent_reason: string | null;
  amount_cents: Cents;
  status: ColumnType<InvoiceStatus, InvoiceStatus | undefined, InvoiceStatus>;
  details_by: ColumnType<"exhibitor" | "qr", "exhibitor" | "qr" | undefined, "exhibitor" | "qr">;
  invoice_no: string | null;
  invoice_date: ColumnType<Date | string | null, string | null | undefined, string | null>;
  pdf_file_id: string | null;
  return_reason: string | null;
  issued_at: Timestamp | null;
  issued_by: number | null;
  version: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** The QR link's version (0016-invoice-qr-links): only tokens signed for it open the QR page. */
  qr_link_version: ColumnType<number, number | undefined, number>;
  qr_link_revoked_at: Timestamp | null;
  qr_link_changed_by: number | null;
}

export interface InvoiceApplicationItemTable {
  application_id: number;
  item_key: string;
  amount_cents: Cents;
  active: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface DB {
  bills: BillTable;
  payment_vouchers: PaymentVoucherTable;
  payment_voucher_files: PaymentVoucherFileTable;
  payment_voucher_items: PaymentVoucherItemTable;
  invoice_applications: InvoiceApplicationTable;
  invoice_application_items: InvoiceApplicationItemTable;
}

// Exhibit transport: carriers, declarations, orders, hoisting (0012-transport).

export type TransportService = "delivery" | "return" | "storage" | "forklift" | "crane";
export type DeclarationStatus = "draft" | "submitted" | "accepted" | "returned";
export type OrderStep = "confirmed" | "received" | "delivered" | "returned" | "completed";
export type LiftingKind = "forklift" | "crane";

export interface CarrierTable {
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

export interface CarrierAccountTable {
  user_id: number;
  carrier_id: number;
}

export interface CarrierPriceTable {
  carrier_id: number;
  service: TransportService;
  per_m3_cents: Cents;
  per_ton_cents: Cents;
  minimum_cents: ColumnType<string | number, number | undefined, number>;
}

export interface CarrierDiscountTable {
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

export interface TransportDeclarationTable {
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
  version: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface TransportExhibitTable {
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

export interface TransportOrderTable {
  id: Generated<number>;
  declaration_id: number;
  carrier_id: number;
  order_no: string;
  step: ColumnType<OrderStep, OrderStep | undefined, OrderStep>;
  amount_cents: Cents;
  paid: ColumnType<boolean, boolean | undefined, boolean>;
  paid_at: Timestamp | null;
  version: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface TransportEventTable {
  id: Generated<number>;
  declaration_id: number;
  kind: string;
  note: string | null;
  actor_id: number | null;
  created_at: CreatedAt;
}

export interface TransportMessageTable {
  id: Generated<number>;
  declaration_id: number;
  side: "exhibitor" | "carrier";
  author_id: number | null;
  body: string;
  created_at: CreatedAt;
}

export interface LiftingFeeClassTable {
  exhibition_id: number;
  kind: LiftingKind;
  max_weight_kg: number;
  fee_cents: Cents;
}

export interface LiftingBookingTable {
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

export interface LiftingSendTable {
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

export interface DB {
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

// Yellow-plate trucks, Taiwan exhibits filing, small-exhibit express, overseas requests (0013-vehicles).

export type TruckStatus = "submitted" | "approved" | "returned";
export type TwFilingStatus = "draft" | "submitted" | "accepted" | "returned";
export type ExpressStatus = "booked" | "received" | "delivered";

export interface YellowTruckTable {
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
  version: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface TwFilingTable {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  booth_id: number;
  importer_name: string;
  importer_contact: string;
  importer_phone: string;
  status: ColumnType<TwFilingStatus, TwFilingStatus | undefined, TwFilingStatus>;
  review_comment: string | null;
  reviewed_at: Timestamp | null;
  reviewed_by: number | null;
  submitted_at: Timestamp | null;
  version: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface TwFilingLineTable {
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

export interface ExpressBookingTable {
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
  version: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface ExpressEventTable {
  id: Generated<number>;
  booking_id: number;
  status: string;
  actor_id: number | null;
  created_at: CreatedAt;
}

export interface OverseasAgentTable {
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

export interface OverseasRequestTable {
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

export interface DB {
  yellow_trucks: YellowTruckTable;
  tw_filings: TwFilingTable;
  tw_filing_lines: TwFilingLineTable;
  express_bookings: ExpressBookingTable;
  express_events: ExpressEventTable;
  overseas_agents: OverseasAgentTable;
  overseas_requests: OverseasRequestTable;
}
