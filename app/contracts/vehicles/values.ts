import { CURRENCIES } from "./taiwan/values";

/** The vehicle and shipment pages' lists and limits, without zod: the pages import these; the schemas (schema.ts) build on them. */

export const TRUCK_KINDS = ["installation", "dismantling"] as const;
export const TRUCK_STATUSES = ["submitted", "approved", "returned"] as const;
export const TAIWAN_DISPOSITIONS = ["sold", "returned"] as const;
export const EXPRESS_STATUSES = ["booked", "received", "delivered"] as const;
export const INCOTERMS = ["EXW", "FCA", "FOB", "CFR", "CIF", "DAP", "DDP"] as const;
export { CURRENCIES };
export const TAIWAN_LINES_MAX = 200;
export const EXPRESS_LIMITS = { pieces: 999, grossWeightKg: 500, sideCm: 300 } as const;
