import type { Kysely } from "kysely";

/** Business reservations (issue 41). Filled in by its domain's work. */
export async function up(_db: Kysely<any>) {}
