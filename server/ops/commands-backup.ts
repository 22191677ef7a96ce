import path from "node:path";
import { loadConfig } from "../config";
import { describeBackup, takeBackup } from "../backup/backup";
import { describeArchive, verifyArchive } from "../backup/restore";
import { type OpsCommand, OpsRefusal } from "./command-types";

/**
 * `cli.js backup [--to DIR]` runs where the database is: on the embedded database inside the process
 * that owns it (the running portal), never in a second engine (decision 058). `backup --verify
 * <archive>` and `restore` read an archive and need no running portal: cli.ts runs them in its own
 * process (server/backup/restore-command.ts).
 */
export const backupCommands: Record<string, OpsCommand> = {
  backup: {
    usage: "[--to DIR] | --verify <archive>",
    summary: "write a backup archive of the database and the stored files (BACKUP_DIR by default), or check one",
    options: { to: { type: "string" }, verify: { type: "string" } },
    // The folder is named where the command was typed: made absolute here, before another process runs it.
    prepare: async (args) => {
      const at = args.findIndex((arg) => arg === "--to" || arg.startsWith("--to="));
      if (at < 0) return args.some((arg) => arg.startsWith("--verify")) ? args : [...args, "--to", loadConfig().backupDir];
      if (args[at]!.startsWith("--to=")) return args.map((arg, i) => (i === at ? `--to=${path.resolve(arg.slice(5))}` : arg));
      return args.map((arg, i) => (i === at + 1 ? path.resolve(arg) : arg));
    },
    run: async ({ db, store, databaseKind }, positionals, options) => {
      if (positionals.length) throw new OpsRefusal("Usage: cli.js backup [--to DIR] | --verify <archive>");
      if (typeof options.verify === "string") return describeArchive(options.verify, await verifyArchive(options.verify));
      const folder = typeof options.to === "string" ? options.to : loadConfig().backupDir;
      return describeBackup(await takeBackup({ db, store, databaseKind: databaseKind ?? "postgres" }, folder, { trigger: "command" }));
    },
  },
  restore: {
    usage: "<archive>",
    summary: "restore a backup archive into an empty DATA_DIR or an empty PostgreSQL database (no portal running on it)",
    fileArgument: true,
    run: async () => {
      throw new OpsRefusal("restore runs only in its own process (cli.js restore <archive>), never in a running portal.");
    },
  },
};
