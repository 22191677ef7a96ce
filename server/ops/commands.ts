import path from "node:path";
import { type ParseArgsConfig, parseArgs } from "node:util";
import { migrateToLatest } from "../db/database";
import { formatDemoAccounts, seedDemoData } from "../seed/demo-data";
import { redateDemo } from "../seed/redate-demo";
import { listReviewsCommand, reviewProfileCommand } from "../exhibitor/review-queue";
import { completeOrderCommand } from "../orders/order-actions";
import { BADGE_QUOTA_OPTIONS, BADGE_QUOTA_USAGE, badgeQuotaCommand } from "../badges/quota-command";
import { CONSTRUCTION_SETTINGS_OPTIONS, CONSTRUCTION_SETTINGS_USAGE, constructionSettingsCommand } from "../booth-construction/settings-command";
import { CARRIERS_DETAILS, CARRIERS_OPTIONS, CARRIERS_USAGE, carriersCommand } from "../transport/carriers-command";
import { sweepUnreferencedFiles, UNREFERENCED_FILE_HOURS } from "../uploads/file-references";
import { FILE_REFERENCES } from "../domains";
import { sweepUnclaimedUploads, UNCLAIMED_UPLOAD_HOURS } from "../uploads/grants";
import { MixedDatabaseRefusal } from "../setup/database-kind";
import { accountCommands } from "./commands-accounts";
import { setupCommands } from "./commands-setup";
import { reminderCommands } from "./commands-reminders";
import { catalogueCommands } from "./commands-catalogue";
import { backupCommands } from "./commands-backup";
import { teamCommands } from "./commands-team";
import { visitorCommands } from "./commands-visitors";
import { type OpsCommand, type OpsContext, OpsRefusal, type OptionValues, UsageRefusal } from "./command-types";
import { optionName, textOption } from "./command-arguments";

/**
 * The operators' commands (`node build/server/cli.js <command> …`). Each takes the database and
 * its parsed arguments and returns what to print; a throw is the failure to print (and exit 1). The
 * same table runs in the CLI's own process (PostgreSQL, or a free embedded directory) and, on the
 * embedded database, inside whichever process owns the directory (docs/decisions/027). Arguments
 * are parsed with node:util parseArgs (docs/decisions/032), in one grammar (061): positionals name
 * the subject, every setting is an option the command declares. Every command takes --help (-h); an
 * unknown option, an option given twice, or a setting typed the old way (`key=value`) is refused with
 * the command's usage; `--` ends the options (for a value that starts with a dash).
 */
const noArguments = (name: string, args: string[]) => {
  if (args.length) throw new Error(`Usage: cli.js ${name}`);
};

const commands: Record<string, OpsCommand> = {
  migrate: {
    usage: "",
    summary: "apply the database migrations not applied yet",
    run: async ({ db }, args) => {
      noArguments("migrate", args);
      const applied = await migrateToLatest(db);
      return applied.length ? `Applied migrations: ${applied.join(", ")}` : "Database schema is up to date.";
    },
  },
  seed: {
    usage: "",
    summary: "load the demo exhibition (or add only missing menus, lists and services)",
    run: async ({ db, store }) => {
      const { created } = await seedDemoData(db, undefined, { store }).catch((error: unknown) => {
        // A real exhibition's database: refused with its own message, nothing changed.
        if (error instanceof MixedDatabaseRefusal) throw new OpsRefusal(error.message);
        throw error;
      });
      return created ? `Demo data loaded.\n${formatDemoAccounts()}` : "Demo data already present; added only missing menus, lists and services.";
    },
  },
  "redate-demo": {
    usage: "",
    summary: "move the demo exhibition's dates so that it is dated from today",
    run: async ({ db }) => {
      const { days, calendar } = await redateDemo(db);
      return days === 0
        ? `The demo exhibition is already dated from today (opens ${calendar.opensOn}).`
        : `Moved the demo exhibition's dates by ${days} day(s): it opens ${calendar.opensOn}, advance prices until ${calendar.advanceUntil}.`;
    },
  },
  "review-profile": {
    usage: "<username> approve|return [--comment <text>]",
    summary: "decide on an exhibitor's submitted profile (returning it needs a comment)",
    options: { comment: { type: "string" } },
    run: ({ db }, args, options) => reviewProfileCommand(db, args, textOption(options, "comment")),
  },
  "list-reviews": { usage: "", summary: "list the profiles waiting for review", run: ({ db }) => listReviewsCommand(db) },
  "complete-order": { usage: "<orderNo>", summary: "mark a service order completed", run: ({ db }, args) => completeOrderCommand(db, args) },
  "badge-quota": {
    usage: BADGE_QUOTA_USAGE,
    summary: "show or change an exhibition's badge quota",
    options: BADGE_QUOTA_OPTIONS,
    run: ({ db }, args, options) => badgeQuotaCommand(db, args, options),
  },
  "construction-settings": {
    usage: CONSTRUCTION_SETTINGS_USAGE,
    summary: "show or change an exhibition's construction calendar",
    options: CONSTRUCTION_SETTINGS_OPTIONS,
    run: ({ db }, args, options) => constructionSettingsCommand(db, args, options),
  },
  carriers: {
    usage: CARRIERS_USAGE,
    summary: "appoint the exhibit-transport carriers, their prices and discounts",
    details: CARRIERS_DETAILS,
    options: CARRIERS_OPTIONS,
    run: ({ db }, args, options) => carriersCommand(db, args, options),
  },
  // The portal sweeps every 10 minutes; this is for an operator who wants the space back now.
  "sweep-uploads": {
    usage: "",
    summary: "remove uploads never completed, expired upload signatures and completed files no record refers to now",
    run: async ({ db, store }, args) => {
      noArguments("sweep-uploads", args);
      const { objects, grants } = await sweepUnclaimedUploads(db, store);
      const unreferenced = await sweepUnreferencedFiles(db, store, FILE_REFERENCES);
      return `Removed ${objects} upload(s) not completed within ${UNCLAIMED_UPLOAD_HOURS} hours, ${grants} expired signature(s), and ${unreferenced.files} completed file(s) no record referred to for ${UNREFERENCED_FILE_HOURS} hours.`;
    },
  },
  ...accountCommands,
  ...reminderCommands,
  ...setupCommands,
  ...catalogueCommands,
  ...backupCommands,
  ...teamCommands,
  ...visitorCommands,
};

const opsCommandNames = Object.keys(commands);

export function isOpsCommand(name: string | undefined): name is string {
  return name !== undefined && Object.hasOwn(commands, name);
}

export function unknownCommandMessage(name: string | undefined) {
  const names = opsCommandNames.map((n) => `"${n}"`);
  return `Unknown command "${name ?? ""}". Use ${names.slice(0, -1).join(", ")} or ${names.at(-1)} (cli.js --help lists them).`;
}

function commandHelp(name: string) {
  const command = commands[name]!;
  const options = Object.entries(command.options ?? {})
    .filter(([option]) => !command.internalOptions?.includes(option))
    .map(([option, config]) => `  --${option}${config.type === "string" ? " <value>" : ""}${config.multiple ? " (once, or once per subject)" : ""}`);
  return [
    `Usage: cli.js ${name}${command.usage ? ` ${command.usage}` : ""}`,
    `  ${command.summary}`,
    ...(command.details ? [command.details] : []),
    ...options,
    "  --help, -h  this text",
  ].join("\n");
}

/** `cli.js --help`: every command with its usage and what it does. */
function allCommandsHelp() {
  const width = Math.max(...opsCommandNames.map((n) => n.length));
  return [
    "Usage: cli.js <command> [arguments] (cli.js <command> --help for one command)",
    `  ${"holder".padEnd(width + 2)}which process holds the embedded database`,
    ...opsCommandNames.map((name) => `  ${name.padEnd(width + 2)}${commands[name]!.summary}`),
  ].join("\n");
}

/** `key=value` as the old grammar had it, when `key` is one of the command's options now: the option to type instead. */
function oldSetting(name: string, positional: string) {
  const { options = {}, internalOptions = [] } = commands[name]!;
  const at = positional.indexOf("=");
  const option = at > 0 ? optionName(positional.slice(0, at)) : "";
  if (!option || !Object.hasOwn(options, option) || internalOptions.includes(option)) return null;
  const value = positional.slice(at + 1);
  const typed =
    options[option]!.type === "boolean"
      ? `--${option}`
      : value.startsWith("-")
        ? `--${option}=${value}`
        : `--${option} ${/^[^\s"']+$/.test(value) ? value : JSON.stringify(value)}`;
  return `Not understood: "${positional}" (settings are options: ${typed}).`;
}

/** The command's arguments parsed, or the refusal naming the command's usage. */
function parse(name: string, args: string[]) {
  const options: NonNullable<ParseArgsConfig["options"]> = { help: { type: "boolean", short: "h" }, ...commands[name]!.options };
  try {
    const { values, positionals, tokens } = parseArgs({ args, options, allowPositionals: true, strict: true, tokens: true });
    // parseArgs keeps the last of a repeated option: one given twice is a mistake unless it is declared `multiple`.
    const seen = new Set<string>();
    for (const token of tokens) {
      if (token.kind !== "option" || token.name === "help" || options[token.name]?.multiple) continue;
      if (seen.has(token.name)) throw new Error(`--${token.name} is given twice.`);
      seen.add(token.name);
    }
    const old = positionals.map((positional) => oldSetting(name, positional)).find(Boolean);
    if (old) throw new Error(old);
    return { values: values as OptionValues, positionals };
  } catch (error) {
    throw new OpsRefusal(`${(error as Error).message}\n${commandHelp(name)}`);
  }
}

/**
 * The help text when the command line asks for it (`cli.js --help`, `cli.js help`, `cli.js <command>
 * --help`), else null: answered before any database is opened.
 */
export function opsHelp(command: string | undefined, args: string[]): string | null {
  if (command === "--help" || command === "-h" || command === "help") return allCommandsHelp();
  if (!isOpsCommand(command)) return null;
  try {
    return parse(command, args).values.help ? commandHelp(command) : null;
  } catch {
    return null;
  }
}

export async function runOpsCommand(context: OpsContext, command: string, args: string[]): Promise<string> {
  if (!isOpsCommand(command)) throw new Error(unknownCommandMessage(command));
  const { values, positionals } = parse(command, args);
  if (values.help) return commandHelp(command);
  try {
    return await commands[command]!.run(context, positionals, values);
  } catch (error) {
    if (error instanceof UsageRefusal) throw new OpsRefusal(`${error.message}\n${commandHelp(command)}`);
    throw error;
  }
}

/** The command's arguments once its own questions are answered in this process (cli.ts), before it may run in another. */
export async function preparedArgs(command: string, args: string[]): Promise<string[]> {
  const prepare = isOpsCommand(command) ? commands[command]!.prepare : undefined;
  return prepare ? prepare(args) : args;
}

/** The command's file argument made absolute against this process's directory, before the command may run in another process. */
export function withAbsoluteFile(command: string, args: string[]): string[] {
  if (!isOpsCommand(command) || !commands[command]!.fileArgument) return args;
  try {
    const { tokens } = parseArgs({
      args,
      options: { help: { type: "boolean", short: "h" }, ...commands[command]!.options },
      allowPositionals: true,
      tokens: true,
    });
    const at = tokens.find((token) => token.kind === "positional")?.index;
    return at === undefined ? args : args.map((arg, i) => (i === at ? path.resolve(arg) : arg));
  } catch {
    // The run refuses the same arguments with the usage.
    return args;
  }
}
