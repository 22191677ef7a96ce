import { addDays, exhibitionDate } from "../../app/contracts/common/exhibition-time";

// The seeds and the tests count demo days with it; the domains import it from the contract.
export { addDays };

/**
 * Every date of the demo exhibition, placed relative to the day the demo data is created, so a
 * newcomer sees a live show whatever the date: the show opens in 15 days, advance prices run 5 more
 * days, and the checklist spreads from 8 days ago to the closing day, 18 days ahead (some overdue,
 * some due soon, some weeks away; none after the show closes, as the calendar page requires).
 * Seeded on 2026-11-23 it gives the dates the demo first had (opening 2026-12-08).
 * Days are exhibition days (UTC+8) as YYYY-MM-DD. Real exhibitions keep the dates they are given.
 */

/** How many days after the seed day the demo show opens; the seed day is recovered from it. */
const DEMO_OPENS_AFTER_DAYS = 15;

/** Checklist items (schedule_items.done_check) and their deadline, in days after the seed day. */
const DEMO_SCHEDULE_OFFSETS = {
  "profile-submitted": -8,
  "fascia-submitted": 4,
  "badges-applied": 2,
  "safety-commitment-signed": -3,
  "services-ordered": 5,
  "transport-booked": 9,
  "invoice-requested": 18,
  "invitation-made": 10,
  "epidemic-declared": 12,
} as const;
export type DemoScheduleCheck = keyof typeof DEMO_SCHEDULE_OFFSETS;

export type DemoCalendar = {
  /** The exhibition day the demo data was made. */
  seededOn: string;
  opensOn: string;
  /** The last show day (four show days). */
  endsOn: string;
  /** The last day of advance prices; standard prices run until the day before opening. */
  advanceUntil: string;
  /** Catalogue entries are typeset after this day (the exhibitor data deadline of the promote page). */
  catalogueClosesOn: string;
  /** Move-in of raw-space (special) booths: two days ending two days before opening. */
  rawMoveIn: { from: string; to: string };
  /** Move-in of standard booths: the day before opening. */
  standardMoveIn: string;
  /** Services the contractor prepares ahead stop taking orders at 00:00 of these days. */
  serviceCloses: { allDayPower: string; water: string };
  /** Deadlines of the checklist items, by done_check. */
  schedule: Record<DemoScheduleCheck, string>;
};

/** The demo calendar of data seeded at `now` (business time). */
export function demoCalendar(now: Date): DemoCalendar {
  return calendarFromSeedDay(exhibitionDate(now));
}

/** The calendar of demo data whose show opens on `opensOn` (data seeded earlier keeps its dates). */
export function demoCalendarForOpening(opensOn: string): DemoCalendar {
  return calendarFromSeedDay(addDays(opensOn, -DEMO_OPENS_AFTER_DAYS));
}

function calendarFromSeedDay(seededOn: string): DemoCalendar {
  const day = (offset: number) => addDays(seededOn, offset);
  const opensOn = day(DEMO_OPENS_AFTER_DAYS);
  const schedule = Object.fromEntries(Object.entries(DEMO_SCHEDULE_OFFSETS).map(([check, offset]) => [check, day(offset)])) as Record<
    DemoScheduleCheck,
    string
  >;
  return {
    seededOn,
    opensOn,
    endsOn: addDays(opensOn, 3),
    advanceUntil: day(5),
    catalogueClosesOn: schedule["badges-applied"],
    rawMoveIn: { from: addDays(opensOn, -3), to: addDays(opensOn, -2) },
    standardMoveIn: addDays(opensOn, -1),
    serviceCloses: { allDayPower: addDays(opensOn, -3), water: addDays(opensOn, -6) },
    schedule,
  };
}

const parts = (day: string) => {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return { year, month, date };
};
const EN_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "2026 年 12 月 8 日" */
export function zhDate(day: string) {
  const { year, month, date } = parts(day);
  return `${year} 年 ${month} 月 ${date} 日`;
}

/** "12 月 8 日" (a day of the show's year, where the year is already said) */
export function zhMonthDay(day: string) {
  const { month, date } = parts(day);
  return `${month} 月 ${date} 日`;
}

/** "8 December 2026" */
export function enDate(day: string) {
  const { year, month, date } = parts(day);
  return `${date} ${EN_MONTHS[month - 1]} ${year}`;
}

/** "8 December" */
export function enMonthDay(day: string) {
  const { month, date } = parts(day);
  return `${date} ${EN_MONTHS[month - 1]}`;
}

/** "2026 年 12 月 8 日至 11 日", "2026 年 11 月 29 日至 12 月 4 日", across a year both in full. */
export function zhRange(from: string, to: string) {
  const a = parts(from);
  const b = parts(to);
  if (a.year !== b.year) return `${zhDate(from)}至 ${zhDate(to)}`;
  if (a.month !== b.month) return `${zhDate(from)}至 ${b.month} 月 ${b.date} 日`;
  return `${zhDate(from)}至 ${b.date} 日`;
}

/** "8 to 11 December 2026", "29 November to 4 December 2026", across a year both in full. */
export function enRange(from: string, to: string) {
  const a = parts(from);
  const b = parts(to);
  if (a.year !== b.year) return `${enDate(from)} to ${enDate(to)}`;
  if (a.month !== b.month) return `${enMonthDay(from)} to ${enDate(to)}`;
  return `${a.date} to ${enDate(to)}`;
}
