import { defineServerDomain, menu } from "../domain";
import { paymentVoucherRoutes } from "../api/routes/payment-vouchers";
import { invoiceRoutes } from "../api/routes/invoices";

/** What the invoices domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "invoices",
  routes: [paymentVoucherRoutes, invoiceRoutes],
  menus: [
    // Invoice area /invoiceArea
    menu(50, 0, 50, "/invoiceArea", "发票专区", "Invoice area", "file"),
    menu(51, 50, 1, "/invoiceArea/billingApplication", "开票申请", "Billing application", "invoice"),
    menu(52, 50, 2, "/invoiceArea/paymentVoucher", "付款凭证", "Payment voucher", "receipt"),
    // The organizer's finance desk: vouchers to confirm, invoices to issue, bills to enter (issue 16): roleId 1 only.
    menu(53, 50, 3, "/invoiceArea/financeDesk", "财务处理", "Finance desk", "audit", { grant: "organizer" }),
  ],
  fileColumns: {
    invoice_applications: ["pdf_file_id"],
    payment_voucher_files: ["file_id"],
  },
  notFileColumns: {
    payment_voucher_files: ["voucher_id"],
    payment_voucher_items: ["voucher_id"],
  },
});
