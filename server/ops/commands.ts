import path from "node:path";
import { parseArgs } from "node:util";
import { migrateToLatest } from "../db/database";
import { formatDemoAccounts, seedDemoData } from "../seed/demo-data";
import { createUser } from "../seed/create-user";
import { createBooth } from "../seed/create-booth";
import { redateDemo } from "../seed/redate-demo";
import { listReviewsCommand, reviewProfileCommand } from "../exhibitor/review-queue";
import { completeOrderCommand } from "../orders/order-actions";
import { badgeQuotaCommand } from "../badges/quota-command";
import { constructionSettingsCommand } from "../booth-construction/settings-command";
import { carriersCommand } from "../transport/carriers-command";
import { sweepUnreferencedFiles, UNREFERENCED_FILE_HOURS } from "../uploads/file-references";
import { sweepUnclaimedUploads, UNCLAIMED_UPLOAD_HOURS } from "../uploads/grants";
import { MixedDatabaseRefusal } from "../setup/database-kind";
import { accountCommands } from "./commands-accounts";
import { setupCommands } from "./commands-setup";
import { reminderCommands } from "./commands-reminders";
import { catalogueCommands } from "./commands-catalogue";
import { backupCommands } from "./commands-backup";
import { type OpsCommand, type OpsContext, OpsRefusal, type OptionValues } from "./command-types";

/**
 * The operators' commands (`node build/server/cli.js <command> …`). Each takes the database and
 * its parsed arguments and returns what to print; a throw is the failure to print (and exit 1). The
 * same table runs in the CLI's own process (PostgreSQL, or a free embedded directory) and, on the
 * embedded database, inside whichever process owns the directory (docs/decisions/027). Arguments
 * are parsed with node:util parseArgs (docs/decisions/032): every command takes --help (-h), an
 * unknown option is refused with the command's usage, and `--` ends the options (for a value that
 * starts with a dash).
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
  "create-user": {
    usage: "<username> <password> <admin|exhibitor|carrier> [business name] [...more groups of four]",
    summary: "add accounts with a password to the current exhibition",
    run: async ({ db }, args) => {
      // Groups of four: <username> <password> <role> <business name>; several accounts in one run.
      if (args.length < 3) throw new Error(`Usage: cli.js create-user ${commands["create-user"]!.usage}`);
      const groups = args.length === 3 ? [args] : Array.from({ length: Math.ceil(args.length / 4) }, (_, i) => args.slice(i * 4, i * 4 + 4));
      const lines = await Promise.all(
        groups.map(async ([username, password, role, businessName]) => {
          const id = await createUser(db, { username: username!, password: password!, role: role!, businessName });
          return `Created user ${username} (id ${id}).`;
        }),
      );
      return lines.join("\n");
    },
  },
  "create-booth": {
    usage: "<username> <boothNo> <hallCode> <1|2> [...more groups of four]",
    summary: "give an account a booth (1 standard, 2 raw space)",
    run: async ({ db }, args) => {
      // Groups of four: <username> <booth no> <hall code> <booth type 1|2>; several booths in one run.
      if (args.length < 4 || args.length % 4) throw new Error(`Usage: cli.js create-booth ${commands["create-booth"]!.usage}`);
      const lines: string[] = [];
      for (let i = 0; i < args.length; i += 4) {
        const [username, boothNo, hallCode, type] = args.slice(i, i + 4);
        const id = await createBooth(db, { username: username!, boothNo: boothNo!, hallCode: hallCode!, boothType: Number(type) });
        lines.push(`Created booth ${boothNo} for ${username} (id ${id}).`);
      }
      return lines.join("\n");
    },
  },
  "review-profile": {
    usage: "<username> approve|return [comment...]",
    summary: "decide on an exhibitor's submitted profile",
    run: ({ db }, args) => reviewProfileCommand(db, args),
  },
  "list-reviews": { usage: "", summary: "list the profiles waiting for review", run: ({ db }) => listReviewsCommand(db) },
  "complete-order": { usage: "<orderNo>", summary: "mark a service order completed", run: ({ db }, args) => completeOrderCommand(db, args) },
  "badge-quota": {
    usage: "[<exhibition code>] [free-base=<n> base-area=<n> step-area=<n> free-per-step=<n> paid-max=<n> price-cents=<n>]",
    summary: "show or change an exhibition's badge quota",
    run: ({ db }, args) => badgeQuotaCommand(db, args),
  },
  "construction-settings": {
    usage: "[<exhibition code>] [key=value ...]",
    summary: "show or change an exhibition's construction calendar",
    run: ({ db }, args) => constructionSettingsCommand(db, args),
  },
  carriers: {
    usage: "[<exhibition code>] <list|set|account|price|discount|lifting-fee> ...",
    summary: "appoint the exhibit-transport carriers, their prices and discounts",
    run: ({ db }, args) => carriersCommand(db, args),
  },
  // The portal sweeps every 10 minutes; this is for an operator who wants the space back now.
  "sweep-uploads": {
    usage: "",
    summary: "remove uploads never completed, expired upload signatures and completed files no record refers to now",
    run: async ({ db, store }, args) => {
      noArguments("sweep-uploads", args);
      const { objects, grants } = await sweepUnclaimedUploads(db, store);
      const unreferenced = await sweepUnreferencedFiles(db, store);
      return `Removed ${objects} upload(s) not completed within ${UNCLAIMED_UPLOAD_HOURS} hours, ${grants} expired signature(s), and ${unreferenced.files} completed file(s) no record referred to for ${UNREFERENCED_FILE_HOURS} hours.`;
    },
  },
  ...accountCommands,
  ...reminderCommands,
  ...setupCommands,
  ...catalogueCommands,
  ...backupCommands,
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
    .map(([option, config]) => `  --${option}${config.type === "string" ? " <value>" : ""}`);
  return [`Usage: cli.js ${name}${command.usage ? ` ${command.usage}` : ""}`, `  ${command.summary}`, ...options, "  --help, -h  this text"].join("\n");
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

/** The command's arguments parsed, or the refusal naming the command's usage. */
function parse(name: string, args: string[]) {
  try {
    const { values, positionals } = parseArgs({
      args,
      options: { help: { type: "boolean", short: "h" }, ...commands[name]!.options },
      allowPositionals: true,
      strict: true,
    });
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
  return commands[command]!.run(context, positionals, values);
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
