import { exhibitionDateTime } from "../../app/contracts/common/exhibition-time";
import { loadConfig } from "../config";
import { createLogger } from "../logger";
import { createNotifier } from "../notify";
import { dueReminders, runSweep } from "../reminders/send";
import { type OpsCommand, OpsRefusal } from "./command-types";

/**
 * `cli.js remind [--dry-run]` (decision 034): the reminder sweep now, as the portal runs it every 10
 * minutes: the same claim-then-send, so a reminder already sent (by the portal or an earlier run) is
 * not sent again. --dry-run lists who would get which reminder and sends nothing.
 */
export const reminderCommands: Record<string, OpsCommand> = {
  remind: {
    usage: "[--dry-run]",
    summary: "send the checklist reminders due now (--dry-run lists them and sends nothing)",
    options: { "dry-run": { type: "boolean" } },
    run: async ({ db }, args, options) => {
      if (args.length) throw new OpsRefusal("Usage: cli.js remind [--dry-run]");
      if (options["dry-run"]) {
        const due = await dueReminders(db);
        if (!due.length) return "No reminder is due now.";
        const lines = due.map((r) => {
          const contacts =
            [r.recipient.email?.trim() ? "e-mail" : "", r.recipient.phone?.trim() ? "SMS" : ""].filter(Boolean).join(" + ") || "no contact: skipped";
          return `${r.recipient.username}\t${r.kind}\t${r.item.title_en || r.item.title_zh} (due ${exhibitionDateTime(r.item.deadline)} UTC+8)\t${contacts}`;
        });
        return [`${due.length} reminder(s) due (nothing sent):`, ...lines].join("\n");
      }
      const config = loadConfig();
      const logger = createLogger(config.LOG_LEVEL);
      const result = await runSweep({ db, config, logger, notifier: createNotifier({ config, db, logger }) });
      return `Sent ${result.sent} of ${result.due} reminder(s) due (the others were already sent or have no contact).`;
    },
  },
};
