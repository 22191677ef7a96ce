import type { Response } from "express";
import type { Database } from "../db/database";
import type { SessionUser } from "../api/require-session";
import { appClock } from "../clock";
import type { HistoryChange } from "../../app/contracts/team/api-types";
import type { Area } from "../../app/contracts/team/areas";
import type { HistoryKind } from "../../app/contracts/team/schema";
import { CARRIER_ROLE_ID, isOrganizer } from "../../app/contracts/permission/roles";

/**
 * Writing the history (docs/decisions/069). Every successful change through the API is recorded by
 * server/api/mount.ts with its actor, area, kind and the fields sent; a route that knows more (which
 * record, whose, its old values) says so with `noteHistory` before it answers. Sign-ins, reminders
 * and the command line record themselves with `recordHistory`. Rows are only ever inserted.
 */
export type HistoryActor = {
  userId: number | null;
  label: string;
  company: string | null;
  /** owner, member, contractor, carrier, organizer, staff:<role>, system, visitor. */
  role: string;
  onBehalfOf: string | null;
};

export type HistoryEntryInput = {
  exhibitionId: number;
  actor: HistoryActor;
  /** The company whose record it is (an exhibitor's account id), when there is one. */
  companyUserId: number | null;
  area: Area | null;
  kind: HistoryKind;
  action: string;
  recordType?: string | null;
  recordId?: string | number | null;
  summary?: string | null;
  changes?: HistoryChange[] | null;
  at?: Date;
};

/** The longest value a change keeps: a pasted essay is cut, not refused. */
const MAX_VALUE_CHARS = 500;

export function changeValue(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  const text = typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

export async function recordHistory(db: Database, entry: HistoryEntryInput) {
  await db
    .insertInto("history")
    .values({
      exhibition_id: entry.exhibitionId,
      at: entry.at ?? appClock.now(),
      actor_user_id: entry.actor.userId,
      actor_label: entry.actor.label,
      actor_company: entry.actor.company,
      actor_role: entry.actor.role,
      on_behalf_of: entry.actor.onBehalfOf,
      company_user_id: entry.companyUserId,
      area: entry.area,
      kind: entry.kind,
      action: entry.action,
      record_type: entry.recordType ?? null,
      record_id: entry.recordId === null || entry.recordId === undefined ? null : String(entry.recordId),
      summary: entry.summary ?? null,
      // SQL NULL when nothing changed, never a JSON null (a dump and restore would not keep the difference).
      changes: entry.changes?.length ? JSON.stringify(entry.changes) : undefined,
    })
    .execute();
}

/** Who a session is, as the history names them: the person, their company and role, and for whom a contractor acts. */
export function actorOf(caller: SessionUser): HistoryActor {
  const { user, team, contractor } = caller;
  const company = user.businessName ?? user.businessNameEn ?? user.username;
  if (contractor) return { userId: null, label: contractor.contactName, company: contractor.companyName, role: "contractor", onBehalfOf: company };
  if (team?.kind === "member") return { userId: team.userId, label: `${team.displayName} (${team.username})`, company, role: "member", onBehalfOf: null };
  if (team?.kind === "staff") return { userId: user.id, label: user.username, company, role: `staff:${team.roleNameEn}`, onBehalfOf: null };
  if (isOrganizer(user.roleId)) return { userId: user.id, label: user.username, company, role: "organizer", onBehalfOf: null };
  if (user.roleId === CARRIER_ROLE_ID) return { userId: user.id, label: user.username, company, role: "carrier", onBehalfOf: null };
  return { userId: user.id, label: user.username, company, role: "owner", onBehalfOf: null };
}

/** The company a session's own records belong to: the exhibitor's account (a member's and a contractor's too). */
export const companyOf = (caller: SessionUser): number | null =>
  isOrganizer(caller.user.roleId) || caller.user.roleId === CARRIER_ROLE_ID ? null : caller.user.id;

/** What a route knows about the change it made, for the entry mount.ts writes once it has answered. */
export type HistoryNote = {
  recordType: string;
  /** One entry per record (a batch delete names each). */
  recordIds: (string | number)[];
  /** Whose records: the exhibitor's account; the caller's own company when absent. */
  companyUserId?: number | null;
  kind?: HistoryKind;
  summary?: string;
  /** The fields that changed with their old values; the fields sent (new values only) when absent. */
  changes?: HistoryChange[];
};

export function noteHistory(res: Response, note: HistoryNote) {
  res.locals.historyNote = note;
}

export const historyNoteOf = (res: Response): HistoryNote | undefined => res.locals.historyNote as HistoryNote | undefined;
