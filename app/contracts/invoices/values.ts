/** The invoice pages' lists and limits, without zod: the pages import these; the schemas (schema.ts) build on them. */

export const PRODUCT_TYPES = ["boothFee", "service", "badge", "other"] as const;
export const INVOICE_TYPES = ["vatGeneral", "vatSpecial"] as const;
export const VOUCHER_STATUSES = ["submitted", "confirmed", "returned"] as const;
export const INVOICE_STATUSES = ["submitted", "issued", "returned"] as const;
export const BILL_KINDS = ["boothFee", "other"] as const;
export const VOUCHER_FILES_MAX = 5;
export const VOUCHER_FILE_KINDS = ["jpg", "png", "pdf"] as const;
export const ITEMS_MAX = 50;
/** Up to 100 million yuan on one voucher, bill or application. */
export const AMOUNT_MAX_CENTS = 10_000_000_000;
export const ITEM_KEY = /^(order|badge|bill):[1-9]\d{0,11}$/;
