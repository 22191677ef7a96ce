import { sql } from "kysely";
import type { Database } from "../db/database";
import { iso } from "../db/column-values";
import { ApiCode, ApiError, fieldError, notFound } from "../api/envelope";
import type { SessionUser } from "../api/require-session";
import { translate } from "../../app/contracts/i18n/translate.server";
import type { Language } from "../../app/contracts/i18n/config";
import { exhibitionDateTime } from "../../app/contracts/common/exhibition-time";
import { allows, type Area, AREAS, isArea } from "../../app/contracts/team/areas";
import { PAGE_HISTORY_SIZE } from "../../app/contracts/team/page-history";
import { areaOfApiPath } from "./api-areas";
import type { HistoryChange, HistoryEntry, HistoryPage } from "../../app/contracts/team/api-types";
import { type HistoryKind, type HistoryQuery, HISTORY_KINDS, type HistoryRecordType } from "../../app/contracts/team/schema";
import { isOrganizer } from "../../app/contracts/permission/roles";
import { RECORD_TABLES } from "./history-records";
import { isPersonalField, maskedValue, seesPersonalData } from "./personal-data";
import { countRows, pageRows } from "../db/paging";

/** The organizer's log shows this many entries a page; the workbook at most this many rows. */
const HISTORY_PAGE_SIZE = 50;
const EXPORT_MAX_ROWS = 100_000;

/**
 * Reading the history (docs/decisions/069): one record's entries for whoever may see the record, and
 * the organizer's searchable log with its workbook. An exhibitor sees its company's records only (a
 * member only in the areas they hold); a staff account the areas of its role.
 */
type HistoryRow = {
  id: number;
  at: Date;
  actor_label: string;
  actor_company: string | null;
  actor_role: string;
  on_behalf_of: string | null;
  area: string | null;
  kind: string;
  action: string;
  record_type: string | null;
  record_id: string | null;
  summary: string | null;
  changes: unknown;
};

const toEntry = (row: HistoryRow): HistoryEntry => ({
  id: String(row.id),
  at: iso(row.at) ?? "",
  actor: row.actor_label,
  actorCompany: row.actor_company,
  actorRole: row.actor_role,
  onBehalfOf: row.on_behalf_of,
  area: isArea(row.area) ? row.area : null,
  kind: (HISTORY_KINDS as readonly string[]).includes(row.kind) ? (row.kind as HistoryKind) : "other",
  action: row.action,
  recordType: row.record_type,
  recordId: row.record_id,
  summary: row.summary,
  changes: Array.isArray(row.changes) ? (row.changes as HistoryChange[]) : [],
});

/**
 * docs/product.md § Masked personal data: the records' own views show contacts and ID numbers masked
 * to everyone but roleId 1 (their owner too), so their history does the same with the old and new values.
 */
function maskedChange(change: HistoryChange): HistoryChange {
  if (!isPersonalField(change.field)) return change;
  return { ...change, old: change.old === null ? null : maskedValue(change.old), new: change.new === null ? null : maskedValue(change.new) };
}

const maskedEntry = (entry: HistoryEntry): HistoryEntry => ({ ...entry, changes: entry.changes.map(maskedChange) });

/** One record's history, oldest first, if the caller may see the record; 404 otherwise (nothing about whose it is). */
export async function recordHistory(db: Database, caller: SessionUser, recordType: HistoryRecordType, recordId: string): Promise<HistoryEntry[]> {
  const rule = RECORD_TABLES[recordType];
  const organizer = isOrganizer(caller.user.roleId);
  if (organizer) {
    if (caller.team && rule.area && !allows(caller.team.grants, rule.area, "read")) throw new ApiError(ApiCode.forbidden, "errors.insufficientPermissions");
  } else {
    if (recordType === "staff") throw notFound();
    if (caller.team?.kind === "member" && (!rule.area || !allows(caller.team.grants, rule.area, "read")))
      throw new ApiError(ApiCode.forbidden, "errors.insufficientPermissions");
    const owner = await sql<{
      owner: number | null;
    }>`select ${sql.ref(rule.owner)} as owner from ${sql.table(rule.table)} where ${sql.ref(rule.id)}::text = ${recordId}`.execute(db);
    if (owner.rows[0]?.owner !== caller.user.id) throw notFound();
  }
  const rows = await db
    .selectFrom("history")
    .selectAll()
    .where("exhibition_id", "=", caller.user.exhibitionId)
    .where("record_type", "=", recordType)
    .where("record_id", "=", recordId)
    .orderBy("at")
    .orderBy("id")
    .limit(500)
    .execute();
  const entries = rows.map((row) => toEntry(row as HistoryRow));
  return seesPersonalData(caller) ? entries : entries.map(maskedEntry);
}

/**
 * The changes the caller's company made through these actions (a page's, app/contracts/team/page-history.ts),
 * newest first: for the company's owner, and for a member granted each action's area; nothing for the
 * organizer, whose pages are the reviews, or an entrusted contractor. An action outside every area
 * (the account's own, an unknown path) is refused: a page of records names its records' actions.
 */
export async function pageHistory(db: Database, caller: SessionUser, actions: readonly string[]): Promise<HistoryEntry[]> {
  if (isOrganizer(caller.user.roleId) || caller.contractor) throw new ApiError(ApiCode.forbidden, "errors.insufficientPermissions");
  const areas = actions.map(areaOfApiPath);
  if (!areas.every(isArea)) throw fieldError("validation.correct|team.fields.page", "actions");
  if (caller.team?.kind === "member" && !areas.every((area) => allows(caller.team!.grants, area, "read")))
    throw new ApiError(ApiCode.forbidden, "errors.insufficientPermissions");
  const rows = await db
    .selectFrom("history")
    .selectAll()
    .where("exhibition_id", "=", caller.user.exhibitionId)
    .where("company_user_id", "=", caller.user.id)
    .where("action", "in", actions)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(PAGE_HISTORY_SIZE)
    .execute();
  return rows.map((row) => maskedEntry(toEntry(row as HistoryRow)));
}

/** The log's filters as a query (the list and the workbook read the same rows). */
function logQuery(db: Database, exhibitionId: number, query: HistoryQuery, areas: readonly Area[] | null) {
  let rows = db.selectFrom("history").where("exhibition_id", "=", exhibitionId);
  if (areas) rows = rows.where((eb) => (areas.length ? eb("area", "in", areas) : eb.val(false)));
  if (query.area) rows = rows.where("area", "=", query.area);
  if (query.kind) rows = rows.where("kind", "=", query.kind);
  if (query.company)
    rows = rows.where(sql<string>`coalesce(actor_company, '') || ' ' || coalesce(on_behalf_of, '')`, "ilike", `%${escapeLike(query.company)}%`);
  if (query.person) rows = rows.where("actor_label", "ilike", `%${escapeLike(query.person)}%`);
  // Days are UTC+8 days, as the pages show them.
  if (query.from) rows = rows.where("at", ">=", new Date(`${query.from}T00:00:00+08:00`));
  if (query.to) rows = rows.where("at", "<", new Date(new Date(`${query.to}T00:00:00+08:00`).getTime() + 24 * 60 * 60 * 1000));
  return rows;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The areas a staff account's log covers (those its role reads); null: every entry (a full organizer). */
export function logAreas(caller: SessionUser): readonly Area[] | null {
  if (!caller.team) return null;
  return AREAS.filter((area) => allows(caller.team!.grants, area, "read"));
}

export async function historyLog(db: Database, exhibitionId: number, query: HistoryQuery, areas: readonly Area[] | null, masked = false): Promise<HistoryPage> {
  const filtered = logQuery(db, exhibitionId, query, areas).selectAll().orderBy("at", "desc").orderBy("id", "desc");
  const [total, rows] = await Promise.all([countRows(filtered), pageRows(filtered, query.pageNum, HISTORY_PAGE_SIZE)]);
  const entries = rows.map((row) => toEntry(row as HistoryRow));
  return { rows: masked ? entries.map(maskedEntry) : entries, total, pageNum: query.pageNum, pageSize: HISTORY_PAGE_SIZE };
}

/** Who did it, as a line: "name (company), role, for X". */
function actorLine(entry: HistoryEntry, language: Language) {
  const role = entry.actorRole.startsWith("staff:") ? entry.actorRole.slice(6) : translate(language, `team.history.roles.${entry.actorRole}`);
  const company = entry.actorCompany ? ` · ${entry.actorCompany}` : "";
  const behalf = entry.onBehalfOf ? ` · ${translate(language, "team.history.onBehalfOf", { name: entry.onBehalfOf })}` : "";
  return `${entry.actor}${company} (${role})${behalf}`;
}

const changesLine = (changes: readonly HistoryChange[]) => changes.map((c) => `${c.field}: ${c.old ?? "—"} → ${c.new ?? "—"}`).join("; ");

/** The log as a workbook: the same filters, every matching row (up to EXPORT_MAX_ROWS), times in UTC+8. */
export async function historyWorkbook(
  db: Database,
  exhibitionId: number,
  query: HistoryQuery,
  areas: readonly Area[] | null,
  language: Language,
  masked = false,
) {
  const rows = await logQuery(db, exhibitionId, query, areas).selectAll().orderBy("at", "desc").orderBy("id", "desc").limit(EXPORT_MAX_ROWS).execute();
  // exceljs is loaded when a workbook is asked for, not with the server (tests/unit/heavy-packages.test.ts).
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(translate(language, "team.history.sheet"));
  const t = (key: string) => translate(language, `team.history.${key}`);
  sheet.columns = [
    { header: t("at"), key: "at", width: 20 },
    { header: t("who"), key: "who", width: 40 },
    { header: translate(language, "team.fields.area"), key: "area", width: 20 },
    { header: translate(language, "team.fields.kind"), key: "kind", width: 14 },
    { header: t("what"), key: "action", width: 36 },
    { header: t("record"), key: "record", width: 24 },
    { header: t("changes"), key: "changes", width: 80 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const entry = masked ? maskedEntry(toEntry(row as HistoryRow)) : toEntry(row as HistoryRow);
    sheet.addRow({
      at: exhibitionDateTime(entry.at),
      who: actorLine(entry, language),
      area: entry.area ? translate(language, `team.areas.${entry.area}`) : "",
      kind: translate(language, `team.history.kinds.${entry.kind}`),
      action: entry.summary ? `${entry.action} (${entry.summary})` : entry.action,
      record: entry.recordType ? `${entry.recordType} ${entry.recordId ?? ""}` : "",
      changes: changesLine(entry.changes),
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
