import { sql } from "kysely";
import type { InvitationPage, InvitationRow, InvitationSendResult } from "../../app/contracts/accounts/api-types";
import { defaultUploadQuotaMb, storageOfAccounts } from "../uploads/quota";
import type { InvitationFilter } from "../../app/contracts/accounts/values";
import { emailForRole, phoneForRole } from "../../app/contracts/common/format";
import { EXHIBITOR_ROLE_ID } from "../../app/contracts/permission/roles";
import type { ApiDeps } from "../api/context";
import { exhibitorLanguage } from "./account-language";
import { sendActivation } from "../auth/password-links";
import { appClock } from "../clock";
import type { Database } from "../db/database";
import { iso } from "../db/column-values";

/**
 * Invitations to the portal, the organizer's side (issue 39, decisions 032 and 033): the exhibitor
 * accounts of an exhibition with whether each is activated (`users.activated_at`) and its newest
 * invitation link, and the sending of new links to chosen accounts or to every account not activated
 * yet. Activated accounts are never sent a link; an account with neither e-mail nor mobile gets none.
 * The page, the API and the CLI (send-invitations) share these rules.
 */

export type Mailer = Pick<ApiDeps, "db" | "config" | "notifier" | "logger">;

const exhibitorsOf = (db: Database, exhibitionId: number) =>
  db.selectFrom("users as u").where("u.exhibition_id", "=", exhibitionId).where("u.role_id", "=", EXHIBITOR_ROLE_ID);

/** The exhibitor accounts matching the filter, by user name (the exhibitor number), with the counts of every filter. */
export async function listInvitations(
  db: Database,
  caller: { exhibitionId: number; roleId: number },
  query: { filter: InvitationFilter; page: number; pageSize: number },
  now = appClock.now(),
): Promise<InvitationPage> {
  const counts = await exhibitorsOf(db, caller.exhibitionId)
    .select([
      sql<string>`count(*)`.as("all"),
      sql<string>`count(*) filter (where u.activated_at is null)`.as("pending"),
      sql<string>`count(*) filter (where u.activated_at is not null)`.as("activated"),
    ])
    .executeTakeFirstOrThrow();
  const filtered = exhibitorsOf(db, caller.exhibitionId).$if(query.filter !== "all", (q) =>
    q.where("u.activated_at", query.filter === "activated" ? "is not" : "is", null),
  );
  const rows = await filtered
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("password_tokens as t")
          .select(["t.created_at", "t.expires_at", "t.used_at", "t.voided_at"])
          .whereRef("t.user_id", "=", "u.id")
          .where("t.purpose", "=", "activate")
          .where("t.channel", "=", "link")
          .orderBy("t.id", "desc")
          .limit(1)
          .as("t"),
      (join) => join.onTrue(),
    )
    .select([
      "u.id",
      "u.username",
      "u.business_name",
      "u.business_name_en",
      "u.contact_name",
      "u.contact_email",
      "u.contact_phone",
      "u.activated_at",
      "u.upload_quota_mb",
      "t.created_at",
      "t.expires_at",
      "t.used_at",
      "t.voided_at",
    ])
    .orderBy("u.username")
    .orderBy("u.id")
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  const storage = await storageOfAccounts(db, rows);
  return {
    defaultQuotaMb: defaultUploadQuotaMb(),
    rows: rows.map(
      (row): InvitationRow => ({
        storage: storage.get(row.id)!,
        userId: row.id,
        username: row.username,
        companyName: row.business_name ?? "",
        companyNameEn: row.business_name_en ?? "",
        contactName: row.contact_name ?? "",
        email: emailForRole(row.contact_email, caller.roleId),
        mobile: phoneForRole(row.contact_phone, caller.roleId),
        activatedAt: iso(row.activated_at),
        lastSentAt: iso(row.created_at),
        linkExpiresAt: iso(row.expires_at),
        linkState:
          row.created_at === null
            ? null
            : row.used_at
              ? "used"
              : row.voided_at
                ? "replaced"
                : new Date(row.expires_at!).getTime() <= now.getTime()
                  ? "expired"
                  : "open",
      }),
    ),
    total: Number(query.filter === "all" ? counts.all : query.filter === "pending" ? counts.pending : counts.activated),
    counts: { all: Number(counts.all), pending: Number(counts.pending), activated: Number(counts.activated) },
  };
}

export type Target = {
  id: number;
  username: string;
  business_name: string | null;
  business_name_en: string | null;
  activated_at: Date | null;
  contact_email: string | null;
  contact_phone: string | null;
};

/**
 * The accounts a send is for: the chosen ones (every one an exhibitor of the exhibition, else
 * `unknown` names what was not found and nothing may be sent), or every account not activated yet.
 */
export async function invitationTargets(
  db: Database,
  exhibitionId: number,
  chosen: { all: true } | { userIds: number[] } | { usernames: string[] },
): Promise<{ targets: Target[]; unknown: string[] }> {
  const base = exhibitorsOf(db, exhibitionId).select([
    "u.id",
    "u.username",
    "u.business_name",
    "u.business_name_en",
    "u.activated_at",
    "u.contact_email",
    "u.contact_phone",
  ]);
  if ("all" in chosen) return { targets: await base.where("u.activated_at", "is", null).orderBy("u.username").execute(), unknown: [] };
  if ("userIds" in chosen) {
    const ids = [...new Set(chosen.userIds)];
    const targets = ids.length ? await base.where("u.id", "in", ids).orderBy("u.username").execute() : [];
    const found = new Set(targets.map((t) => t.id));
    return { targets, unknown: ids.filter((id) => !found.has(id)).map(String) };
  }
  // User names match case-insensitively, as the unique index and the import do.
  const keys = [...new Set(chosen.usernames.map((n) => n.trim()).filter(Boolean))];
  const targets = keys.length
    ? await base
        .where(
          sql<string>`lower(u.username)`,
          "in",
          keys.map((k) => k.toLowerCase()),
        )
        .orderBy("u.username")
        .execute()
    : [];
  const found = new Set(targets.map((t) => t.username.toLowerCase()));
  return { targets, unknown: keys.filter((k) => !found.has(k.toLowerCase())) };
}

/** Accounts whose links are written and sent at once. */
export const PARALLEL_SENDS = 4;

type InviteOutcome = { kind: "sent"; email: boolean; sms: boolean; language: "zh" | "en" } | { kind: "activated" | "noContact" | "failed" };

/**
 * One target: a new invitation link (the previous one stops working), in the account's language;
 * an activated account or one with no e-mail and no mobile is skipped.
 */
export async function inviteOne(deps: Mailer, target: Target): Promise<InviteOutcome> {
  if (target.activated_at) return { kind: "activated" };
  if (!target.contact_email?.trim() && !target.contact_phone?.replace(/[\s-]+/g, "")) return { kind: "noContact" };
  const language = exhibitorLanguage(target.business_name, target.business_name_en);
  const sent = await sendActivation(deps, target.id, language);
  // Both channels failed (logged by sendActivation): the link was issued but reached no one.
  return sent.email || sent.sms ? { kind: "sent", email: sent.email, sms: sent.sms, language } : { kind: "failed" };
}

export const emptySendResult = (): InvitationSendResult => ({ sent: [], skippedActivated: [], skippedNoContact: [], failed: [] });

/** Adds one account's outcome to a send's result. */
export function addOutcome(result: InvitationSendResult, username: string, outcome: InviteOutcome) {
  if (outcome.kind === "sent") result.sent.push({ username, email: outcome.email, sms: outcome.sms, language: outcome.language });
  else if (outcome.kind === "activated") result.skippedActivated.push(username);
  else if (outcome.kind === "noContact") result.skippedNoContact.push(username);
  else result.failed.push(username);
}

/** Sends each target not activated yet a new invitation link (inviteOne), a few at once, in the request. */
export async function sendInvitations(deps: Mailer, targets: Target[]): Promise<InvitationSendResult> {
  const result = emptySendResult();
  for (let i = 0; i < targets.length; i += PARALLEL_SENDS) {
    const group = targets.slice(i, i + PARALLEL_SENDS);
    const outcomes = await Promise.all(group.map((target) => inviteOne(deps, target)));
    for (const [n, target] of group.entries()) addOutcome(result, target.username, outcomes[n]!);
  }
  return result;
}

/** The counts of a send, for its message (accounts.invite.result, and accounts.invite.failed when some failed). */
export function invitationCounts(result: InvitationSendResult) {
  const activated = result.skippedActivated.length;
  const noContact = result.skippedNoContact.length;
  return { sent: result.sent.length, skipped: activated + noContact, activated, noContact, failed: result.failed.length };
}
