import type { ActionWindow } from "../calendar/values";
import type { IdType } from "./id-documents";
import type { BadgeQuota } from "./quota";

/** The answers of /smeb/pass/ticket/* (issue 14), written once for the server and the pages. */
export type BadgeView = {
  id: number;
  boothId: number;
  boothNo: string;
  holderName: string;
  idType: IdType;
  /** Masked for everyone but roleId 1 (docs/product.md § Masked personal data), like the mobile and the e-mail. */
  idNumber: string;
  mobile: string;
  email: string;
  company: string;
  position: string | null;
  photoUrl: string | null;
  kind: "free" | "paid";
  priceCents: number;
  status: "submitted" | "approved" | "returned";
  reviewComment: string | null;
  checkedInAt: string | null;
  version: number;
  createdAt: string;
};

/** /smeb/pass/ticket/info: the badge, and the signed code its QR carries (grouped for typing), none when returned. */
export type BadgeDetail = BadgeView & { badgeCode: string | null };

export type BadgeList = {
  rows: BadgeView[];
  total: number;
  page: number;
  pageSize: number;
  quota: BadgeQuota & { paidPriceCents: number };
  /** Until when badges can be applied for (the schedule item); after it the list is read-only. */
  window: BadgeWindow;
  /** When the exhibitor's first badge was checked in on site (docs/product.md § Areas: attendance arrived or not). */
  arrivedAt: string | null;
};

/** The calendar's window of this area's action (app/contracts/calendar/values.ts). */
export type BadgeWindow = ActionWindow;

/** delete and batchDelete: how many badges were deleted (all named, or none). */
export type BadgesDeleted = { deleted: number };

/** validateMobile / validateEmail: the value is not on another of the caller's badges (a clash answers 409). */
export type HolderFieldAvailable = { available: boolean };
