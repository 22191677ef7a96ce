import type { Config } from "../config";
import type { Database } from "../db/database";

/**
 * What a database holds (issue 52, docs/decisions/054): nothing yet, the demo (seeded, with its
 * published accounts), or a real exhibition (made by `cli.js setup`). The two are never mixed.
 */
export type DatabaseKind = "empty" | "demo" | "real";

export async function databaseKind(db: Database): Promise<DatabaseKind> {
  const rows = await db.selectFrom("exhibitions").select("is_demo").groupBy("is_demo").execute();
  if (rows.some((row) => !row.is_demo)) return "real";
  return rows.length ? "demo" : "empty";
}

async function holdsDemo(db: Database) {
  return (await databaseKind(db)) === "demo";
}

/**
 * A channel that reaches real people is configured (SMTP, an SMS provider): on a demo database the
 * exhibitor import and invitations then refuse, so that no real exhibitor's data or mail mixes with
 * the demo's published accounts. With the outboxes only, the demo stays a sandbox to try them in.
 */
function deliversForReal(config: Pick<Config, "SMTP_URL" | "SMS_PROVIDER">) {
  return Boolean(config.SMTP_URL) || config.SMS_PROVIDER !== "outbox";
}

/** A real operation on a demo database while real delivery is configured: refused (see deliversForReal). */
export async function refusesRealOperation(db: Database, config: Pick<Config, "SMTP_URL" | "SMS_PROVIDER">) {
  return deliversForReal(config) && (await holdsDemo(db));
}

/** Refused: what was asked would put demo data and a real exhibition in one database. */
export class MixedDatabaseRefusal extends Error {}
