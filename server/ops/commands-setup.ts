import readline from "node:readline/promises";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { MixedDatabaseRefusal } from "../setup/database-kind";
import { passwordProblem, SetupRefusal, setupRealExhibition } from "../setup/real-exhibition";
import { type OpsCommand, OpsRefusal } from "./command-types";
import { readPasswordLines, withoutPasswordFile } from "./password-file";

/**
 * `cli.js setup` (issue 52, docs/decisions/054): a real exhibition's first start. The values come from
 * options or, on a terminal, from questions; the password is typed without echo (twice), or read
 * from --password-file (a file, or "-" for standard input). The questions are asked by the CLI's own
 * process (prepare), which then hands the command with its values to whichever process runs it (on
 * the embedded database, possibly the running portal).
 */
const QUESTIONS = [
  ["code", "Exhibition code (letters and digits, e.g. EXPO2027)"],
  ["name-zh", "Exhibition name in Chinese"],
  ["name-en", "Exhibition name in English"],
  ["starts-on", "Opening day (YYYY-MM-DD)"],
  ["ends-on", "Closing day (YYYY-MM-DD)"],
  ["venue-zh", "Venue in Chinese (optional, Enter to skip)"],
  ["venue-en", "Venue in English (optional, Enter to skip)"],
  ["public-url", "Public address people open the portal at (https://…)"],
  ["username", "User name of the first organizer account"],
] as const;
const OPTIONAL = new Set(["venue-zh", "venue-en"]);
const REQUIRED = QUESTIONS.map(([name]) => name).filter((name) => !OPTIONAL.has(name));

const options = {
  ...Object.fromEntries(QUESTIONS.map(([name]) => [name, { type: "string" as const }])),
  "password-file": { type: "string" },
  /** Internal: set by prepare from the typed or read password; refused when typed on the command line. */
  password: { type: "string" },
} as const;

const USAGE =
  "--code <code> --name-zh <name> --name-en <name> --starts-on <YYYY-MM-DD> --ends-on <YYYY-MM-DD> [--venue-zh <venue>] [--venue-en <venue>] --public-url <https://…> --username <name> [--password-file <file>|-]";

/** What a terminal shows while a password is typed: nothing. */
const silent = new Writable({ write: (_chunk, _encoding, done) => done() });

async function askHidden(question: string) {
  process.stdout.write(question);
  const reader = readline.createInterface({ input: process.stdin, output: silent, terminal: true });
  try {
    return await reader.question("");
  } finally {
    reader.close();
    process.stdout.write("\n");
  }
}

/** The first line of the password file, as `echo secret > file` or a secrets manager writes it. */
async function readPassword(source: string) {
  return (await readPasswordLines(source, "nothing was set up"))[0] ?? "";
}

export const setupCommands: Record<string, OpsCommand> = {
  setup: {
    usage: USAGE,
    summary: "set up the real exhibition and its first organizer account (once, on an empty database; asks on a terminal)",
    options,
    internalOptions: ["password"],
    async prepare(args) {
      let values: Record<string, string | boolean | undefined>;
      try {
        values = parseArgs({ args, options: { ...options, help: { type: "boolean", short: "h" } }, allowPositionals: true, strict: true }).values;
      } catch {
        return args; // the run refuses them with the usage
      }
      if (values.help) return args;
      if (values.password !== undefined) {
        throw new OpsRefusal(
          "--password is not taken on the command line (it would stay in the shell's history): type it when asked, or use --password-file <file> (- reads standard input).",
        );
      }
      const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
      const answers: string[] = [];
      if (interactive) {
        const reader = readline.createInterface({ input: process.stdin, output: process.stdout });
        try {
          for (const [name, question] of QUESTIONS) {
            if (typeof values[name] === "string") continue;
            const answer = (await reader.question(`${question}: `)).trim();
            if (answer) answers.push(`--${name}`, answer);
          }
        } finally {
          reader.close();
        }
      }
      let password: string;
      const file = values["password-file"];
      if (typeof file === "string") password = await readPassword(file);
      else if (interactive) {
        const username = typeof values.username === "string" ? values.username : (answers[answers.indexOf("--username") + 1] ?? "");
        password = await askHidden("Password of the organizer account (not shown): ");
        const problem = passwordProblem(password, username.trim());
        if (problem) throw new OpsRefusal(`${problem} Nothing was set up.`);
        if ((await askHidden("The same password again: ")) !== password) throw new OpsRefusal("The two passwords differ. Nothing was set up.");
      } else {
        throw new OpsRefusal("No password: run setup on a terminal to type it, or give --password-file <file> (- reads standard input). Nothing was set up.");
      }
      return [...withoutPasswordFile(args), ...answers, `--password=${password}`];
    },
    run: async ({ db }, args, values) => {
      if (args.length) throw new OpsRefusal(`setup takes options only.\nUsage: cli.js setup ${USAGE}`);
      const missing = REQUIRED.filter((name) => typeof values[name] !== "string" || !values[name]);
      if (missing.length) throw new OpsRefusal(`Missing ${missing.map((name) => `--${name}`).join(", ")}. Nothing was set up.\nUsage: cli.js setup ${USAGE}`);
      if (typeof values.password !== "string")
        throw new OpsRefusal("No password: run setup on a terminal to type it, or give --password-file <file> (- reads standard input). Nothing was set up.");
      const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
      try {
        const done = await setupRealExhibition(db, {
          code: text("code"),
          nameZh: text("name-zh"),
          nameEn: text("name-en"),
          startsOn: text("starts-on"),
          endsOn: text("ends-on"),
          venueZh: text("venue-zh"),
          venueEn: text("venue-en"),
          username: text("username"),
          password: values.password,
          publicUrl: text("public-url"),
        });
        return [
          `Set up the exhibition ${done.code} with its organizer account ${done.username} (roleId 1).`,
          `Sign in at ${new URL("/login", done.publicUrl)}; the organizer's pages hold the rest of the settings.`,
        ].join("\n");
      } catch (error) {
        if (error instanceof SetupRefusal || error instanceof MixedDatabaseRefusal) throw new OpsRefusal(error.message);
        throw error;
      }
    },
  },
};
