import { type SelectQueryBuilder, sql } from "kysely";

/** How many rows a list's query matches, for its pager: the same query with its columns and order dropped. */
export async function countRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  // Over a generic query Kysely cannot resolve the selection's type; the row is { n }.
  const row = (await query.clearSelect().clearOrderBy().select(sql<string>`count(*)`.as("n")).executeTakeFirstOrThrow()) as { n: string | number };
  return Number(row.n);
}

/** Page `page` (from 1) of `pageSize` rows of an ordered query. */
export function pageRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, page: number, pageSize: number) {
  return query
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
}
