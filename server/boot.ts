import type { Config } from "./config";
import { migrateToLatest, openDatabase, type Database, type DatabaseHandle } from "./db/database";
import type { Logger } from "./logger";
import { loadRsaKeys, loadSessionSecrets } from "./auth/secrets";
import { formatDemoAccounts, seedDemoData, seedReferenceData } from "./seed/demo-data";
import { databaseKind } from "./setup/database-kind";
import { addPortalStructure } from "./setup/portal-structure";
import type { ObjectStore } from "./uploads/object-store";
import { createTranslator } from "./machine-translation/libretranslate";
import { createObjectStore } from "./uploads";
import { runOpsCommand } from "./ops/commands";

/** Opens the database, migrates it, seeds it when appropriate, and loads shared secrets. */
export async function prepareServices(config: Config, logger: Logger) {
  const database: DatabaseHandle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
    poolSize: config.DATABASE_POOL_SIZE,
    claimAs: { role: "server" },
    onConnectionError: (error) => logger.warn({ err: error }, "database connection lost; the next query opens a new one"),
  });
  const applied = await migrateToLatest(database.db);
  if (applied.length) logger.info({ migrations: applied }, "database migrated");

  // Made here so the demo's files (special booth drawings) land where the server serves them from.
  const store = createObjectStore(config, database.db);
  // A refusal (the demo asked for on a real exhibition's database) lets the data directory go before the process stops.
  await prepareExhibition(database.db, config, logger, store).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });

  const rsa = await loadRsaKeys(database.db, config.RSA_PRIVATE_KEY);
  const sessionSecrets = await loadSessionSecrets(database.db, config.sessionSecrets);
  const translator = createTranslator(config);
  // The embedded database's owner runs the operators' CLI commands, so they take effect at once.
  database.owner?.serveCommands(async (command, args) => {
    // Not the arguments: create-user's include a password.
    logger.info({ command }, "running an ops command sent by the CLI");
    try {
      return await runOpsCommand({ db: database.db, store, databaseKind: database.kind }, command, args);
    } catch (error) {
      logger.warn({ command, err: error }, "ops command failed");
      throw error;
    }
  });
  return { database, rsa, sessionSecrets, translator, store };
}

/**
 * The demo only when asked (SEED_DEMO_DATA=always: `npm start` asks); a plain start never seeds it
 * (docs/decisions/054). Says in the log which kind of database this is.
 */
async function prepareExhibition(db: Database, config: Config, logger: Logger, store: ObjectStore) {
  if (config.SEED_DEMO_DATA === "always") {
    // Refused (and the start stopped) on a database that holds a real exhibition: seedDemoData throws.
    const { created } = await seedDemoData(db, undefined, { store });
    if (created) {
      logger.info("demo data loaded");
      // Printed plainly so a newcomer sees how to sign in.
      console.log(`\n${formatDemoAccounts()}\n`);
    }
  } else {
    await seedReferenceData(db);
  }
  const kind = await databaseKind(db);
  if (kind === "real") {
    // A newer version's pages reach an existing exhibition's menus.
    await addPortalStructure(db);
    const exhibition = await db.selectFrom("exhibitions").select(["code"]).where("is_current", "=", true).executeTakeFirst();
    logger.info({ database: "real", exhibition: exhibition?.code ?? null }, "running a real exhibition");
  } else if (kind === "demo") {
    logger.info({ database: "demo" }, "running the demo: its accounts have published passwords; never use it for a real show");
  } else {
    logger.info(
      { database: "empty" },
      "the database is empty: `node build/server/cli.js setup` sets up a real exhibition; `npm start` or SEED_DEMO_DATA=always loads the demo",
    );
  }
}
