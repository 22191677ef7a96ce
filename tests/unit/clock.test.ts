import { afterEach, describe, expect, it } from "vitest";
import { appClock } from "../../server/clock";
import { resetTestClock } from "../support/test-clock";
import { until } from "../support/until";

describe("the application clock", () => {
  afterEach(resetTestClock);

  it("starts at a given instant and runs on at real speed", async () => {
    appClock.startAt("2030-01-01T00:00:00Z");
    const first = appClock.now().getTime();
    const realFirst = Date.now();
    expect(first - Date.parse("2030-01-01T00:00:00Z")).toBeLessThan(1000);
    await until(() => Date.now() >= realFirst + 30, 5);
    expect(appClock.now().getTime()).toBeGreaterThanOrEqual(first + 30);
  });

  it("stands still when frozen, and follows the real clock after reset", async () => {
    appClock.freezeAt(new Date("2031-06-01T12:00:00+08:00"));
    // The real clock moves on; the frozen one does not.
    const real = Date.now();
    await until(() => Date.now() >= real + 20, 5);
    expect(appClock.now().toISOString()).toBe("2031-06-01T04:00:00.000Z");
    expect(appClock.isSet()).toBe(true);
    appClock.reset();
    expect(appClock.isSet()).toBe(false);
    expect(Math.abs(appClock.now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it("refuses what is not a date", () => {
    expect(() => appClock.startAt("soon")).toThrow(RangeError);
    expect(() => appClock.freezeAt(new Date(Number.NaN))).toThrow(RangeError);
  });
});
