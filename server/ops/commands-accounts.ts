import fs from "node:fs/promises";
import { parseArgs } from "node:util";
import { commandExhibition } from "./command-exhibition";
import { rowErrorLines } from "../../app/contracts/accounts/row-errors.server";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import { checkExhibitorFile, saveExhibitors } from "../accounts/exhibitor-import";
import { exhibitorTemplate } from "../accounts/exhibitor-template";
import { createInvitationBatch, runInvitationBatch } from "../accounts/invitation-batches";
import { invitationCounts, invitationTargets, sendInvitations } from "../accounts/invitations";
import { ApiError } from "../api/envelope";
import { loadConfig } from "../config";
import { createLogger } from "../logger";
import { createNotifier } from "../notify";
import { type OpsCommand, type OpsContext, OpsRefusal, type OptionValues, UsageRefusal } from "./command-types";
import { perSubject } from "./command-arguments";
import { readPasswordLines, withoutPasswordFile } from "./password-file";
import { createUser } from "../seed/create-user";
import { createBooth } from "../seed/create-booth";
import { refusesRealOperation } from "../setup/database-kind";

/**
 * The accounts' ops commands (issue 39, decision 032): the exhibitor import's template and the
 * import itself, the same rules as the organizer's page. The file is read (or written) by the
 * process that runs the command: on the embedded database that may be the running portal, on the
 * same machine; cli.ts makes the path absolute before handing it over. Also create-user and
 * create-booth, for accounts with a password and their booths (the e2e server's throwaway exhibitors):
 * several in one run, as a command run on the embedded database costs seconds (decision 061).
 */
const LANGUAGE_OPTION = { lang: { type: "string" } } as const;

function languageOf(options: OptionValues): Language {
  const lang = options.lang ?? "en";
  if (lang !== "en" && lang !== "zh") throw new OpsRefusal(`--lang is zh or en; got "${String(lang)}".`);
  return lang;
}

function oneFile(args: string[], usage: string) {
  if (args.length !== 1 || !args[0]) throw new OpsRefusal(`Usage: ${usage}`);
  return args[0];
}

/** How a command mails: the context's, else the process's own configuration (the outbox or SMTP_URL). */
export function mailerOf(context: OpsContext) {
  if (context.mail) return { db: context.db, ...context.mail };
  const config = loadConfig();
  // Warnings and failures only: the command prints who got what itself.
  const level = config.LOG_LEVEL === "silent" || config.LOG_LEVEL === "fatal" || config.LOG_LEVEL === "error" ? config.LOG_LEVEL : "warn";
  const logger = createLogger(level);
  return { db: context.db, config, notifier: createNotifier({ config, db: context.db, logger }), logger };
}

const SEND_USAGE = "cli.js send-invitations --all | <exhibitor number> [...]";

const TEMPLATE_USAGE = "cli.js exhibitor-template <file.xlsx> [--lang zh|en]";
const IMPORT_USAGE = "cli.js import-exhibitors <file.xlsx> [--dry-run] [--lang zh|en]";

/** The user names of create-user and create-booth: at least one, and no word that cannot be one (a business name without its option). */
function usernames(args: string[]) {
  if (!args.length) throw new UsageRefusal("No user name.");
  const odd = args.find((name) => !name || /[\s=]/.test(name));
  if (odd !== undefined) throw new UsageRefusal(`Not understood: "${odd}" (a user name has no spaces or "=").`);
  return args;
}

/** The options a run needs, or the refusal naming the missing ones. */
function required(values: OptionValues, names: string[]) {
  const missing = names.filter((name) => values[name] === undefined);
  if (missing.length) throw new UsageRefusal(`Missing ${missing.map((name) => `--${name}`).join(", ")}.`);
}

const CREATE_USER_OPTIONS = {
  password: { type: "string", multiple: true },
  "password-file": { type: "string" },
  role: { type: "string", multiple: true },
  "business-name": { type: "string", multiple: true },
} as const;

export const accountCommands: Record<string, OpsCommand> = {
  "create-user": {
    usage: "<username> [<username> ...] (--password <password> | --password-file <file>|-) --role <admin|exhibitor|carrier> [--business-name <name>]",
    summary: "add accounts with a password to the current exhibition (the business name is the user name unless given)",
    details: [
      "  Several user names: each option given once holds for all of them, or once per user name in their order.",
      "  --password-file: one line for all the user names, or one line per user name in their order (- reads standard input);",
      "  it keeps the passwords out of the shell's history and the process list.",
    ].join("\n"),
    options: CREATE_USER_OPTIONS,
    // The file is read here, where the command was typed; its lines go on as --password values to whichever process runs it.
    prepare: async (args) => {
      let file: string | boolean | undefined;
      let typed: unknown;
      try {
        const { values } = parseArgs({
          args,
          options: { ...CREATE_USER_OPTIONS, help: { type: "boolean", short: "h" } },
          allowPositionals: true,
          strict: true,
        });
        file = values["password-file"];
        typed = values.password;
      } catch {
        return args; // the run refuses them with the usage
      }
      if (typeof file !== "string") return args;
      if (typed !== undefined) throw new UsageRefusal("Give --password or --password-file, not both.");
      const passwords = await readPasswordLines(file, "no user was created");
      return [...withoutPasswordFile(args), ...passwords.flatMap((password) => ["--password", password])];
    },
    run: async ({ db }, args, options) => {
      if (options["password-file"] !== undefined) throw new UsageRefusal("--password-file is read by cli.js where it is typed.");
      required(options, ["password", "role"]);
      const names = usernames(args);
      const passwords = perSubject(options, "password", names, "user names");
      const roles = perSubject(options, "role", names, "user names");
      const businessNames = perSubject(options, "business-name", names, "user names");
      // In parallel: each password's hash takes a while, and the e2e server makes its accounts in one run.
      const lines = await Promise.all(
        names.map(async (username, i) => {
          const id = await createUser(db, { username, password: passwords[i]!, role: roles[i]!, businessName: businessNames[i] });
          return `Created user ${username} (id ${id}).`;
        }),
      );
      return lines.join("\n");
    },
  },
  "create-booth": {
    usage: "<username> [<username> ...] --booth <booth no> --hall <hall code> --type <1|2>",
    summary: "give an account a booth (type 1 standard, 2 raw space)",
    details: "  Several user names: each option given once holds for all of them, or once per user name in their order.",
    options: { booth: { type: "string", multiple: true }, hall: { type: "string", multiple: true }, type: { type: "string", multiple: true } },
    run: async ({ db }, args, options) => {
      required(options, ["booth", "hall", "type"]);
      const names = usernames(args);
      const booths = perSubject(options, "booth", names, "user names");
      const halls = perSubject(options, "hall", names, "user names");
      const types = perSubject(options, "type", names, "user names");
      // A booth number is one booth's: several user names need one each.
      if (new Set(booths).size < names.length) throw new UsageRefusal("A booth number is one booth's: give --booth once for each user name, in their order.");
      const odd = types.find((type) => type !== "1" && type !== "2");
      if (odd !== undefined) throw new UsageRefusal(`--type is 1 (standard) or 2 (raw space); got "${odd}".`);
      const lines: string[] = [];
      for (const [i, username] of names.entries()) {
        const id = await createBooth(db, { username, boothNo: booths[i]!, hallCode: halls[i]!, boothType: Number(types[i]) });
        lines.push(`Created booth ${booths[i]} for ${username} (id ${id}).`);
      }
      return lines.join("\n");
    },
  },
  "exhibitor-template": {
    usage: "<file.xlsx> [--lang zh|en]",
    summary: "write the exhibitor import's Excel template (headers in Chinese and English)",
    fileArgument: true,
    options: LANGUAGE_OPTION,
    run: async (_context, args, options) => {
      const file = oneFile(args, TEMPLATE_USAGE);
      await fs.writeFile(file, await exhibitorTemplate(languageOf(options)));
      return `Wrote the exhibitor import template to ${file}.`;
    },
  },
  "import-exhibitors": {
    usage: "<file.xlsx> [--dry-run] [--lang zh|en]",
    summary: "import exhibitors and booths from Excel: all rows in one transaction, or none (--dry-run checks only)",
    fileArgument: true,
    options: { "dry-run": { type: "boolean" }, ...LANGUAGE_OPTION },
    run: async ({ db }, args, options) => {
      const file = oneFile(args, IMPORT_USAGE);
      const language = languageOf(options);
      const bytes = await fs.readFile(file).catch((error: NodeJS.ErrnoException) => {
        throw new OpsRefusal(`Cannot read ${file} (${error.code ?? error.message}); nothing was imported.`);
      });
      const exhibition = await commandExhibition(db);
      if (await refusesRealOperation(db, loadConfig())) throw new OpsRefusal(translate(language, "setup.importRefusedOnDemo"));
      let checked: Awaited<ReturnType<typeof checkExhibitorFile>>;
      try {
        checked = await checkExhibitorFile(db, exhibition.id, bytes, language);
      } catch (error) {
        if (error instanceof ApiError) throw new OpsRefusal(`${file}: ${translate(language, error.messageKey, error.values)}`);
        throw error;
      }
      const { plan, errors, totalRows } = checked;
      if (errors.length) {
        const failedRows = new Set(errors.map((e) => e.row)).size;
        throw new OpsRefusal(
          [`${file}: ${translate(language, "accounts.import.rowsFailed", { count: failedRows })}`, ...rowErrorLines(language, errors)].join("\n"),
        );
      }
      if (options["dry-run"]) {
        const exhibitors = [...plan.exhibitors.values()];
        const created = exhibitors.filter((e) => e.userId === null).length;
        const newBooths = plan.booths.filter((b) => b.boothId === null).length;
        return `${file}: ${totalRows} rows are good (dry run, nothing saved): ${created} new and ${exhibitors.length - created} updated exhibitors, ${newBooths} new and ${plan.booths.length - newBooths} updated booths in ${exhibition.code}.`;
      }
      const counts = await saveExhibitors(db, exhibition.id, plan);
      return `${file}: ${translate(language, "accounts.import.imported", counts)}`;
    },
  },
  "send-invitations": {
    usage: "--all | <exhibitor number> [...]",
    summary: "send invitation links (e-mail, and SMS where a mobile is known) to the exhibitors named, or --all not activated yet",
    options: { all: { type: "boolean" } },
    run: async (context, args, options) => {
      const all = options.all === true;
      if (all === args.length > 0) throw new OpsRefusal(`Usage: ${SEND_USAGE}`);
      const exhibition = await commandExhibition(context.db);
      const mailer = mailerOf(context);
      if (await refusesRealOperation(context.db, mailer.config)) throw new OpsRefusal(translate("en", "setup.inviteRefusedOnDemo"));
      const { targets, unknown } = await invitationTargets(context.db, exhibition.id, all ? { all: true } : { usernames: args });
      if (unknown.length) throw new OpsRefusal(`No exhibitor ${unknown.join(", ")} in ${exhibition.code}; nothing was sent.`);
      // --all is a batch, sent here and now, so the organizer's page shows its progress and result too.
      const result =
        all && targets.length
          ? await runInvitationBatch(
              mailer,
              await createInvitationBatch(
                context.db,
                exhibition.id,
                null,
                targets.map((t) => t.id),
              ),
            )
          : await sendInvitations(mailer, targets);
      const channels = (s: { email: boolean; sms: boolean }) => [s.email ? "e-mail" : "", s.sms ? "SMS" : ""].filter(Boolean).join(" and ");
      const lines = [
        ...result.sent.map((s) => `Sent ${s.username} a link by ${channels(s)} (${s.language}).`),
        ...result.skippedActivated.map((name) => `Skipped ${name}: already activated.`),
        ...result.skippedNoContact.map((name) => `Skipped ${name}: no e-mail or mobile.`),
        ...result.failed.map((name) => `Failed ${name}: no message could be delivered (see the log); send again.`),
        `${translate("en", "accounts.invite.result", invitationCounts(result))}.`,
      ];
      if (result.failed.length) throw new OpsRefusal(lines.join("\n"));
      return lines.join("\n");
    },
  },
};
