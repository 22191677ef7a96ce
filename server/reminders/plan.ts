import { beforeKind, OVERDUE_KIND, REMINDER_LIMITS, type ReminderKind } from "../../app/contracts/reminders/values";
import { appClock } from "../clock";

/**
 * Who is due for which checklist reminder now (issue 39, decision 034): pure, so that the rules are
 * tested without a database. Times are business time (server/clock.ts): tests move the day.
 *
 * - Before the deadline, the reminder of the smallest "days before" whose window has opened
 *   (deadline − N days ≤ now): an item saved 3 days before its deadline gets "before:7" at once and
 *   "before:2" a day later, never a 7-day reminder after the 2-day one.
 * - From the deadline on, "overdue" once (when the exhibition has it on), within
 *   REMINDER_LIMITS.overdueWithinDays after it (a portal started late does not mail about items long past).
 * - Only exhibitors whose check answers false (not done): true is done, null is "does not apply".
 * - A reminder already in the log is not due again (the log's unique key is the real guard: send.ts).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export type ReminderSettingsValue = { daysBefore: readonly number[]; overdue: boolean };
export type PlanItem = { id: number; deadline: Date | string };
/** One exhibitor's answers per item id: true done, false not done, null not applicable (absent: not checkable). */
export type PlanExhibitor = { userId: number; answers: ReadonlyMap<number, boolean | null> };
export type DueReminder = { userId: number; itemId: number; kind: ReminderKind };

/** The reminder an item calls for now, whoever it goes to; null when none. */
export function dueKind(deadline: Date | string, settings: ReminderSettingsValue, now: Date = appClock.now()): ReminderKind | null {
  const deadlineMs = new Date(deadline).getTime();
  const nowMs = now.getTime();
  if (!Number.isFinite(deadlineMs)) return null;
  if (nowMs >= deadlineMs) {
    return settings.overdue && nowMs < deadlineMs + REMINDER_LIMITS.overdueWithinDays * DAY_MS ? OVERDUE_KIND : null;
  }
  const open = settings.daysBefore.filter((days) => nowMs >= deadlineMs - days * DAY_MS);
  return open.length ? beforeKind(Math.min(...open)) : null;
}

/** Every reminder due now: per item its kind, to each exhibitor not done with it and not yet reminded of that kind. */
export function planReminders(
  items: readonly PlanItem[],
  exhibitors: readonly PlanExhibitor[],
  settings: ReminderSettingsValue,
  alreadySent: ReadonlySet<string> = new Set(),
  now: Date = appClock.now(),
): DueReminder[] {
  const due: DueReminder[] = [];
  for (const item of items) {
    const kind = dueKind(item.deadline, settings, now);
    if (!kind) continue;
    for (const exhibitor of exhibitors) {
      if (exhibitor.answers.get(item.id) !== false) continue;
      if (alreadySent.has(sentKey(exhibitor.userId, item.id, kind))) continue;
      due.push({ userId: exhibitor.userId, itemId: item.id, kind });
    }
  }
  return due;
}

/** The log's unique key as one string (the plan's "already sent" set). */
export const sentKey = (userId: number, itemId: number, kind: string) => `${userId}/${itemId}/${kind}`;
