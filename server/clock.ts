/**
 * The application clock: what time it is for business rules (price in force, deadlines, order
 * windows, locks, review dates, one-time code expiry). Everything that asks "is it too late?"
 * reads `appClock.now()`, never `new Date()`, so tests and the end-to-end server can set the day.
 *
 * Security timings (session lifetimes, sign-in throttles, rate limits, upload signatures) stay on
 * the process's real clock: moving business time must never lengthen a session or lift a limit.
 * docs/decisions/010-application-clock.md.
 */

export type Clock = { now(): Date };

type Setting = { kind: "real" } | { kind: "from"; startMs: number; realStartMs: number } | { kind: "frozen"; atMs: number };

let setting: Setting = { kind: "real" };

export const appClock: Clock & {
  /** Business time starts at `at` and runs on at real speed from now (the end-to-end server's TEST_CLOCK). */
  startAt(at: Date | string): void;
  /** Business time stands still at `at` until moved again (unit and API tests). */
  freezeAt(at: Date | string): void;
  /** Back to the real clock. */
  reset(): void;
  /** Whether a test setting is in force (the server logs it at boot). */
  isSet(): boolean;
} = {
  now() {
    if (setting.kind === "frozen") return new Date(setting.atMs);
    if (setting.kind === "from") return new Date(setting.startMs + (Date.now() - setting.realStartMs));
    return new Date();
  },
  startAt(at) {
    setting = { kind: "from", startMs: toMs(at), realStartMs: Date.now() };
  },
  freezeAt(at) {
    setting = { kind: "frozen", atMs: toMs(at) };
  },
  reset() {
    setting = { kind: "real" };
  },
  isSet() {
    return setting.kind !== "real";
  },
};

function toMs(at: Date | string) {
  const ms = typeof at === "string" ? Date.parse(at) : at.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`not a date: ${String(at)}`);
  return ms;
}
