/** PostgreSQL's "unique_violation" (SQLSTATE 23505), the same from pg and PGlite. */
const UNIQUE_VIOLATION = "23505";

/**
 * A unique index refused the row. With `constraint`, only when that index refused it: pg names it in
 * `constraint`, PGlite only in the message ("... violates unique constraint \"<name>\"").
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const { code, constraint: refusedBy, message } = (error ?? {}) as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code !== UNIQUE_VIOLATION) return false;
  if (constraint === undefined) return true;
  return `${refusedBy ?? ""} ${message ?? ""}`.includes(constraint);
}
