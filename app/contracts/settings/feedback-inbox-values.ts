/**
 * The organizer's feedback inbox (issue 51, docs/product.md § Organizer): what the page and the API
 * share without zod. A feedback waits until the organizer marks it handled (and may mark it back).
 */
export const FEEDBACK_INBOX_PATH = "/index/feedbackInbox";

/** The attached image, through the inbox (the organizer's only): /index/feedbackInbox/<id>/image. */
export const feedbackImagePath = (id: number) => `${FEEDBACK_INBOX_PATH}/${id}/image`;

/** Which feedback the list shows: waiting (the default), handled, or both. */
export const FEEDBACK_STATES = ["open", "handled", "all"] as const;
export type FeedbackState = (typeof FEEDBACK_STATES)[number];

export const FEEDBACK_INBOX_PAGE_SIZE = 20;

export type FeedbackInboxRow = {
  id: number;
  /** 1-based index into FEEDBACK_TYPES. */
  type: number;
  content: string;
  /** ISO instant. */
  createdAt: string;
  /** Who sent it: the account's user name and company names as stored. */
  username: string;
  companyName: string | null;
  companyNameEn: string | null;
  hasImage: boolean;
  /** ISO instant and the organizer's user name; null while it waits. */
  handledAt: string | null;
  handledBy: string | null;
};

export type FeedbackInboxPage = {
  /** Rows matching the type and state asked for. */
  total: number;
  rows: FeedbackInboxRow[];
  /** Waiting and handled feedback of the type asked for (every type when none). */
  counts: { open: number; handled: number };
};
