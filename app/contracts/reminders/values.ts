/**
 * Checklist reminders (issue 39, decision 034): the settings' limits and defaults and the kinds of
 * reminder, shared by the server, the CLI and the page (zod-free).
 */
export const REMINDER_DEFAULTS = { daysBefore: [7, 2], overdue: true } as const;

export const REMINDER_LIMITS = {
  /** Days before a deadline, each. */
  minDays: 1,
  maxDays: 60,
  /** How many "days before" an exhibition may set. */
  maxValues: 5,
  /** An overdue reminder goes only within this many days after the deadline (no mail about items long past). */
  overdueWithinDays: 7,
} as const;

/** before:<days>, overdue, or manual:<id> (the organizer's "send now": a new id per sending, so it may go again). */
export type ReminderKind = `before:${number}` | "overdue" | `manual:${string}`;

export const beforeKind = (days: number): ReminderKind => `before:${days}`;
export const OVERDUE_KIND: ReminderKind = "overdue";
export const manualKind = (id: string): ReminderKind => `manual:${id}`;
