import { describe, expect, it } from "vitest";
import { REMINDER_DEFAULTS, REMINDER_LIMITS } from "../../app/contracts/reminders/values";
import { appClock } from "../../server/clock";
import { dueKind, type PlanExhibitor, planReminders, sentKey } from "../../server/reminders/plan";

/** Checklist reminders (decision 034): who is due now for which kind; dates relative to the app clock. */

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const settings = { daysBefore: [...REMINDER_DEFAULTS.daysBefore], overdue: true };
const now = () => appClock.now();
const fromNow = (ms: number) => new Date(now().getTime() + ms);

describe("dueKind: the reminder an item calls for now", () => {
  it("is the 7-day reminder from 7 days before the deadline, and nothing earlier", () => {
    expect(dueKind(fromNow(7 * DAY - HOUR), settings, now())).toBe("before:7");
    expect(dueKind(fromNow(3 * DAY), settings, now())).toBe("before:7");
    expect(dueKind(fromNow(7 * DAY + HOUR), settings, now())).toBeNull();
  });

  it("is the 2-day reminder from 2 days before, never the 7-day one after it", () => {
    expect(dueKind(fromNow(2 * DAY - HOUR), settings, now())).toBe("before:2");
    expect(dueKind(fromNow(HOUR), settings, now())).toBe("before:2");
  });

  it("is overdue from the deadline on, only within the overdue window, and only when the exhibition has it", () => {
    expect(dueKind(fromNow(-HOUR), settings, now())).toBe("overdue");
    expect(dueKind(now(), settings, now())).toBe("overdue");
    expect(dueKind(fromNow(-(REMINDER_LIMITS.overdueWithinDays * DAY + HOUR)), settings, now())).toBeNull();
    expect(dueKind(fromNow(-HOUR), { ...settings, overdue: false }, now())).toBeNull();
  });

  it("follows the exhibition's own days", () => {
    const custom = { daysBefore: [30, 10, 1], overdue: false };
    expect(dueKind(fromNow(20 * DAY), custom, now())).toBe("before:30");
    expect(dueKind(fromNow(5 * DAY), custom, now())).toBe("before:10");
    expect(dueKind(fromNow(12 * HOUR), custom, now())).toBe("before:1");
    expect(dueKind(fromNow(5 * DAY), { daysBefore: [], overdue: true }, now())).toBeNull();
  });
});

describe("planReminders: who gets which reminder", () => {
  const soon = { id: 1, deadline: fromNow(6 * DAY) };
  const closing = { id: 2, deadline: fromNow(DAY) };
  const past = { id: 3, deadline: fromNow(-DAY) };
  const later = { id: 4, deadline: fromNow(20 * DAY) };
  const items = [soon, closing, past, later];
  const exhibitor = (userId: number, answers: Record<number, boolean | null>): PlanExhibitor => ({
    userId,
    answers: new Map(Object.entries(answers).map(([id, answer]) => [Number(id), answer])),
  });
  const notDone = exhibitor(10, { 1: false, 2: false, 3: false, 4: false });
  const done = exhibitor(11, { 1: true, 2: true, 3: true, 4: true });
  const notApplicable = exhibitor(12, { 1: null, 2: null, 3: null, 4: null });

  it("sends the not-done exhibitor 7 days before, 2 days before and overdue, and nothing for a later item", () => {
    const due = planReminders(items, [notDone], settings, new Set(), now());
    expect(due).toEqual([
      { userId: 10, itemId: 1, kind: "before:7" },
      { userId: 10, itemId: 2, kind: "before:2" },
      { userId: 10, itemId: 3, kind: "overdue" },
    ]);
  });

  it("leaves out exhibitors who are done and those the item does not apply to", () => {
    expect(planReminders(items, [done, notApplicable], settings, new Set(), now())).toEqual([]);
    const mixed = exhibitor(13, { 1: true, 2: null, 3: false });
    expect(planReminders(items, [mixed], settings, new Set(), now())).toEqual([{ userId: 13, itemId: 3, kind: "overdue" }]);
  });

  it("sends the overdue reminder once: a reminder in the log is not due again", () => {
    const first = planReminders([past], [notDone], settings, new Set(), now());
    expect(first).toHaveLength(1);
    const sent = new Set(first.map((r) => sentKey(r.userId, r.itemId, r.kind)));
    expect(planReminders([past], [notDone], settings, sent, now())).toEqual([]);
    // A day later it is still overdue, and still not sent again.
    expect(planReminders([past], [notDone], settings, sent, fromNow(DAY))).toEqual([]);
  });

  it("after the 7-day reminder, the 2-day one is a new reminder", () => {
    const sent = new Set([sentKey(10, 2, "before:7")]);
    expect(planReminders([closing], [notDone], settings, sent, now())).toEqual([{ userId: 10, itemId: 2, kind: "before:2" }]);
  });
});
