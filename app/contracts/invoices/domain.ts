import { defineDomain } from "../common/domain";
import { IMAGES, MB } from "../uploads/kinds";
import { en, zh } from "./texts.server";

/** What the invoices domain brings to the portal, read through app/contracts/domains.ts (docs/decisions/063). */
export default defineDomain({
  folder: "invoices",
  serverTexts: () => ({ zh: { invoices: zh }, en: { invoices: en } }),
  uploadFolders: {
    invoice: { kinds: [...IMAGES, "pdf"], maxBytes: 10 * MB },
    "payment-voucher": { kinds: [...IMAGES, "pdf"], maxBytes: 10 * MB },
  },
  pages: {
    "/invoiceArea": ["billingApplication", "paymentVoucher", "saveQrCode", "financeDesk"],
  },
});
