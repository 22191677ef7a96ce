import { sql } from "kysely";
import type { Database } from "../db/database";
import type { HistoryChange } from "../../app/contracts/team/api-types";
import type { Area } from "../../app/contracts/team/areas";
import type { HistoryRecordType } from "../../app/contracts/team/schema";
import { changeValue } from "./history-record";

/**
 * The records the history follows field by field (docs/decisions/069), as data: each record type's
 * table, the column its pages name it by, whose it is and its area; and which API paths change which
 * record, named by a field of the request or of the answer. server/api/mount.ts reads the record before
 * and after such a call and the history keeps each changed column's old and new value.
 */
export const RECORD_TABLES: Record<HistoryRecordType, { table: string; id: string; owner: string; area: Area | null }> = {
  badge: { table: "badges", id: "id", owner: "user_id", area: "badges" },
  exhibitorProfile: { table: "exhibitor_profiles", id: "user_id", owner: "user_id", area: "exhibitorData" },
  serviceOrder: { table: "service_orders", id: "order_no", owner: "user_id", area: "serviceOrders" },
  transportDeclaration: { table: "transport_declarations", id: "id", owner: "user_id", area: "transport" },
  invoice: { table: "invoice_applications", id: "id", owner: "user_id", area: "invoices" },
  truck: { table: "yellow_trucks", id: "id", owner: "user_id", area: "transport" },
  blueCar: { table: "blue_cars", id: "id", owner: "user_id", area: "trafficHotel" },
  paymentVoucher: { table: "payment_vouchers", id: "id", owner: "user_id", area: "invoices" },
  taiwanFiling: { table: "tw_filings", id: "id", owner: "user_id", area: "transport" },
  member: { table: "team_members", id: "user_id", owner: "company_user_id", area: null },
  staff: { table: "team_members", id: "user_id", owner: "company_user_id", area: "administration" },
};

/**
 * Where a call names its record: a request field, each of a list's, the answer's field, the caller's
 * own company (its profile), or, for a create that answers with the whole list, the company's newest
 * record of the type once the call went through.
 */
type IdSource = { from: "input" | "answer"; field: string } | { from: "inputList"; field: string } | { from: "company" } | { from: "newest" };

const input = (field = "id"): IdSource => ({ from: "input", field });
const answer = (field = "id"): IdSource => ({ from: "answer", field });

const RECORD_PATHS: Readonly<Record<string, { type: HistoryRecordType; id: IdSource }>> = {
  "/smeb/pass/ticket/save": { type: "badge", id: answer() },
  "/smeb/pass/ticket/update": { type: "badge", id: input() },
  "/smeb/pass/ticket/delete": { type: "badge", id: input() },
  "/smeb/pass/ticket/batchDelete": { type: "badge", id: { from: "inputList", field: "ids" } },
  "/smeb/pass/ticket/review/decide": { type: "badge", id: input() },
  "/smeb/pass/ticket/checkIn": { type: "badge", id: input() },
  "/smeb/exhibitor/info/saveDraft": { type: "exhibitorProfile", id: { from: "company" } },
  "/smeb/exhibitor/info/update": { type: "exhibitorProfile", id: { from: "company" } },
  "/smeb/exhibitor/info/review": { type: "exhibitorProfile", id: input("userId") },
  "/smeb/service/order/commit": { type: "serviceOrder", id: answer("orderNo") },
  "/smeb/service/order/delete": { type: "serviceOrder", id: input("orderNo") },
  "/smeb/service/order/updateContractor": { type: "serviceOrder", id: input("orderNo") },
  "/smeb/service/order/uploadContract": { type: "serviceOrder", id: input("orderNo") },
  "/smeb/service/order/claimPayment": { type: "serviceOrder", id: input("orderNo") },
  "/smeb/service/order/complete": { type: "serviceOrder", id: input("orderNo") },
  "/smeb/shipment/declaration/save": { type: "transportDeclaration", id: answer() },
  "/smeb/shipment/declaration/update": { type: "transportDeclaration", id: input() },
  "/smeb/shipment/declaration/submit": { type: "transportDeclaration", id: input() },
  "/smeb/shipment/declaration/delete": { type: "transportDeclaration", id: input() },
  "/shipment/review/decide": { type: "transportDeclaration", id: input() },
  "/smeb/invoice/save": { type: "invoice", id: answer() },
  "/smeb/invoice/update": { type: "invoice", id: input() },
  "/smeb/invoice/urgent": { type: "invoice", id: input() },
  "/smeb/invoice/review/decide": { type: "invoice", id: input() },
  "/smeb/truck/save": { type: "truck", id: { from: "newest" } },
  "/smeb/truck/update": { type: "truck", id: input() },
  "/smeb/truck/delete": { type: "truck", id: input() },
  "/smeb/truck/review/decide": { type: "truck", id: input() },
  "/smeb/twExhibit/save": { type: "taiwanFiling", id: answer() },
  "/smeb/twExhibit/line/add": { type: "taiwanFiling", id: input("filingId") },
  "/smeb/twExhibit/line/delete": { type: "taiwanFiling", id: input("filingId") },
  "/smeb/twExhibit/submit": { type: "taiwanFiling", id: input() },
  "/smeb/twExhibit/review/decide": { type: "taiwanFiling", id: input() },
  "/smeb/paymentVoucher/save": { type: "paymentVoucher", id: answer() },
  "/smeb/paymentVoucher/delete": { type: "paymentVoucher", id: input() },
  "/smeb/paymentVoucher/review/decide": { type: "paymentVoucher", id: input() },
  "/smeb/blueCar/save": { type: "blueCar", id: { from: "newest" } },
  "/smeb/blueCar/update": { type: "blueCar", id: input() },
  "/smeb/blueCar/delete": { type: "blueCar", id: input() },
  "/smeb/blueCar/review/decide": { type: "blueCar", id: input() },
};

/** A record id as the tables hold them: digits, or an order number's letters and digits. */
const RECORD_ID = /^[A-Za-z0-9_-]{1,64}$/;

function idsFrom(source: IdSource, request: unknown, answered: unknown, companyUserId: number | null): string[] {
  const field = (value: unknown, name: string) => (value && typeof value === "object" ? (value as Record<string, unknown>)[name] : undefined);
  let ids: unknown[];
  if (source.from === "newest") return [];
  if (source.from === "company") ids = [companyUserId];
  else if (source.from === "inputList") {
    const value = field(request, source.field);
    ids = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [value];
  } else ids = [field(source.from === "input" ? request : answered, source.field)];
  return ids.map((id) => (typeof id === "number" ? String(id) : id)).filter((id): id is string => typeof id === "string" && RECORD_ID.test(id));
}

/**
 * The record ids a call names (before it ran: from its request; after: also from its answer).
 * `newest`: the call creates one, named by newestRecordOf once it went through.
 */
export function recordIdsOf(path: string, request: unknown, answered: unknown, companyUserId: number | null) {
  const rule = RECORD_PATHS[path];
  return rule ? { type: rule.type, ids: idsFrom(rule.id, request, answered, companyUserId), newest: rule.id.from === "newest" } : null;
}

/** The company's newest record of the type (the one a create just made), as an id list. */
export async function newestRecordOf(db: Database, type: HistoryRecordType, companyUserId: number | null): Promise<string[]> {
  if (companyUserId === null) return [];
  const rule = RECORD_TABLES[type];
  const { rows } = await sql<{ id: string }>`
    select ${sql.ref(rule.id)}::text as id from ${sql.table(rule.table)}
    where ${sql.ref(rule.owner)} = ${companyUserId} order by ${sql.ref(rule.id)} desc limit 1`.execute(db);
  return rows.map((row) => row.id);
}

export type RecordSnapshot = { id: string; owner: number | null; row: Record<string, unknown> | null };

/** The records as they are now, each a JSON object of its columns (null: no such row). */
export async function snapshotRecords(db: Database, type: HistoryRecordType, ids: readonly string[]): Promise<RecordSnapshot[]> {
  if (!ids.length) return [];
  const rule = RECORD_TABLES[type];
  const { rows } = await sql<{ id: string; owner: number | null; row: Record<string, unknown> }>`
    select ${sql.ref(rule.id)}::text as id, ${sql.ref(rule.owner)} as owner, to_jsonb(t) as row
    from ${sql.table(rule.table)} t where ${sql.ref(rule.id)}::text in (${sql.join(ids)})`.execute(db);
  return ids.map((id) => {
    const found = rows.find((r) => r.id === id);
    return { id, owner: found?.owner ?? null, row: found?.row ?? null };
  });
}

const FILE_URL = /^\/files\/([A-Za-z0-9_-]{1,64})$/;

/**
 * A file the history names by its name and size, never by its address (decision 069): each value that
 * is a stored file's /files/<id>, or the id in a *_file_id column, becomes "name (size B)". The
 * history keeps no file alive: its `changes` column is not a file reference (server/team/domain.ts).
 */
export async function namedFiles(db: Database, changes: HistoryChange[]): Promise<HistoryChange[]> {
  const idOf = (field: string, value: string | null) => {
    if (value === null) return null;
    const url = FILE_URL.exec(value);
    if (url) return url[1]!;
    return /file_id$/.test(field) && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
  };
  const ids = [...new Set(changes.flatMap((c) => [idOf(c.field, c.old), idOf(c.field, c.new)]).filter((id): id is string => id !== null))];
  if (!ids.length) return changes;
  const files = await db.selectFrom("stored_files").select(["id", "original_name", "size_bytes"]).where("id", "in", ids).execute();
  const name = (field: string, value: string | null) => {
    const id = idOf(field, value);
    const file = id ? files.find((f) => f.id === id) : undefined;
    return file ? `${file.original_name} (${file.size_bytes} B)` : value;
  };
  return changes.map((c) => ({ ...c, old: name(c.field, c.old), new: name(c.field, c.new) }));
}

/** Bookkeeping columns and secrets: never a change of the history. */
const IGNORED = /^(version|created_at|updated_at|code|.*_hash|.*token.*|.*secret.*)$/;

/** Each changed column, old and new; a JSON column's fields one by one ("draft.companyNameZh"). */
export function rowChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null, prefix = ""): HistoryChange[] {
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: HistoryChange[] = [];
  for (const name of names) {
    if (!prefix && IGNORED.test(name)) continue;
    const old = before?.[name];
    const now = after?.[name];
    if (JSON.stringify(old) === JSON.stringify(now)) continue;
    const nested = (v: unknown) => v !== null && typeof v === "object" && !Array.isArray(v);
    if (nested(old) && nested(now) && !prefix) {
      changes.push(...rowChanges(old as Record<string, unknown>, now as Record<string, unknown>, `${name}.`));
      continue;
    }
    changes.push({ field: `${prefix}${name}`, old: changeValue(old), new: changeValue(now) });
  }
  return changes.slice(0, 80);
}
