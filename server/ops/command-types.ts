import type { ParseArgsConfig } from "node:util";
import type { Database } from "../db/database";
import type { ObjectStore } from "../uploads/object-store";

/** What an ops command runs with (server/ops/commands.ts): the database and the object store. */
export type OpsContext = { db: Database; store: ObjectStore };
export type OptionValues = Record<string, string | boolean | undefined>;
export type OpsCommand = {
  /** The arguments after the command's name, e.g. "<file.xlsx> [--dry-run]". */
  usage: string;
  /** One line for `cli.js --help`. */
  summary: string;
  /** Its first positional is a file path, made absolute where the command line was typed (cli.ts). */
  fileArgument?: true;
  /** Options besides --help. */
  options?: NonNullable<ParseArgsConfig["options"]>;
  run: (context: OpsContext, args: string[], options: OptionValues) => Promise<string>;
};

/** A command's refusal (usage, a bad file): its message says it all, printed without a stack trace. */
export class OpsRefusal extends Error {}
