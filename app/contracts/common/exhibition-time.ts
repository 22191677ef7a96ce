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

/** YYYY-MM-DD HH:mm in exhibition time; "" for no or an unreadable time. */
export function exhibitionDateTime(value: string | Date | null | undefined) {
  return inExhibitionTime(value)?.slice(0, 16).replace("T", " ") ?? "";
}
