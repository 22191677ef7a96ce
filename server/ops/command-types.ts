import type { ParseArgsConfig } from "node:util";
import type { Database } from "../db/database";
import type { ApiDeps } from "../api/context";
import type { ObjectStore } from "../uploads/object-store";

/**
 * What an ops command runs with (server/ops/commands.ts): the database and the object store, and
 * optionally how to send mail (else a command that mails builds it from the process's configuration).
 */
export type OpsContext = {
  db: Database;
  store: ObjectStore;
  /** Which database the command runs on (a backup records it). */
  databaseKind?: "pglite" | "postgres";
  mail?: Pick<ApiDeps, "config" | "notifier" | "logger">;
};
/** The parsed options: a string, a flag, or every value of an option declared `multiple`. */
export type OptionValues = Record<string, string | boolean | string[] | undefined>;
export type OpsCommand = {
  /** The arguments after the command's name, e.g. "<file.xlsx> [--dry-run]". */
  usage: string;
  /** One line for `cli.js --help`. */
  summary: string;
  /** More lines for `cli.js <command> --help` and under a refusal of its arguments, e.g. its subcommands. */
  details?: string;
  /** Its first positional is a file path, made absolute where the command line was typed (cli.ts). */
  fileArgument?: true;
  /** Options besides --help. */
  options?: NonNullable<ParseArgsConfig["options"]>;
  /** Options the CLI's own process sets (prepare), left out of --help. */
  internalOptions?: string[];
  /**
   * Runs in the CLI's own process before the command may be sent to the process that owns the
   * database (cli.ts): asks on the terminal for what is missing, reads standard input; returns the
   * arguments to run with.
   */
  prepare?: (args: string[]) => Promise<string[]>;
  run: (context: OpsContext, args: string[], options: OptionValues) => Promise<string>;
};

/** A command's refusal (usage, a bad file): its message says it all, printed without a stack trace. */
export class OpsRefusal extends Error {}

/** A refusal of the arguments themselves: runOpsCommand prints the command's usage (its --help) under it. */
export class UsageRefusal extends OpsRefusal {}
