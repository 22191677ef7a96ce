import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { EXHIBITOR_ROLE_ID } from "../../app/contracts/permission/roles";
import { type Grants, isArea, MEMBER_AREAS } from "../../app/contracts/team/areas";
import { historyQuerySchema, inviteMemberSchema } from "../../app/contracts/team/schema";
import { ApiError } from "../api/envelope";
import { sendActivation } from "../auth/password-links";
import type { Database } from "../db/database";
import { historyWorkbook } from "../team/history-read";
import { type HistoryActor, recordHistory } from "../team/history-record";
import { changeGrants, inviteMember, revokeMember, teamOf, type TeamOwner } from "../team/members";
import { mailerOf } from "./commands-accounts";
import { type OpsCommand, OpsRefusal, UsageRefusal } from "./command-types";
import { translate } from "../../app/contracts/i18n/translate.server";

/**
 * `cli.js team` and `cli.js history` (docs/decisions/069): an exhibitor's team from the command line
 * (list, invite, grant, revoke: the same rules as the team page, recorded in the history as the
 * command line's), and the history as a workbook.
 */
const CLI_ACTOR: HistoryActor = { userId: null, label: "cli.js", company: null, role: "system", onBehalfOf: null };
const TEAM_USAGE =
  "<exhibitorNo> list | invite <username> --name <name> [--email <e-mail>] [--mobile <mobile>] [--grant area=read|edit]… | grant <username> [--grant area=read|edit]… | revoke <username>";

async function ownerOf(db: Database, exhibitorNo: string): Promise<TeamOwner> {
  const owner = await db
    .selectFrom("users")
    .select(["id", "exhibition_id"])
    .where(sql<string>`lower(username)`, "=", exhibitorNo.toLowerCase())
    .where("role_id", "=", EXHIBITOR_ROLE_ID)
    .executeTakeFirst();
  if (!owner) throw new OpsRefusal(`No exhibitor account ${exhibitorNo}; nothing was changed.`);
  return { userId: owner.id, exhibitionId: owner.exhibition_id };
}

/** --grant area=level, repeated; an unknown area or level is refused with the list of areas. */
function grantsOf(values: string[] | undefined): Grants {
  const grants: Grants = {};
  for (const value of values ?? []) {
    const [area, level] = value.split("=");
    if (!isArea(area) || !MEMBER_AREAS.includes(area) || (level !== "read" && level !== "edit")) {
      throw new UsageRefusal(`Unknown grant "${value}". Areas: ${MEMBER_AREAS.join(", ")}; levels: read, edit.`);
    }
    grants[area] = level;
  }
  return grants;
}

async function memberIdOf(db: Database, owner: TeamOwner, username: string) {
  const member = (await teamOf(db, owner)).members.find((m) => m.username.toLowerCase() === username.toLowerCase());
  if (!member) throw new OpsRefusal(`${username} is not on this exhibitor's team; nothing was changed.`);
  return member;
}

/** The rules' refusals (a taken user name, a revoked member) in English, as the command prints them. */
async function plainly<T>(run: () => Promise<T>): Promise<T> {
  return run().catch((error: unknown) => {
    if (error instanceof ApiError) throw new OpsRefusal(`${translate("en", error.messageKey, error.values)}; nothing was changed.`);
    throw error;
  });
}

export const teamCommands: Record<string, OpsCommand> = {
  team: {
    usage: TEAM_USAGE,
    summary: "list an exhibitor's team, invite a member, change or revoke a member's grants",
    details: `Areas: ${MEMBER_AREAS.join(", ")}.`,
    options: { name: { type: "string" }, email: { type: "string" }, mobile: { type: "string" }, grant: { type: "string", multiple: true } },
    run: async (context, args, options) => {
      const { db } = context;
      const [exhibitorNo, action = "list", username] = args;
      if (!exhibitorNo) throw new UsageRefusal(`Usage: cli.js team ${TEAM_USAGE}`);
      const owner = await ownerOf(db, exhibitorNo);
      const record = (kind: "invite" | "grant", memberId: number, changes: { field: string; old: string | null; new: string | null }[]) =>
        recordHistory(db, {
          exhibitionId: owner.exhibitionId,
          actor: CLI_ACTOR,
          companyUserId: owner.userId,
          area: null,
          kind,
          action: `cli.js team ${action}`,
          recordType: "member",
          recordId: memberId,
          changes,
        });
      if (action === "list") {
        const team = await teamOf(db, owner);
        if (!team.members.length) return `${exhibitorNo} (owner ${team.owner.displayName}) has no team members.`;
        return [
          `${exhibitorNo} (owner ${team.owner.displayName}):`,
          ...team.members.map((m) => {
            const grants =
              Object.entries(m.grants)
                .map(([area, level]) => `${area}=${level}`)
                .join(", ") || "no areas";
            const state = m.revokedAt ? "revoked" : m.activated ? "active" : "invited";
            return `  ${m.username}\t${m.displayName}\t${state}\t${grants}`;
          }),
        ].join("\n");
      }
      if (!username) throw new UsageRefusal(`Usage: cli.js team ${TEAM_USAGE}`);
      if (action === "invite") {
        const parsed = inviteMemberSchema.safeParse({
          username,
          displayName: options.name,
          email: options.email,
          mobile: options.mobile,
          grant: grantsOf(options.grant as string[] | undefined),
        });
        if (!parsed.success) throw new OpsRefusal(`${translate("en", parsed.error.issues[0]!.message.split("|")[0]!)}; nothing was changed.`);
        const { member, changes } = await plainly(() => inviteMember(db, owner, parsed.data));
        const sent = await sendActivation(mailerOf(context), member.memberId, "zh");
        await record("invite", member.memberId, changes);
        return `Invited ${member.username}; the set-password link went by ${[sent.email ? "e-mail" : "", sent.sms ? "SMS" : ""].filter(Boolean).join(" and ") || "nothing (no contact)"}.`;
      }
      const member = await memberIdOf(db, owner, username);
      if (action === "grant") {
        const { member: changed, changes } = await plainly(() => changeGrants(db, owner, member.memberId, grantsOf(options.grant as string[] | undefined)));
        await record("grant", changed.memberId, changes);
        return `${changed.username} now holds: ${
          Object.entries(changed.grants)
            .map(([a, l]) => `${a}=${l}`)
            .join(", ") || "no areas"
        } (signed out).`;
      }
      if (action === "revoke") {
        const { member: revoked, changes } = await plainly(() => revokeMember(db, owner, member.memberId));
        await record("grant", revoked.memberId, changes);
        return `Revoked ${revoked.username}'s access; their sessions ended.`;
      }
      throw new UsageRefusal(`Unknown action "${action}". Usage: cli.js team ${TEAM_USAGE}`);
    },
  },
  history: {
    usage: "--out <file.xlsx> [--since YYYY-MM-DD] [--company <text>]",
    summary: "write the history (who changed what, when) as an .xlsx workbook",
    options: { out: { type: "string" }, since: { type: "string" }, company: { type: "string" } },
    // The file is where the command was typed, whichever process writes it.
    prepare: async (args) =>
      args.map((arg, i) => (args[i - 1] === "--out" ? path.resolve(arg) : arg.startsWith("--out=") ? `--out=${path.resolve(arg.slice(6))}` : arg)),
    run: async ({ db }, args, options) => {
      if (args.length || typeof options.out !== "string")
        throw new UsageRefusal("Usage: cli.js history --out <file.xlsx> [--since YYYY-MM-DD] [--company <text>]");
      const query = historyQuerySchema.safeParse({ from: options.since, company: options.company });
      if (!query.success) throw new UsageRefusal("--since takes a day as YYYY-MM-DD.");
      const exhibition = await db.selectFrom("exhibitions").select("id").where("is_current", "=", true).executeTakeFirst();
      if (!exhibition) throw new OpsRefusal("No current exhibition.");
      const bytes = await historyWorkbook(db, exhibition.id, query.data, null, "zh");
      fs.writeFileSync(path.resolve(options.out), bytes);
      const rows = await db
        .selectFrom("history")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("exhibition_id", "=", exhibition.id)
        .executeTakeFirstOrThrow();
      return `Wrote ${options.out} (${bytes.length} bytes; the exhibition's history holds ${rows.n} entries).`;
    },
  },
};
