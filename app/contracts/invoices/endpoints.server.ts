import { endpoint, publicEndpoint } from "../api/endpoint";
import type {
  Bill,
  BillingBaseInfo,
  BillList,
  Deleted,
  FinanceApplication,
  FinancePage,
  FinanceVoucher,
  InvoiceApplication,
  InvoiceApplicationDetail,
  InvoiceQrChange,
  PaymentVoucher,
  PaymentVoucherList,
  QrApplication,
} from "./api-types";
import {
  applicationSchema,
  applicationUpdateSchema,
  baseInfoByLogIdSchema,
  baseInfoByNameSchema,
  billQuerySchema,
  billSchema,
  financeQuerySchema,
  issueSchema,
  qrLinkRenewSchema,
  qrLinkRevokeSchema,
  qrSaveSchema,
  qrTokenSchema,
  recordIdSchema,
  urgentSchema,
  voucherDecisionSchema,
  voucherSchema,
} from "./schema";

/**
 * Invoice applications (/smeb/invoice/*), their QR link and the public QR page (/invoice/qr*), and
 * the organizer's finance review. The exhibitor's and organizer's endpoints are Chinese only.
 */
export const invoiceEndpoints = {
  openList: endpoint.get("/smeb/invoice/openList").answers<BillList>(),
  list: endpoint.get("/smeb/invoice/list").answers<InvoiceApplication[]>(),
  detail: endpoint.get("/smeb/invoice/detail", recordIdSchema).answers<InvoiceApplicationDetail>(),
  save: endpoint.post("/smeb/invoice/save", applicationSchema).answers<InvoiceApplication>(),
  update: endpoint.post("/smeb/invoice/update", applicationUpdateSchema).answers<InvoiceApplication>(),
  urgent: endpoint.post("/smeb/invoice/urgent", urgentSchema).answers<InvoiceApplication>(),
  baseInfoByName: endpoint.get("/smeb/invoice/baseInfoByName", baseInfoByNameSchema).answers<BillingBaseInfo[]>(),
  baseInfoByLogId: endpoint.get("/smeb/invoice/baseInfoByLogId", baseInfoByLogIdSchema).answers<BillingBaseInfo>(),
  /** The e-invoice PDF: the owner's, or the organizer's for any application of the exhibition. */
  pdf: endpoint.get("/smeb/invoice/pdfUrl", recordIdSchema).file(),

  // The QR link: its exhibitor revokes or renews it; the organizer may revoke any of the exhibition's.
  revokeQrLink: endpoint.post("/smeb/invoice/qr/revoke", qrLinkRevokeSchema).answers<InvoiceQrChange>(),
  renewQrLink: endpoint.post("/smeb/invoice/qr/renew", qrLinkRenewSchema).answers<InvoiceQrChange>(),

  // The organizer's finance review (roleId 1).
  reviewList: endpoint.get("/smeb/invoice/review/list", financeQuerySchema).answers<FinancePage<FinanceApplication>>(),
  decide: endpoint.post("/smeb/invoice/review/decide", issueSchema).answers<FinanceApplication>(),
  /** The finance queue as xlsx (the paging is ignored). */
  exportReviews: endpoint.get("/smeb/invoice/review/export", financeQuerySchema).file(),

  // The public QR page: no session, rate limited per address.
  qrInfo: publicEndpoint.get("/invoice/qr/info", qrTokenSchema).answers<QrApplication>(),
  qrSave: publicEndpoint.post("/invoice/qrSave", qrSaveSchema).answers<QrApplication>(),
};

/** Payment vouchers (/smeb/paymentVoucher/*) with what the exhibitor owes, and the organizer's review. */
export const paymentVoucherEndpoints = {
  bills: endpoint.get("/smeb/paymentVoucher/bills").answers<BillList>(),
  list: endpoint.get("/smeb/paymentVoucher/list").answers<PaymentVoucherList>(),
  /** `itemKeys` and `documentUrls` repeated (or as "field[]"). */
  save: endpoint.post("/smeb/paymentVoucher/save", voucherSchema).answers<PaymentVoucher>(),
  remove: endpoint.post("/smeb/paymentVoucher/delete", recordIdSchema).answers<Deleted>(),
  reviewList: endpoint.get("/smeb/paymentVoucher/review/list", financeQuerySchema).answers<FinancePage<FinanceVoucher>>(),
  decide: endpoint.post("/smeb/paymentVoucher/review/decide", voucherDecisionSchema).answers<FinanceVoucher>(),
};

/** The bills the organizer enters by booth (/smeb/bill/*, roleId 1). */
export const billEndpoints = {
  list: endpoint.get("/smeb/bill/list", billQuerySchema).answers<Bill[]>(),
  save: endpoint.post("/smeb/bill/save", billSchema).answers<Bill>(),
  remove: endpoint.post("/smeb/bill/delete", recordIdSchema).answers<Deleted>(),
};
