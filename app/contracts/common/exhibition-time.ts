/**
 * Exhibition time: deadlines, order times and contract dates are China time (UTC+8, no daylight
 * saving), the same on the server and in the browser whatever their zones (no hydration mismatch).
 */
const UTC8_MS = 8 * 60 * 60 * 1000;

function inExhibitionTime(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms + UTC8_MS).toISOString() : null;
}

/** YYYY-MM-DD in exhibition time; "" for no or an unreadable time. */
export function exhibitionDate(value: string | Date | null | undefined) {
  return inExhibitionTime(value)?.slice(0, 10) ?? "";
}

/** The last second of an exhibition day (YYYY-MM-DD), as ISO 8601 with the exhibition's offset: when a deadline on that day ends. */
export function endOfExhibitionDay(day: string) {
  return `${day}T23:59:59+08:00`;
}

/** YYYY-MM-DD HH:mm in exhibition time; "" for no or an unreadable time. */
export function exhibitionDateTime(value: string | Date | null | undefined) {
  return inExhibitionTime(value)?.slice(0, 16).replace("T", " ") ?? "";
}

/** YYYY-MM-DDTHH:mm in exhibition time, as a `datetime-local` input holds it; "" for no or an unreadable time. */
export function exhibitionDateTimeInput(value: string | Date | null | undefined) {
  return inExhibitionTime(value)?.slice(0, 16) ?? "";
}

/** A `datetime-local` value (YYYY-MM-DDTHH:mm, seconds optional) read as exhibition time; null when it names no real time. */
export function fromExhibitionDateTimeInput(value: string): Date | null {
  const typed = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(typed)) return null;
  const ms = Date.parse(`${typed.length === 16 ? `${typed}:00` : typed}+08:00`);
  // 2026-02-30T10:00 or 24:00 parse as another time or not at all: the round trip tells.
  return Number.isFinite(ms) && exhibitionDateTimeInput(new Date(ms)) === typed.slice(0, 16) ? new Date(ms) : null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day `days` after (or before) a YYYY-MM-DD day, as YYYY-MM-DD (calendar days: no time zone involved). */
export function addDays(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
