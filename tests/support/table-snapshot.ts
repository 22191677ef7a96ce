import { sql } from "kysely";
import type { Database } from "../../server/db/database";

/** Every row of the tables, as text: equal before and after means nothing in them changed. */
export async function tablesSnapshot(db: Database, tables: readonly string[]) {
  const parts: string[] = [];
  for (const table of tables) {
    const { rows } = await sql<{ all: string | null }>`select string_agg(t::text, '|' order by t::text) as "all" from ${sql.table(table)} t`.execute(db);
    parts.push(`${table}: ${rows[0]?.all ?? ""}`);
  }
  return parts.join("\n");
}
