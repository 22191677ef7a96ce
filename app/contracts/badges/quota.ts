/**
 * Badge quota per exhibition (issue 14), as configured in the database: free badges by booth area,
 * paid badges above that at a price, up to a maximum. Pure, so the page and the API count alike.
 */
export type BadgeQuotaRule = {
  /** Free badges for a booth up to `baseAreaM2`. */
  freeBase: number;
  baseAreaM2: number;
  /** One more free badge (`freePerStep`) for every further `stepAreaM2` or part of it. */
  stepAreaM2: number;
  freePerStep: number;
  /** Paid badges allowed above the free ones, and their price in cents (CNY). */
  paidMax: number;
  paidPriceCents: number;
};

/** The demo exhibition's rule: 2 free up to 9 m², 1 more per further 9 m², up to 10 paid at ¥80. */
export const DEFAULT_QUOTA_RULE: BadgeQuotaRule = { freeBase: 2, baseAreaM2: 9, stepAreaM2: 9, freePerStep: 1, paidMax: 10, paidPriceCents: 8000 };

export function freeBadges(rule: BadgeQuotaRule, boothAreaM2: number) {
  const beyond = Math.max(0, boothAreaM2 - rule.baseAreaM2);
  return rule.freeBase + Math.ceil(beyond / rule.stepAreaM2 - 1e-9) * rule.freePerStep;
}

export type BadgeQuota = { free: number; paidMax: number; applied: number; freeLeft: number; paidLeft: number; remaining: number };

/** What the page shows (free / paid / applied / remaining) for `applied` badges already held. */
export function badgeQuota(rule: BadgeQuotaRule, boothAreaM2: number, applied: number): BadgeQuota {
  const free = freeBadges(rule, boothAreaM2);
  const freeLeft = Math.max(0, free - applied);
  const paidUsed = Math.max(0, applied - free);
  const paidLeft = Math.max(0, rule.paidMax - paidUsed);
  return { free, paidMax: rule.paidMax, applied, freeLeft, paidLeft, remaining: freeLeft + paidLeft };
}

/** The kind the next `count` badges get (free while free ones are left), or null past the maximum. */
export function kindsOfNext(rule: BadgeQuotaRule, boothAreaM2: number, applied: number, count: number): ("free" | "paid")[] | null {
  const quota = badgeQuota(rule, boothAreaM2, applied);
  if (count > quota.remaining) return null;
  return Array.from({ length: count }, (_, i) => (i < quota.freeLeft ? "free" : "paid"));
}
