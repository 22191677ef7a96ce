import type { Timestamp } from "./columns";

/** One counted hit of a named limit (migration 0044, server/rate-limits): kept while it is in a window. */
interface RateLimitHitTable {
  limit_name: string;
  subject: string;
  at: Timestamp;
}

/** The rate-limit tables, part of DB (./index.ts). */
export interface RateLimitTables {
  rate_limit_hits: RateLimitHitTable;
}
