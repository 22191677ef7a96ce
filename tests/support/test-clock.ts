import { appClock } from "../../server/clock";
import { addDays, demoCalendar } from "../../server/seed/demo-calendar";
import { demoExhibitionName } from "../../server/seed/home-content";

/**
 * The business time every vitest file starts at (tests/support/clock-setup.ts), and the time the test
 * databases' demo data is seeded at: tests never depend on the day they run. Expected dates are
 * computed from `testCalendar`, not spelled out.
 */
export const TEST_NOW = "2026-11-23T10:00:00+08:00";
export const testCalendar = demoCalendar(new Date(TEST_NOW));
export { addDays };

/** A moment of an exhibition day (UTC+8), 10:00 unless told. */
export const exhibitionTime = (day: string, time = "10:00:00") => new Date(`${day}T${time}+08:00`);
/** The last second of an exhibition day, as the API writes deadlines. */
export const endOfExhibitionDay = (day: string) => `${day}T23:59:59+08:00`;

/** Business time back to the test start (ticking on from TEST_NOW). */
export function resetTestClock() {
  appClock.startAt(TEST_NOW);
}

/** The demo exhibition's names as seeded at TEST_NOW (the year is the opening's). */
export const demoName = demoExhibitionName(testCalendar);
