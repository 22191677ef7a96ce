import type { ColumnType, Generated } from "kysely";
import type { Cents, CreatedAt, Day, SoftDeletedRecord, Timestamp } from "./columns";

interface BillTable {
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

type VoucherStatus = "submitted" | "confirmed" | "returned";

interface PaymentVoucherTable extends SoftDeletedRecord {
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
}

interface PaymentVoucherFileTable {
  voucher_id: number;
  sort: number;
  file_id: string;
}

interface PaymentVoucherItemTable {
  voucher_id: number;
  item_key: string;
  amount_cents: Cents;
  active: ColumnType<boolean, boolean | undefined, boolean>;
}

type InvoiceStatus = "submitted" | "issued" | "returned";

interface InvoiceApplicationTable {
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

interface InvoiceApplicationItemTable {
  application_id: number;
  item_key: string;
  amount_cents: Cents;
  active: ColumnType<boolean, boolean | undefined, boolean>;
}

/** The invoices tables, part of DB (./index.ts). */
export interface InvoiceTables {
  bills: BillTable;
  payment_vouchers: PaymentVoucherTable;
  payment_voucher_files: PaymentVoucherFileTable;
  payment_voucher_items: PaymentVoucherItemTable;
  invoice_applications: InvoiceApplicationTable;
  invoice_application_items: InvoiceApplicationItemTable;
}
