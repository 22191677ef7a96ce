import { formatVisitorNo } from "../../app/contracts/promotion/visitors/values";
import { loadSessionSecrets } from "../auth/secrets";
import { appClock } from "../clock";
import { loadConfig } from "../config";
import { purgeVisitors } from "../leads/privacy";
import { passLinkOf } from "../leads/visitor-pass";
import { type OpsCommand, OpsRefusal, UsageRefusal } from "./command-types";

/**
 * `cli.js visitor-pass <mobile>` (the entrance desk's fallback: the pass link of a visitor of the
 * current exhibition, to open or print) and `cli.js purge-visitors --after-closing-days N [--dry-run]`
 * (every visitor's personal data, N days after an exhibition closed: docs/decisions/070).
 */
export const visitorCommands: Record<string, OpsCommand> = {
  "visitor-pass": {
    usage: "<mobile>",
    summary: "print a visitor's pass link (the desk's fallback when the SMS is lost)",
    run: async (context, args) => {
      const [typed, ...rest] = args;
      if (!typed || rest.length) throw new UsageRefusal("Usage: cli.js visitor-pass <mobile>");
      const mobile = typed.replace(/[\s-]+/g, "");
      const visitor = await context.db
        .selectFrom("visitors as v")
        .innerJoin("exhibitions as e", "e.id", "v.exhibition_id")
        .select(["v.exhibition_id", "v.visitor_no", "v.name", "v.company", "v.pass_key", "v.erased_at"])
        .where("v.mobile", "=", mobile)
        .where("e.is_current", "=", true)
        .orderBy("v.id", "desc")
        .executeTakeFirst();
      if (!visitor) throw new OpsRefusal(`No visitor of the current exhibition has the mobile ${mobile}.`);
      if (visitor.erased_at || !visitor.pass_key)
        throw new OpsRefusal(`Visitor ${formatVisitorNo(visitor.visitor_no)}'s personal data was deleted: the pass no longer works.`);
      const { config } = context.mail ?? { config: loadConfig() };
      const secrets = await loadSessionSecrets(context.db, config.sessionSecrets);
      const link = await passLinkOf({ db: context.db, config }, visitor.exhibition_id, visitor.pass_key, secrets);
      return `${formatVisitorNo(visitor.visitor_no)} ${visitor.name} (${visitor.company})\n${link}`;
    },
  },
  "purge-visitors": {
    usage: "--after-closing-days <N> [--dry-run]",
    summary: "delete every visitor's personal data of exhibitions closed N or more days ago",
    options: { "after-closing-days": { type: "string" }, "dry-run": { type: "boolean" } },
    run: async (context, args, options) => {
      const days = Number(options["after-closing-days"]);
      if (args.length || typeof options["after-closing-days"] !== "string" || !Number.isInteger(days) || days < 0 || days > 3650) {
        throw new UsageRefusal("Usage: cli.js purge-visitors --after-closing-days <N> [--dry-run] (N: whole days, 0 to 3650)");
      }
      const report = await purgeVisitors(context.db, days, options["dry-run"] === true, appClock.now());
      if (!report.exhibitions.length) return `No exhibition closed ${days} or more days ago: nothing to purge.`;
      const lines = report.exhibitions.map((e) => `  ${e.name} (closed ${e.endsOn}): ${e.visitors} visitors with personal data`);
      const verdict = report.dryRun ? "Dry run: nothing was changed." : `Erased the personal data of ${report.erased} visitors (recorded in the history).`;
      return [`Exhibitions closed ${days} or more days ago:`, ...lines, verdict].join("\n");
    },
  },
};
