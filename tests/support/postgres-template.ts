import crypto from "node:crypto";
import pg from "pg";
import { migrateToLatest, openDatabase } from "../../server/db/database";
import { seedDemoData } from "../../server/seed/demo-data";
import { TEST_NOW } from "./test-clock";

// PostgreSQL copies a database from a template in about a second, where migrating and seeding one
// (password hashes included) took ~8 s per test file. The template is made once per run (the vitest
// global setup); each test file gets a database of its own from it and drops it at the end.

/** The same server's URL, naming another database. */
export function databaseUrlFor(serverUrl: string, database: string) {
  return Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();
}

/** Runs SQL on the database the URL names (CREATE/DROP DATABASE cannot run inside it). */
export async function adminQuery(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const TEMPLATE_PREFIX = "portal_tpl_";

export async function createPostgresTemplate(serverUrl: string) {
  const name = `${TEMPLATE_PREFIX}${crypto.randomBytes(5).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const drop = () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  try {
    const handle = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, name), poolSize: 4 });
    try {
      await migrateToLatest(handle.db);
      await seedDemoData(handle.db, new Date(TEST_NOW));
    } finally {
      await handle.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, drop };
}

/** The names of the template's copies: the global teardown drops what a run left (see `dropLater`). */
const COPY_PREFIX = "portal_t_";
/** A copy's name starts with its template's own part, so a run's teardown drops only its own copies. */
const copyPrefixOf = (template: string) => `${COPY_PREFIX}${template.slice(TEMPLATE_PREFIX.length)}_`;

/** A database of its own for one test file, copied from the template; `drop` removes it. */
export async function copyPostgresTemplate(serverUrl: string, template: string) {
  const name = `${copyPrefixOf(template)}${crypto.randomBytes(6).toString("hex")}`;
  // Two workers copying the same template at once: PostgreSQL may refuse the second while the first
  // holds the template ("being accessed by other users"); try again shortly.
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
      break;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  const drop = () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  // A test's commits need not wait for the disk: a crash of the test machine's PostgreSQL loses nothing anyone keeps.
  const url = new URL(databaseUrlFor(serverUrl, name));
  url.searchParams.set("options", "-c synchronous_commit=off");
  return {
    url: url.toString(),
    drop,
    /**
     * Drops it without making the test file wait: a DROP DATABASE waits for a checkpoint (about a
     * second per file on a busy machine). What a worker leaves when it exits, the teardown drops.
     */
    dropLater: () => void drop().catch(() => {}),
  };
}

/** The global teardown's sweep: every copy of `template` a test file left. */
export async function dropCopiesOf(serverUrl: string, template: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [copyPrefixOf(template)]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
