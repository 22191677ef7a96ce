import type { BILL_KINDS, INVOICE_STATUSES, INVOICE_TYPES, PRODUCT_TYPES, VOUCHER_STATUSES } from "./schema";

/** What the invoice area's API answers; the server domain and the pages share these. Money in cents (CNY). */

export type FileRef = { url: string; name: string };
type VoucherStatus = (typeof VOUCHER_STATUSES)[number];
type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * One thing the exhibitor owes: a service order, a paid badge or an organizer's bill. `claimed` is on
 * a voucher waiting for the organizer; `paid` is on a confirmed one.
 */
export type BillableItem = {
  key: string;
  kind: "order" | "badge" | "bill";
  /** The order number, the badge holder, the bill's title (in the request's language). */
  title: string;
  boothNo: string;
  amountCents: number;
  payment: "unpaid" | "claimed" | "paid";
  /** What invoice applications that are not returned already take. */
  invoicedCents: number;
  /** Paid and not yet invoiced. */
  openCents: number;
  createdAt: string;
};

/** GET /smeb/paymentVoucher/bills (and the invoice open list): every billable item with its totals. */
export type BillList = { items: BillableItem[]; totals: { amountCents: number; paidCents: number; unpaidCents: number; openCents: number } };

export type PaymentVoucher = {
  id: number;
  source: "voucher" | "order";
  name: string;
  productType: (typeof PRODUCT_TYPES)[number];
  amountCents: number;
  paidOn: string;
  payerAccountName: string;
  items: { key: string; title: string; amountCents: number }[];
  documents: FileRef[];
  status: VoucherStatus;
  returnReason: string | null;
  decidedAt: string | null;
  createdAt: string;
  version: number;
  /** The exhibitor may still delete it: not decided yet, and not an order's (that one is the order's step). */
  deletable: boolean;
};

export type PaymentVoucherList = { vouchers: PaymentVoucher[] };

export type InvoiceApplication = {
  id: number;
  invoiceType: (typeof INVOICE_TYPES)[number];
  title: string;
  taxpayerId: string;
  addressPhone: string;
  bankAccount: string;
  receivingEmail: string;
  urgent: boolean;
  urgentReason: string | null;
  amountCents: number;
  items: { key: string; title: string; amountCents: number }[];
  status: InvoiceStatus;
  detailsBy: "exhibitor" | "qr";
  invoiceNo: string | null;
  invoiceDate: string | null;
  /** The e-invoice, once issued (download through /smeb/invoice/pdfUrl). */
  hasPdf: boolean;
  returnReason: string | null;
  issuedAt: string | null;
  createdAt: string;
  version: number;
};

/** The application's QR page link (the token opens only that application, for 7 days, until the link is revoked or renewed). */
export type InvoiceQr = { url: string; expiresAt: string };

/** The QR link's state: its version (each revocation and renewal raises it; earlier links answer 'invalid'), and whether it is revoked. */
type InvoiceQrLink = { version: number; revoked: boolean };

/** The link to hand out (none once the invoice is issued, or while the link is revoked) and the link's state. */
export type InvoiceQrState = { qr: InvoiceQr | null; qrLink: InvoiceQrLink };

/** GET /smeb/invoice/detail */
export type InvoiceApplicationDetail = InvoiceApplication & InvoiceQrState;

/** POST /smeb/invoice/qr/revoke and /smeb/invoice/qr/renew: the application's link afterwards. */
export type InvoiceQrChange = InvoiceQrState & { id: number };

/** Billing details used before, offered while typing the title (own applications only). */
export type BillingBaseInfo = Pick<InvoiceApplication, "id" | "invoiceType" | "title" | "taxpayerId" | "addressPhone" | "bankAccount" | "receivingEmail">;

/** GET /invoice/qr/info (public): only what the finance colleague fills in, nothing else of the account. */
export type QrApplication = Pick<
  InvoiceApplication,
  "invoiceType" | "title" | "taxpayerId" | "addressPhone" | "bankAccount" | "receivingEmail" | "amountCents" | "status" | "version"
> & {
  exhibitionName: string;
};

/** The organizer's finance desk rows. */
export type FinanceApplication = InvoiceApplication & { exhibitorName: string; userId: number };
export type FinanceVoucher = PaymentVoucher & { exhibitorName: string; userId: number };
export type FinancePage<T> = { rows: T[]; total: number; page: number; pageSize: number };

export type Bill = {
  id: number;
  userId: number;
  exhibitorName: string;
  boothNo: string;
  kind: (typeof BILL_KINDS)[number];
  titleZh: string;
  titleEn: string;
  amountCents: number;
  createdAt: string;
};

/** POST /smeb/paymentVoucher/delete and /smeb/bill/delete: what was deleted. */
export type Deleted = { id: number; deleted: true };
