import type { MissingSetting } from "../exhibition-settings/values";

/** The organizer's checklist overview (docs/product.md § Home): one row per checklist item. */
type ChecklistOverviewItem = {
  id: number;
  title: string;
  titleEn: string;
  deadline: string;
  link: string;
  /** Whether the portal can tell done from not done for this item (it has a check). */
  checkable: boolean;
  /** Exhibitors the item applies to (an item about standard booths leaves raw space out). */
  applicable: number;
  done: number;
  notDone: number;
  /** Not done and past the deadline. */
  overdue: number;
  percent: number;
};

/** A review queue of the organizer with how many records wait, and its page. */
export type ReviewQueueCount = {
  queue: "profiles" | "badges" | "construction" | "vouchers" | "invoices" | "trucks" | "taiwan" | "feedback";
  waiting: number;
  link: string;
};

/** The backups as the organizer's home shows them (issue 53): the last good one, a failure since, a schedule. */
export type BackupState = {
  lastGoodAt: string | null;
  lastGoodBytes: number | null;
  /** A backup that failed after the last good one. */
  failedSince: { at: string; error: string } | null;
  scheduled: boolean;
};

export type ChecklistOverview = {
  exhibitors: number;
  percent: number;
  items: ChecklistOverviewItem[];
  queues: ReviewQueueCount[];
  /** The organizer's settings a real show still lacks (issue 52); empty: nothing is shown. */
  missingSettings: MissingSetting[];
  backup: BackupState;
};

/** An exhibitor behind on an item, with the contact the organizer sees as stored. */
export type NotDoneExhibitor = { userId: number; username: string; companyName: string; companyNameEn: string; booths: string; phone: string; email: string };

export type NotDonePage = { item: { id: number; title: string; titleEn: string }; total: number; rows: NotDoneExhibitor[] };
