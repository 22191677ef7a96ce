import type { Kysely } from "kysely";

/** Blue-plate cars (issue 41). Filled in by its domain's work. */
export async function up(_db: Kysely<any>) {}
