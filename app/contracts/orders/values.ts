import "./texts";
/** The order pages' lists and limits, without zod: the pages import these; the schemas (schema.ts) build on them. */

export const SERVICE_CATEGORIES = ["electricity", "compressedAir", "water", "lighting", "furniture", "network", "cleaning"] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

/** docs/product.md § Service orders: order submitted → contract uploaded → payment claimed → transaction complete. */
export const ORDER_STATUSES = ["submitted", "contract_uploaded", "payment_claimed", "completed"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Where an order came from: the portal, an offline form keyed in by staff, or an entrusted contractor. */
const ORDER_SOURCES = ["online", "offline", "contractor"] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

const PRICE_KINDS = ["advance", "standard", "onsite"] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

/** Per cart line; keeps a line's total far below the 32-bit cents column. */
export const MAX_QUANTITY = 999;
/** docs/product.md § Uploads: the stamped contract may be several images, combined into one PDF. */
export const MAX_CONTRACT_FILES = 10;
export const ORDER_PAGE_SIZE = 10;
/** SO<yyyymmdd>-<6 characters>, the date in exhibition time. */
export const ORDER_NO = /^SO\d{8}-[A-Z0-9]{6}$/;

/** The i18n key of a field's label. */
export const label = (field: string) => `orders.fields.${field}`;
