/**
 * The API test files that run on both engines, the embedded one (PGlite) and PostgreSQL, because what
 * they test is the engine's own part (docs/decisions/064). Every other API test file runs on
 * PostgreSQL only (test-api.ts backendsOf); the end-to-end suite runs every page and form on the
 * embedded engine. tests/unit/both-engines.test.ts checks that each name is an API test file that
 * asks backendsOf.
 */
export const BOTH_ENGINES: ReadonlySet<string> = new Set([
  // Archives are the engine's dump and files; restore goes into each kind of database.
  "backup.test.ts",
  // Setup on an empty embedded directory and on an empty PostgreSQL database.
  "real-exhibition.test.ts",
  // The database gauges differ: a pool on PostgreSQL, none on the embedded engine.
  "metrics.test.ts",
  // The one rate limiter keeps its counts in the database (docs/decisions/060).
  "rate-limits.test.ts",
  "throttle.test.ts",
  // The job queue runs on both engines: reminders, invitation batches, mail delivery, video renders.
  "reminders.test.ts",
  "invitation-batches.test.ts",
  "message-delivery.test.ts",
  "video.test.ts",
  // The demo's dates are seeded into the embedded base database the newcomer starts with, and into PostgreSQL.
  "demo-dates.test.ts",
  // The history's append-only trigger and the teams' grants (issue 55, docs/decisions/069).
  "team.test.ts",
  "team-grants.test.ts",
  // Leads: exactly once by device id under races, consent in the lead, list and export (issue 56, docs/decisions/070).
  "leads.test.ts",
  "visitor-passes.test.ts",
]);
