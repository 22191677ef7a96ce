import { ConfigError, loadConfig } from "./config";
import { migrateToLatest, openDatabase } from "./db/database";
import { formatDemoAccounts, seedDemoData } from "./seed/demo-data";
import { createUser } from "./seed/create-user";
import { createBooth } from "./seed/create-booth";
import { listReviewsCommand, reviewProfileCommand } from "./exhibitor/review-queue";
import { completeOrderCommand } from "./orders/order-actions";
import { appClock } from "./clock";
import { redateDemo } from "./seed/redate-demo";
import { badgeQuotaCommand } from "./badges/quota-command";
import { constructionSettingsCommand } from "./booth-construction/settings-command";
import { carriersCommand } from "./transport/carriers-command";
import { createObjectStore } from "./uploads";

/** `npm run db:migrate` and `npm run db:seed`, on the embedded database or DATABASE_URL. */
async function main(command: string | undefined) {
  const config = loadConfig();
  if (config.TEST_CLOCK) appClock.startAt(config.TEST_CLOCK);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
    // The same warning as the server's: a long command (an import, a seed) outlives a dropped connection.
    onConnectionError: (error) => console.warn(`database connection lost (${error.message}); the next query opens a new one`),
  });
  try {
    const applied = await migrateToLatest(database.db);
    console.log(applied.length ? `Applied migrations: ${applied.join(", ")}` : "Database schema is up to date.");
    if (command === "seed") {
      const { created } = await seedDemoData(database.db, undefined, { store: createObjectStore(config, database.db) });
      console.log(created ? `Demo data loaded.\n${formatDemoAccounts()}` : "Demo data already present; added only missing menus, lists and services.");
    } else if (command === "redate-demo") {
      const { days, calendar } = await redateDemo(database.db);
      console.log(
        days === 0
          ? `The demo exhibition is already dated from today (opens ${calendar.opensOn}).`
          : `Moved the demo exhibition's dates by ${days} day(s): it opens ${calendar.opensOn}, advance prices until ${calendar.advanceUntil}.`,
      );
    } else if (command === "create-user") {
      // Groups of four: <username> <password> <role> <business name>; several accounts in one run.
      const args = process.argv.slice(3);
      if (args.length < 3) throw new Error("Usage: cli.js create-user <username> <password> <admin|exhibitor|carrier> [business name] [...more groups of four]");
      const groups = args.length === 3 ? [args] : Array.from({ length: Math.ceil(args.length / 4) }, (_, i) => args.slice(i * 4, i * 4 + 4));
      await Promise.all(
        groups.map(async ([username, password, role, businessName]) => {
          const id = await createUser(database.db, { username: username!, password: password!, role: role!, businessName });
          console.log(`Created user ${username} (id ${id}).`);
        }),
      );
    } else if (command === "create-booth") {
      // Groups of four: <username> <booth no> <hall code> <booth type 1|2>; several booths in one run.
      const args = process.argv.slice(3);
      if (args.length < 4 || args.length % 4) throw new Error("Usage: cli.js create-booth <username> <boothNo> <hallCode> <1|2> [...more groups of four]");
      for (let i = 0; i < args.length; i += 4) {
        const [username, boothNo, hallCode, type] = args.slice(i, i + 4);
        const id = await createBooth(database.db, { username: username!, boothNo: boothNo!, hallCode: hallCode!, boothType: Number(type) });
        console.log(`Created booth ${boothNo} for ${username} (id ${id}).`);
      }
    } else if (command === "review-profile") {
      console.log(await reviewProfileCommand(database.db, process.argv.slice(3)));
    } else if (command === "list-reviews") {
      console.log(await listReviewsCommand(database.db));
    } else if (command === "complete-order") {
      console.log(await completeOrderCommand(database.db, process.argv.slice(3)));
    } else if (command === "badge-quota") {
      console.log(await badgeQuotaCommand(database.db, process.argv.slice(3)));
    } else if (command === "construction-settings") {
      console.log(await constructionSettingsCommand(database.db, process.argv.slice(3)));
    } else if (command === "carriers") {
      console.log(await carriersCommand(database.db, process.argv.slice(3)));
    } else if (command !== "migrate") {
      throw new Error(`Unknown command "${command}". Use "migrate", "seed", "redate-demo", "create-user", "create-booth", "review-profile", "list-reviews", "complete-order", "badge-quota", "construction-settings" or "carriers".`);
    }
  } finally {
    await database.close();
  }
}

main(process.argv[2]).catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
