import type { Kysely } from "kysely";

/** Epidemic declarations (issue 41). Filled in by its domain's work. */
export async function up(_db: Kysely<any>) {}
