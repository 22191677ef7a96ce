/**
 * Column values as the answers give them, whatever the driver reads them as (pg: a Date; PGlite: a
 * Date or a string).
 */

/** A timestamp as ISO 8601 in UTC; no value (null) stays null. */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null | undefined): string | null;
export function iso(value: Date | string | null | undefined): string | null {
  return value ? new Date(value).toISOString() : null;
}

/** A date column as YYYY-MM-DD (pg: a local-midnight Date; PGlite: a string or a Date). */
export function day(value: Date | string | null): string | null {
  if (!value) return null;
  if (typeof value === "string") return value.slice(0, 10);
  const local = new Date(value.getTime() - value.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}
