import { TRANSPORT_SERVICES } from "./pricing";

/** Exhibit transport's lists and limits, without zod: the pages import these; the schemas (schema.ts) build on them. */
export { TRANSPORT_SERVICES };
export const DECLARATION_STATUSES = ["draft", "submitted", "accepted", "returned"] as const;
export const ORDER_STEPS = ["confirmed", "received", "delivered", "returned", "completed"] as const;
export type OrderStepName = (typeof ORDER_STEPS)[number];
export const LIFTING_KINDS = ["forklift", "crane"] as const;
export const LIFTING_SLOTS = ["08:00-10:00", "10:00-12:00", "13:00-15:00", "15:00-17:00", "17:00-19:00"] as const;
/** Limits of one exhibit line and one lifted piece (issue 17: a 40 m piece is refused). */
export const EXHIBIT_LIMITS = { quantity: 99_999, packages: 9_999, grossWeightKg: 100_000, lengthCm: 2_000, widthCm: 600, heightCm: 600 } as const;
export const LIFTING_LIMITS = { weightT: 100, lengthM: 20, widthM: 6, heightM: 6, pieces: 99 } as const;
export const EXHIBITS_MAX = 200;
export const MESSAGE_MAX = 1000;
