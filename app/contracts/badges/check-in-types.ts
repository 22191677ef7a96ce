import type { BadgeView } from "./api-types";

/**
 * Printing badges and on-site check-in (issue 14; /smeb/pass/ticket/print, checkIn and qr), written
 * once for the server and the pages.
 */
export const PRINT_LAYOUTS = ["single", "sheet"] as const;
export type PrintLayout = (typeof PRINT_LAYOUTS)[number];
/** Most badges one PDF holds; a longer list is refused, not cut short. */
export const PRINT_MAX_BADGES = 200;

/** The answer of POST /smeb/pass/ticket/checkIn (roleId 1): a badge's, or a visitor pass's (issue 56). */
export type CheckInResult = BadgeCheckIn | VisitorCheckIn;

/** A visitor's pass read at the entrance: the first time, or when that was. */
export type VisitorCheckIn = { alreadyCheckedIn: boolean; checkedInAt: string; visitor: { visitorNo: string; name: string; company: string } };

export type BadgeCheckIn = {
  /** True when this badge had been checked in before: `checkedInAt` is that first time. */
  alreadyCheckedIn: boolean;
  /** ISO time of the badge's first check-in. */
  checkedInAt: string;
  badge: Pick<BadgeView, "id" | "holderName" | "company" | "boothNo" | "kind" | "status" | "photoUrl">;
  /** The exhibitor the badge belongs to: its company name in the caller's language, and its first arrival. */
  exhibitor: { name: string; arrivedAt: string };
};

/** An exhibitor's first arrival in the exhibition (docs/product.md § Areas, 'attendance arrived or not'). */
export type ExhibitorArrival = { arrivedAt: string; firstBadgeId: number | null };
