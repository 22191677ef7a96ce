import type { BadgeView } from "./api-types";

/** The answers of /smeb/pass/ticket/review/* (the organizer's badge review), for the server and the page. */
export type BadgeReviewRow = BadgeView & { userId: number; exhibitorName: string };

export type BadgeReviewList = {
  rows: BadgeReviewRow[];
  total: number;
  page: number;
  pageSize: number;
  /** The exhibitors that have live badges, for the filter's drop-down. */
  exhibitors: { userId: number; name: string }[];
  /** Per status, over the other filters (exhibitor, kind, keyword): the numbers beside the status filter. */
  counts: { submitted: number; approved: number; returned: number };
};

/** One entry of a badge's history; `comment` is the organizer's, from a decision's details. */
export type BadgeEventView = {
  action: string;
  actorLabel: string;
  details: Record<string, unknown> | null;
  comment: string | null;
  createdAt: string;
};

export type BadgeReviewInfo = BadgeReviewRow & { events: BadgeEventView[] };
