import { ConfigError, loadConfig, type Config } from "./config";
import { migrateToLatest, openDatabase } from "./db/database";
import { askOwner, DataDirHeldError, EXIT_DATA_DIR_HELD, type Holder } from "./db/data-dir-owner";
import { appClock } from "./clock";
import { createObjectStore } from "./uploads";
import { isOpsCommand, opsHelp, preparedArgs, runOpsCommand, unknownCommandMessage, withAbsoluteFile } from "./ops/commands";
import { OpsRefusal } from "./ops/command-types";
import { BackupRefusal } from "./backup/archive";
import { runArchiveCommand } from "./backup/restore-command";

/** A failure whose message says it all (no stack trace to print). */
class Plainly extends Error {}

/**
 * `node build/server/cli.js <command> …` on the embedded database or DATABASE_URL. On the embedded
 * database, a command runs in the process that owns the data directory: in the portal when it runs
 * (it takes effect at once), else in this process, which owns the directory meanwhile
 * (docs/decisions/027).
 */
async function main(command: string | undefined, typedArgs: string[]) {
  if (command === "holder") return reportHolder(loadConfig());
  // --help is answered before any database is opened.
  const help = opsHelp(command, typedArgs);
  if (help !== null) return console.log(help);
  if (!isOpsCommand(command)) throw new Plainly(unknownCommandMessage(command));
  // Reading an archive (backup --verify, restore) needs no database owner: run here.
  const archiveOutput = await runArchiveCommand(command, typedArgs, loadConfig);
  if (archiveOutput !== null) return console.log(archiveOutput);
  // A file named on the command line is read by whichever process runs the command: the path is made absolute here.
  // Questions (setup's password) are asked here, on this terminal, whichever process runs the command.
  const args = await preparedArgs(command, withAbsoluteFile(command, typedArgs));
  const config = loadConfig();
  if (config.TEST_CLOCK) appClock.startAt(config.TEST_CLOCK);
  if (config.DATABASE_URL) return runHere(config, command, args);

  // The owner may stop between our claim and our question; then the directory is free to claim.
  for (let round = 0; round < 100; round++) {
    try {
      return await runHere(config, command, args);
    } catch (error) {
      if (!(error instanceof DataDirHeldError)) throw error;
      const reply = await askOwner(config.dataDir, { type: "run", command, args }).catch((lost: Error) => {
        throw new Plainly(
          `The process that holds ${config.dataDir} stopped while running "${command}" (${lost.message}); check whether it took effect before running it again.`,
        );
      });
      if (reply.type === "done") {
        if (reply.output) console.log(reply.output);
        console.error(ranBy(reply.holder, config.dataDir));
        return;
      }
      // The owner ran it and it failed (a usage error, a duplicate name): its message, as a local run prints it.
      if (reply.type === "failed") throw new Plainly(reply.error);
      if (reply.type === "not-serving") throw error;
      // "closing" or "no-owner": it is letting go; claim again.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Plainly(`${config.dataDir} kept changing owners; nothing was run. Try again.`);
}

/** Opens the database itself (on the embedded one: owns the directory meanwhile and serves other CLIs' commands). */
async function runHere(config: Config, command: string, args: string[]) {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
    claimAs: { role: "cli", command },
    // The same warning as the server's: a long command (an import, a seed) outlives a dropped connection.
    onConnectionError: (error) => console.warn(`database connection lost (${error.message}); the next query opens a new one`),
  });
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length && command !== "migrate") console.log(`Applied migrations: ${applied.join(", ")}`);
    const context = { db: database.db, store: createObjectStore(config, database.db), databaseKind: database.kind };
    database.owner?.serveCommands((other, otherArgs) => runOpsCommand(context, other, otherArgs));
    const output = command === "migrate" && applied.length ? `Applied migrations: ${applied.join(", ")}` : await runOpsCommand(context, command, args);
    if (output) console.log(output);
  } finally {
    await database.close();
  }
}

/**
 * `cli.js holder`: which process owns the embedded data directory. Exits 75 while one does, so that
 * `npm start` stops before rebuilding under a running portal.
 */
async function reportHolder(config: Config) {
  if (config.DATABASE_URL) return console.log("DATABASE_URL is set: any number of processes may use it.");
  const reply = await askOwner(config.dataDir, { type: "who" }, { timeoutMs: 5000 }).catch(() => null);
  if (reply?.type === "no-owner") return console.log(`No process holds the embedded database in ${config.dataDir}.`);
  console.error(new DataDirHeldError(config.dataDir, reply?.type === "who" ? reply.holder : undefined).message);
  process.exit(EXIT_DATA_DIR_HELD);
}

function ranBy(holder: Holder, dataDir: string) {
  const who =
    holder.role === "server"
      ? `the running portal (PID ${holder.pid}${holder.port ? `, port ${holder.port}` : ""})`
      : `"cli.js ${holder.command ?? ""}" (PID ${holder.pid})`;
  return `(run by ${who}, which holds ${dataDir})`;
}

main(process.argv[2], process.argv.slice(3)).catch((error) => {
  if (error instanceof BackupRefusal) {
    console.error(error.message);
    process.exit(error.exitCode);
  }
  const plain = error instanceof ConfigError || error instanceof DataDirHeldError || error instanceof Plainly || error instanceof OpsRefusal;
  console.error(plain ? error.message : error);
  process.exit(1);
});
