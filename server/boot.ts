import type { Config } from "./config";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "./db/database";
import type { Logger } from "./logger";
import { loadRsaKeys, loadSessionSecrets } from "./auth/secrets";
import { formatDemoAccounts, hasDemoData, seedDemoData, seedReferenceData } from "./seed/demo-data";
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

  const seedDemo = config.SEED_DEMO_DATA === "always" || (config.SEED_DEMO_DATA === "auto" && config.usesEmbeddedDatabase);
  // Made here so the demo's files (special booth drawings) land where the server serves them from.
  const store = createObjectStore(config, database.db);
  if (seedDemo) {
    const { created } = await seedDemoData(database.db, undefined, { store });
    if (created) {
      logger.info("demo data loaded");
      // Printed plainly so a newcomer sees how to sign in.
      console.log(`\n${formatDemoAccounts()}\n`);
    }
  } else {
    await seedReferenceData(database.db);
    if (!(await hasDemoData(database.db))) logger.info("no demo data; run `npm run db:seed` to load it");
  }

  const rsa = await loadRsaKeys(database.db, config.RSA_PRIVATE_KEY);
  const sessionSecrets = await loadSessionSecrets(database.db, config.sessionSecrets);
  const translator = createTranslator(config);
  // The embedded database's owner runs the operators' CLI commands, so they take effect at once.
  database.owner?.serveCommands(async (command, args) => {
    // Not the arguments: create-user's include a password.
    logger.info({ command }, "running an ops command sent by the CLI");
    try {
      return await runOpsCommand({ db: database.db, store }, command, args);
    } catch (error) {
      logger.warn({ command, err: error }, "ops command failed");
      throw error;
    }
  });
  return { database, rsa, sessionSecrets, translator, store };
}
