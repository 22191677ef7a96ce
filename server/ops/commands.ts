import type { Database } from "../db/database";
import { migrateToLatest } from "../db/database";
import type { ObjectStore } from "../uploads/object-store";
import { formatDemoAccounts, seedDemoData } from "../seed/demo-data";
import { createUser } from "../seed/create-user";
import { createBooth } from "../seed/create-booth";
import { redateDemo } from "../seed/redate-demo";
import { listReviewsCommand, reviewProfileCommand } from "../exhibitor/review-queue";
import { completeOrderCommand } from "../orders/order-actions";
import { badgeQuotaCommand } from "../badges/quota-command";
import { constructionSettingsCommand } from "../booth-construction/settings-command";
import { carriersCommand } from "../transport/carriers-command";
import { sweepUnclaimedUploads, UNCLAIMED_UPLOAD_HOURS } from "../uploads/grants";

/**
 * The operators' commands (`node build/server/cli.js <command> …`). Each takes the database and
 * its arguments and returns what to print; a throw is the failure to print. The same table runs in
 * the CLI's own process (PostgreSQL, or a free embedded directory) and, on the embedded database,
 * inside whichever process owns the directory (docs/decisions/027).
 */
export type OpsContext = { db: Database; store: ObjectStore };
type OpsCommand = (context: OpsContext, args: string[]) => Promise<string>;

const commands: Record<string, OpsCommand> = {
  migrate: async ({ db }) => {
    const applied = await migrateToLatest(db);
    return applied.length ? `Applied migrations: ${applied.join(", ")}` : "Database schema is up to date.";
  },
  seed: async ({ db, store }) => {
    const { created } = await seedDemoData(db, undefined, { store });
    return created ? `Demo data loaded.\n${formatDemoAccounts()}` : "Demo data already present; added only missing menus, lists and services.";
  },
  "redate-demo": async ({ db }) => {
    const { days, calendar } = await redateDemo(db);
    return days === 0
      ? `The demo exhibition is already dated from today (opens ${calendar.opensOn}).`
      : `Moved the demo exhibition's dates by ${days} day(s): it opens ${calendar.opensOn}, advance prices until ${calendar.advanceUntil}.`;
  },
  "create-user": async ({ db }, args) => {
    // Groups of four: <username> <password> <role> <business name>; several accounts in one run.
    if (args.length < 3) throw new Error("Usage: cli.js create-user <username> <password> <admin|exhibitor|carrier> [business name] [...more groups of four]");
    const groups = args.length === 3 ? [args] : Array.from({ length: Math.ceil(args.length / 4) }, (_, i) => args.slice(i * 4, i * 4 + 4));
    const lines = await Promise.all(
      groups.map(async ([username, password, role, businessName]) => {
        const id = await createUser(db, { username: username!, password: password!, role: role!, businessName });
        return `Created user ${username} (id ${id}).`;
      }),
    );
    return lines.join("\n");
  },
  "create-booth": async ({ db }, args) => {
    // Groups of four: <username> <booth no> <hall code> <booth type 1|2>; several booths in one run.
    if (args.length < 4 || args.length % 4) throw new Error("Usage: cli.js create-booth <username> <boothNo> <hallCode> <1|2> [...more groups of four]");
    const lines: string[] = [];
    for (let i = 0; i < args.length; i += 4) {
      const [username, boothNo, hallCode, type] = args.slice(i, i + 4);
      const id = await createBooth(db, { username: username!, boothNo: boothNo!, hallCode: hallCode!, boothType: Number(type) });
      lines.push(`Created booth ${boothNo} for ${username} (id ${id}).`);
    }
    return lines.join("\n");
  },
  "review-profile": ({ db }, args) => reviewProfileCommand(db, args),
  "list-reviews": ({ db }) => listReviewsCommand(db),
  "complete-order": ({ db }, args) => completeOrderCommand(db, args),
  "badge-quota": ({ db }, args) => badgeQuotaCommand(db, args),
  "construction-settings": ({ db }, args) => constructionSettingsCommand(db, args),
  carriers: ({ db }, args) => carriersCommand(db, args),
  // The portal sweeps every 10 minutes; this is for an operator who wants the space back now.
  "sweep-uploads": async ({ db, store }, args) => {
    if (args.length) throw new Error("Usage: cli.js sweep-uploads");
    const { objects, grants } = await sweepUnclaimedUploads(db, store);
    return `Removed ${objects} upload(s) not completed within ${UNCLAIMED_UPLOAD_HOURS} hours, and ${grants} expired signature(s).`;
  },
};

const opsCommandNames = Object.keys(commands);

export function isOpsCommand(name: string | undefined): name is string {
  return name !== undefined && Object.hasOwn(commands, name);
}

export function unknownCommandMessage(name: string | undefined) {
  const names = opsCommandNames.map((n) => `"${n}"`);
  return `Unknown command "${name ?? ""}". Use ${names.slice(0, -1).join(", ")} or ${names.at(-1)}.`;
}

export async function runOpsCommand(context: OpsContext, command: string, args: string[]): Promise<string> {
  if (!isOpsCommand(command)) throw new Error(unknownCommandMessage(command));
  return commands[command]!(context, args);
}
