import crypto from "node:crypto";
import type pg from "pg";
import { PREPARABLE, STALE_STATEMENT_CODES } from "./pglite-statements";

/**
 * Named prepared statements on PostgreSQL (issue 19, decision 026).
 *
 * node-postgres already sends a query in one round trip, but PostgreSQL parses and plans an unnamed
 * statement every time. Naming each statement text lets every pooled connection parse it once; a
 * signed-in /index (three statements) answered in 18.7 instead of 21.4 ms at p50, one at a time,
 * paired against the build before (decision 026).
 *
 * Bounds and safety:
 * - only the first PREPARED_TEXT_LIMIT distinct texts get a name (the app has a few hundred; a text
 *   built with a varying number of placeholders would otherwise grow every connection without end);
 * - after a migration changes a table under a kept statement, PostgreSQL answers "cached plan must not
 *   change result type" (0A000). The text then gets a new name; outside a transaction the query is
 *   run again at once, inside one the error stands (the transaction is aborted anyway) and the next
 *   use prepares afresh. Several servers behind a load balancer keep working through a rolling
 *   migration that way;
 * - a name is derived from the text, so two servers never give one name to two texts, even where a
 *   pooler shares one database connection between them. Behind a transaction-mode pooler that does
 *   not keep prepared statements per client (PgBouncer before 1.21), set
 *   DATABASE_PREPARED_STATEMENTS=false.
 */
export const PREPARED_TEXT_LIMIT = 300;

type Names = { byText: Map<string, string>; renamed: number };

const nameOfText = (text: string) => `portal_${crypto.createHash("sha256").update(text).digest("hex").slice(0, 24)}`;

function nameFor(names: Names, text: string) {
  let name = names.byText.get(text);
  if (!name && names.byText.size < PREPARED_TEXT_LIMIT && PREPARABLE.test(text)) {
    name = nameOfText(text);
    names.byText.set(text, name);
  }
  return name;
}

type QueryFunction = (...args: unknown[]) => unknown;

/** Makes every client the pool connects run `query(text, values)` as a named statement. */
export function enablePreparedStatements(pool: pg.Pool) {
  const names: Names = { byText: new Map(), renamed: 0 };
  pool.on("connect", (client) => {
    const original = client.query.bind(client) as QueryFunction;
    const named = async (text: string, values: unknown[]) => {
      const name = nameFor(names, text);
      if (!name) return original(text, values);
      try {
        return await original({ name, text, values });
      } catch (error) {
        if (!STALE_STATEMENT_CODES.has((error as { code?: string }).code ?? "")) throw error;
        // Never reuse the stale name: this connection (and others) may still hold it.
        if (names.byText.get(text) === name) names.byText.set(text, `${nameOfText(text)}_${++names.renamed}`);
        // node-postgres 8.23 reports the status of the last ReadyForQuery; its types do not list it yet.
        if ((client as unknown as { getTransactionStatus(): string | null }).getTransactionStatus() !== "I") throw error;
        return original({ name: names.byText.get(text), text, values });
      }
    };
    // Only Kysely's form (text, values array, no callback) is named; streams, cursors and
    // callbacks keep node-postgres' own path.
    client.query = ((...args: unknown[]) =>
      typeof args[0] === "string" && Array.isArray(args[1]) && args.length === 2 ? named(args[0], args[1]) : original(...args)) as typeof client.query;
  });
}
