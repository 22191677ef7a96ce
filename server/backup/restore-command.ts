import path from "node:path";
import { parseArgs } from "node:util";
import type { Config } from "../config";
import { openDatabase } from "../db/database";
import { DataDirHeldError } from "../db/data-dir-owner";
import { createObjectStore } from "../uploads";
import { BackupRefusal, EXIT_BUSY } from "./archive";
import { describeArchive, describeRestore, restoreArchive, verifyArchive } from "./restore";

/**
 * `cli.js backup --verify <archive>` and `cli.js restore <archive>`: they read an archive, so they run in
 * the CLI's own process; a restore never runs inside a portal, and refuses a data directory a portal holds.
 * Answers null for any other command line.
 */
export async function runArchiveCommand(command: string, args: string[], config: () => Config): Promise<string | null> {
  if (command === "backup") {
    const { values } = parseArgs({
      args,
      options: { verify: { type: "string" }, to: { type: "string" }, help: { type: "boolean", short: "h" } },
      strict: false,
    });
    if (typeof values.verify !== "string") return null;
    const archive = path.resolve(values.verify);
    return describeArchive(archive, await verifyArchive(archive));
  }
  if (command !== "restore") return null;
  const { positionals } = parseArgs({ args, options: {}, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new BackupRefusal("Usage: cli.js restore <archive>");
  return restore(path.resolve(positionals[0]!), config());
}

async function restore(archive: string, config: Config): Promise<string> {
  // Checked before the target is opened: a damaged archive leaves the target untouched.
  const verified = await verifyArchive(archive);
  const description = config.DATABASE_URL ? "The PostgreSQL database of DATABASE_URL" : `The data directory ${config.dataDir}`;
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, claimAs: { role: "cli", command: "restore" } });
  } catch (error) {
    if (error instanceof DataDirHeldError)
      throw new BackupRefusal(
        `${error.message.split(". ")[0]}. A restore needs a data directory no process holds: stop it, or restore into a new DATA_DIR.`,
        EXIT_BUSY,
      );
    throw error;
  }
  try {
    const store = createObjectStore(config, database.db);
    const result = await restoreArchive(
      archive,
      {
        db: database.db,
        store,
        uploadsDir: config.STORAGE === "local" ? path.join(config.dataDir, "uploads") : undefined,
        description,
      },
      verified,
    );
    return describeRestore(archive, result);
  } finally {
    await database.close();
  }
}
