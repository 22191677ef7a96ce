import crypto from "node:crypto";
import type ExcelJS from "exceljs";
import { sql } from "kysely";
import type {
  ExhibitorImportCounts,
  ExhibitorImportFailure,
  ExhibitorImportPreview,
  ExhibitorImportPreviewRow,
  ExhibitorImportRowError,
} from "../../app/contracts/accounts/api-types";
import { exhibitorRowSchema, type ExhibitorRow } from "../../app/contracts/accounts/schema";
import {
  EXHIBITOR_IMPORT_EITHER_COLUMNS,
  EXHIBITOR_IMPORT_FIELDS,
  EXHIBITOR_IMPORT_LIMITS,
  EXHIBITOR_IMPORT_REQUIRED_COLUMNS,
  type ExhibitorImportField,
} from "../../app/contracts/accounts/values";
import type { Language } from "../../app/contracts/i18n/config";
import { EXHIBITOR_ROLE_ID } from "../../app/contracts/permission/roles";
import { ApiCode, ApiError, notFound } from "../api/envelope";
import { findUnstorableText } from "../api/text-input";
import { type FieldSheetRow, readFieldSheet } from "../spreadsheets/field-sheet";
import { normalizeHeader, richText } from "../spreadsheets/workbook";
import type { Database } from "../db/database";
import { type BoothSize, boothSizeOf, isSizeProblem } from "./booth-size";
import { fieldLabel, SAMPLE_EXHIBITOR_NO } from "./exhibitor-template";

/**
 * Exhibitors and booths from Excel (issue 39, decision 032): all rows or none. The file is sniffed
 * before exceljs reads it; every row goes through the row schema; an exhibitor number's rows must
 * agree on the company, a booth number appears once and belongs to no other exhibitor, the hall
 * exists. A good file is saved in one transaction keyed by exhibitor number (the user name) and
 * booth number, so importing it again updates and never duplicates. New accounts have no password.
 * Overseas exhibitors (decision 056): a company name in either language, a mobile or an e-mail; the
 * booth's width and depth give its area (server/accounts/booth-size.ts).
 */
type RowError = ExhibitorImportRowError;
type Sheet = { rows: FieldSheetRow<ExhibitorImportField>[]; columns: Partial<Record<ExhibitorImportField, string>> };

const refuse = (key: string, values: Record<string, unknown> = {}) => new ApiError(ApiCode.badRequest, `accounts.import.${key}`, values);
const COMPANY_FIELDS = ["companyNameZh", "companyNameEn", "contactName", "mobile", "email"] as const;

/** A header cell's field: its code, its Chinese or English label, or both as the template writes them. */
function headerField(text: string): ExhibitorImportField | null {
  const wanted = normalizeHeader(text);
  if (!wanted) return null;
  return (
    EXHIBITOR_IMPORT_FIELDS.find((field) => {
      const [zh, en] = [fieldLabel("zh", field), fieldLabel("en", field)];
      return [field, zh, en, zh + en].some((name) => normalizeHeader(name) === wanted);
    }) ?? null
  );
}

/** A cell as the text a form field would get, or the message key why it cannot be read (formulas are never evaluated). */
function cellText(value: ExcelJS.CellValue): { text: string } | { error: string } {
  const checked = (text: string) => (findUnstorableText(text) === null ? { text: text.trim() } : { error: "validation.unstorable" });
  if (value === null || value === undefined) return { text: "" };
  if (typeof value === "string") return checked(value);
  if (typeof value === "number") return Number.isFinite(value) && Math.abs(value) < 1e15 ? { text: String(value) } : { error: "accounts.import.unreadable" };
  if (typeof value !== "object" || value instanceof Date) return { error: "accounts.import.unreadable" };
  if ("formula" in value || "sharedFormula" in value) return { error: "accounts.import.formula" };
  if ("richText" in value) return checked(richText(value));
  if ("hyperlink" in value) {
    const text: unknown = value.text;
    return checked(typeof text === "string" ? text : text && typeof text === "object" && "richText" in text ? richText(text as ExcelJS.CellRichTextValue) : "");
  }
  return { error: "accounts.import.unreadable" };
}

/** The headers the sheet lacks: the required ones, one of each pair, and the size as width and depth or the area. */
function missingHeaders(has: (field: ExhibitorImportField) => boolean, language: Language) {
  const label = (field: ExhibitorImportField) => fieldLabel(language, field);
  const or = language === "zh" ? "或" : " or ";
  const missing = [
    ...EXHIBITOR_IMPORT_REQUIRED_COLUMNS.filter((field) => !has(field)).map(label),
    ...EXHIBITOR_IMPORT_EITHER_COLUMNS.filter((pair) => pair.every((field) => !has(field))).map((pair) => pair.map(label).join(or)),
  ];
  // The size: width and depth (this template), or the area alone (the earlier one).
  const hasSides = has("widthM") && has("depthM");
  if (!hasSides && !has("areaM2")) missing.push([label("widthM"), label("depthM")].join(language === "zh" ? "、" : ", "));
  return missing;
}

/**
 * Sniffs and reads the first visible sheet: its header, then one entry per non-empty row (the sample
 * row skipped). A file over the row limit is refused before it is loaded (openFirstSheet).
 */
const readSheet = (bytes: Buffer, language: Language): Promise<Sheet> =>
  readFieldSheet(bytes, language, {
    fields: EXHIBITOR_IMPORT_FIELDS,
    missingHeaders,
    limits: EXHIBITOR_IMPORT_LIMITS,
    refuse,
    headerField,
    headerText: cellText,
    cellText,
    isSample: (cells) => cells.exhibitorNo === SAMPLE_EXHIBITOR_NO,
  });

type PlannedExhibitor = { key: string; input: ExhibitorRow; userId: number | null };
type PlannedBooth = { row: number; exhibitorKey: string; input: ExhibitorRow; hallId: number; boothId: number | null; size: BoothSize };
type Plan = { exhibitors: Map<string, PlannedExhibitor>; booths: PlannedBooth[] };
type Checked = { plan: Plan; errors: RowError[]; totalRows: number };

const usernameKey = (exhibitorNo: string) => exhibitorNo.toLowerCase();

/** Every row through the schema, then the file against itself and the exhibition's halls, accounts and booths. */
async function checkSheet(db: Database, exhibitionId: number, sheet: Sheet): Promise<Checked> {
  const errors: RowError[] = [];
  const errorAt = (row: number, field: ExhibitorImportField, message: string) => errors.push({ row, column: sheet.columns[field] ?? "", field, message });
  const good: { row: number; input: ExhibitorRow }[] = [];
  for (const entry of sheet.rows) {
    errors.push(...entry.errors);
    const failed = new Set(entry.errors.map((e) => e.field));
    const result = exhibitorRowSchema.safeParse(entry.cells);
    for (const issue of result.success ? [] : result.error.issues) {
      const field = issue.path[0] as ExhibitorImportField;
      if (failed.has(field)) continue;
      failed.add(field);
      errorAt(entry.row, field, issue.message);
    }
    // Read from the cells, so these show beside the cells' own errors: a name in one language at least, a way to reach them.
    const { cells } = entry;
    if (!cells.companyNameZh && !cells.companyNameEn && !failed.has("companyNameZh")) {
      failed.add("companyNameZh");
      errorAt(entry.row, sheet.columns.companyNameZh ? "companyNameZh" : "companyNameEn", "accounts.import.companyNameMissing");
    }
    if (!cells.mobile && !cells.email && !failed.has("email")) {
      failed.add("email");
      errorAt(entry.row, sheet.columns.email ? "email" : "mobile", "accounts.import.contactMissing");
    }
    if (result.success && !failed.size) good.push({ row: entry.row, input: result.data });
  }

  const halls = new Map(
    (await db.selectFrom("halls").select(["id", "code"]).where("exhibition_id", "=", exhibitionId).execute()).map((h) => [h.code.toLowerCase(), h.id]),
  );
  const keys = [...new Set(good.map((g) => usernameKey(g.input.exhibitorNo)))];
  const boothNos = [...new Set(good.map((g) => g.input.boothNo))];
  const [accounts, booths] = await Promise.all([
    keys.length ? db.selectFrom("users").select(["id", "username", "role_id", "exhibition_id"]).where(sql<string>`lower(username)`, "in", keys).execute() : [],
    boothNos.length
      ? db
          .selectFrom("booths")
          .innerJoin("users", "users.id", "booths.user_id")
          .select(["booths.id", "booths.booth_no", "booths.width_m", "booths.depth_m", "booths.area_m2", "users.username"])
          .where("booths.exhibition_id", "=", exhibitionId)
          .where("booths.booth_no", "in", boothNos)
          .execute()
      : [],
  ]);
  const accountOf = new Map(accounts.map((a) => [a.username.toLowerCase(), a]));
  const boothOf = new Map(booths.map((b) => [b.booth_no, b]));

  const plan: Plan = { exhibitors: new Map(), booths: [] };
  const firstRowOf = new Map<string, number>();
  const boothRow = new Map<string, number>();
  for (const { row, input } of good) {
    const key = usernameKey(input.exhibitorNo);
    let ok = true;
    const planned = plan.exhibitors.get(key);
    if (planned) {
      for (const field of COMPANY_FIELDS) {
        if ((planned.input[field] ?? "") === (input[field] ?? "")) continue;
        errorAt(row, field, messageWith("conflictingCompany", { exhibitorNo: input.exhibitorNo, other: firstRowOf.get(key) }));
        ok = false;
      }
    } else {
      const account = accountOf.get(key);
      if (account && (account.role_id !== EXHIBITOR_ROLE_ID || account.exhibition_id !== exhibitionId)) {
        errorAt(row, "exhibitorNo", messageWith("usernameTaken", { exhibitorNo: input.exhibitorNo }));
        ok = false;
      }
      plan.exhibitors.set(key, { key, input, userId: account?.id ?? null });
      firstRowOf.set(key, row);
    }
    const hallId = halls.get(input.hallCode.toLowerCase());
    if (hallId === undefined) {
      errorAt(row, "hallCode", messageWith("unknownHall", { hallCode: input.hallCode }));
      ok = false;
    }
    const other = boothRow.get(input.boothNo);
    const existing = boothOf.get(input.boothNo);
    if (other !== undefined) {
      errorAt(row, "boothNo", messageWith("duplicateBooth", { boothNo: input.boothNo, other }));
      ok = false;
    } else if (existing && usernameKey(existing.username) !== key) {
      errorAt(row, "boothNo", messageWith("boothTaken", { boothNo: input.boothNo, owner: existing.username }));
      ok = false;
    }
    boothRow.set(input.boothNo, row);
    const ownSize = existing && usernameKey(existing.username) === key;
    const size = boothSizeOf(input, ownSize ? { widthM: Number(existing.width_m), depthM: Number(existing.depth_m), areaM2: Number(existing.area_m2) } : null);
    if (isSizeProblem(size)) {
      // A file of the earlier template has no width column: the area's column is named instead.
      const field = sheet.columns[size.field] ? size.field : "areaM2";
      errorAt(row, field, size.values ? messageWith(size.message, size.values) : `accounts.import.${size.message}`);
      ok = false;
    }
    if (ok && !isSizeProblem(size)) plan.booths.push({ row, exhibitorKey: key, input, hallId: hallId!, boothId: existing?.id ?? null, size });
  }
  return { plan, errors: sortErrors(errors), totalRows: sheet.rows.length };
}

/**
 * A message with values, as one string the answer carries: "accounts.import.<key>" then the values as
 * JSON after a "#" ("accounts.import.boothTaken#{\"boothNo\":\"1A01\",…}"); `rowErrorText` reads it.
 */
function messageWith(key: string, values: Record<string, unknown>) {
  return `accounts.import.${key}#${JSON.stringify(values)}`;
}

const sortErrors = (errors: RowError[]) => [...errors].sort((a, b) => a.row - b.row || a.column.length - b.column.length || a.column.localeCompare(b.column));

function counts(plan: Plan): ExhibitorImportCounts {
  const exhibitors = [...plan.exhibitors.values()];
  return {
    createdExhibitors: exhibitors.filter((e) => e.userId === null).length,
    updatedExhibitors: exhibitors.filter((e) => e.userId !== null).length,
    createdBooths: plan.booths.filter((b) => b.boothId === null).length,
    updatedBooths: plan.booths.filter((b) => b.boothId !== null).length,
  };
}

/** Reads and checks a file: the plan, or every error (the file is refused whole before any row is checked when it cannot be read). */
export async function checkExhibitorFile(db: Database, exhibitionId: number, bytes: Buffer, language: Language): Promise<Checked> {
  return checkSheet(db, exhibitionId, await readSheet(bytes, language));
}

function rowsFailed(errors: RowError[]): ApiError {
  const failedRows = new Set(errors.map((e) => e.row)).size;
  const data: ExhibitorImportFailure = { rows: errors.slice(0, EXHIBITOR_IMPORT_LIMITS.maxListedErrors), total: errors.length, failedRows };
  return new ApiError(ApiCode.badRequest, "accounts.import.rowsFailed", { count: failedRows }, data);
}

/** Saves a checked plan in one transaction: accounts by exhibitor number, booths by booth number. */
export async function saveExhibitors(db: Database, exhibitionId: number, plan: Plan): Promise<ExhibitorImportCounts> {
  await db.transaction().execute(async (trx) => {
    const ids = new Map<string, number>();
    for (const e of plan.exhibitors.values()) {
      const company = {
        // An overseas exhibitor may have no Chinese name: null, which every reader falls back from to the English one.
        business_name: e.input.companyNameZh ?? null,
        business_name_en: e.input.companyNameEn ?? null,
        contact_name: e.input.contactName,
        contact_phone: e.input.mobile ?? null,
        contact_email: e.input.email ?? null,
      };
      if (e.userId !== null) {
        await trx.updateTable("users").set(company).where("id", "=", e.userId).execute();
        ids.set(e.key, e.userId);
      } else {
        // No password yet: an empty hash, which no password matches, until the account is activated.
        const created = await trx
          .insertInto("users")
          .values({ username: e.input.exhibitorNo, password_hash: "", role_id: EXHIBITOR_ROLE_ID, exhibition_id: exhibitionId, activated_at: null, ...company })
          .returning("id")
          .executeTakeFirstOrThrow();
        ids.set(e.key, created.id);
      }
    }
    for (const b of plan.booths) {
      const booth = { hall_id: b.hallId, booth_type: b.input.boothType, area_m2: b.size.areaM2, width_m: b.size.widthM, depth_m: b.size.depthM };
      if (b.boothId !== null) await trx.updateTable("booths").set(booth).where("id", "=", b.boothId).execute();
      else
        await trx
          .insertInto("booths")
          .values({ exhibition_id: exhibitionId, user_id: ids.get(b.exhibitorKey)!, booth_no: b.input.boothNo, ...booth })
          .execute();
    }
  });
  return counts(plan);
}

function previewRows(plan: Plan): ExhibitorImportPreviewRow[] {
  return plan.booths.slice(0, EXHIBITOR_IMPORT_LIMITS.maxPreviewRows).map((b) => ({
    row: b.row,
    exhibitorNo: b.input.exhibitorNo,
    companyName: b.input.companyNameZh ?? b.input.companyNameEn ?? "",
    boothNo: b.input.boothNo,
    hallCode: b.input.hallCode,
    ...b.size,
    boothType: b.input.boothType,
    exhibitor: plan.exhibitors.get(b.exhibitorKey)!.userId === null ? "create" : "update",
    booth: b.boothId === null ? "create" : "update",
  }));
}

/** The preview: checks the file, saves nothing but the file itself (for its confirmation) when it has no error. */
export async function previewExhibitorImport(db: Database, caller: { userId: number; exhibitionId: number }, bytes: Buffer, language: Language) {
  const { plan, errors, totalRows } = await checkExhibitorFile(db, caller.exhibitionId, bytes, language);
  let stageId: string | null = null;
  await db
    .deleteFrom("exhibitor_import_stages")
    .where("created_at", "<", new Date(Date.now() - EXHIBITOR_IMPORT_LIMITS.stageMinutes * 60_000))
    .execute();
  if (!errors.length) {
    stageId = crypto.randomBytes(18).toString("base64url");
    await db
      .insertInto("exhibitor_import_stages")
      .values({ id: stageId, user_id: caller.userId, exhibition_id: caller.exhibitionId, file_base64: bytes.toString("base64") })
      .execute();
  }
  const preview: ExhibitorImportPreview = {
    stageId,
    rows: errors.length ? [] : previewRows(plan),
    totalRows,
    errors: errors.slice(0, EXHIBITOR_IMPORT_LIMITS.maxListedErrors),
    totalErrors: errors.length,
    failedRows: new Set(errors.map((e) => e.row)).size,
    counts: counts(plan),
  };
  return preview;
}

/** The confirmation: the caller's own previewed file, checked again now, saved whole or not at all. */
export async function confirmExhibitorImport(db: Database, caller: { userId: number; exhibitionId: number }, stageId: string, language: Language) {
  const stage = await db
    .selectFrom("exhibitor_import_stages")
    .select("file_base64")
    .where("id", "=", stageId)
    .where("user_id", "=", caller.userId)
    .where("exhibition_id", "=", caller.exhibitionId)
    .where("created_at", ">=", new Date(Date.now() - EXHIBITOR_IMPORT_LIMITS.stageMinutes * 60_000))
    .executeTakeFirst();
  if (!stage) throw notFound("accounts.import.stageMissing");
  const { plan, errors } = await checkExhibitorFile(db, caller.exhibitionId, Buffer.from(stage.file_base64, "base64"), language);
  if (errors.length) throw rowsFailed(errors);
  const result = await saveExhibitors(db, caller.exhibitionId, plan);
  await db.deleteFrom("exhibitor_import_stages").where("id", "=", stageId).execute();
  return result;
}
