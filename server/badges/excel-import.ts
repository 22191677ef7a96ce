import type ExcelJS from "exceljs";
import { sql } from "kysely";
import {
  BADGE_EXCEL_FIELDS,
  BADGE_EXCEL_LIMITS,
  type BadgeExcelField,
  type BadgeImportFailure,
  type BadgeImportRowError,
} from "../../app/contracts/badges/excel-types";
import { ID_TYPES, type IdType } from "../../app/contracts/badges/id-documents";
import { badgeQuota, kindsOfNext } from "../../app/contracts/badges/quota";
import { badgeSchema, type BadgeInput } from "../../app/contracts/badges/schema";
import type { Language } from "../../app/contracts/i18n/config";
import { withProp } from "../../app/contracts/common/validation";
import { ApiCode, ApiError } from "../api/envelope";
import { findUnstorableText } from "../api/text-input";
import type { Database } from "../db/database";
import { insertBadges, liveCount, lockBooth, quotaRule, resolveBooth, uniqueViolationField } from "./badges";
import type { Caller } from "../auth/caller";
import { foreignMatchesRefusal, noteProbes, probesLeft, requireProbesLeft } from "./holder-probes";
import { type CellText, type FieldSheetRow, headerFieldOf, readFieldSheet, requiredHeaders } from "../spreadsheets/field-sheet";
import { normalizeHeader, richText } from "../spreadsheets/workbook";
import { fieldLabel, idTypeLabel, SAMPLE } from "./excel";

export type { CellText };

/**
 * The Excel import (issue 14, decision 015): all rows or none. The file is sniffed before exceljs
 * sees it; every row goes through the form's own schema; duplicates are looked for within the file
 * and among the exhibition's live badges; the quota is counted over the whole file, and the rows are
 * saved in one transaction with the booth row locked.
 */
const F = (field: string) => `badges.fields.${field}`;
const REQUIRED_HEADERS = BADGE_EXCEL_FIELDS.filter((field) => field !== "position");
const UNIQUE_FIELDS = ["idNumber", "mobile", "email"] as const;
/** Excel keeps 15 significant digits: a longer integer in a number cell has already lost some. */
const EXCEL_EXACT_INTEGERS = 1e15;

/**
 * A cell's value as the text a form field would get, or the message key why it cannot be read.
 * Formulas are refused, never evaluated; numbers become their digits; rich text and links their text.
 */
export function cellText(value: ExcelJS.CellValue, field: BadgeExcelField): CellText {
  if (value === null || value === undefined) return { text: "" };
  if (typeof value === "string") return checked(value.trim());
  if (typeof value === "boolean") return { text: String(value).toUpperCase() };
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return { error: withProp("validation.correct", F(field)) };
    if (Number.isInteger(value) && Math.abs(value) >= EXCEL_EXACT_INTEGERS) return { error: "badges.excel.lostDigits" };
    // Integers below 1e15 print without an exponent, digit for digit.
    return { text: String(value) };
  }
  if (value instanceof Date) return { error: "badges.excel.dateCell" };
  if ("formula" in value || "sharedFormula" in value) return { error: "badges.excel.formula" };
  if ("richText" in value) return checked(richText(value).trim());
  if ("hyperlink" in value) {
    const text: unknown = value.text;
    return checked(
      (typeof text === "string" ? text : text && typeof text === "object" && "richText" in text ? richText(text as ExcelJS.CellRichTextValue) : "").trim(),
    );
  }
  return { error: withProp("validation.correct", F(field)) };
}

const checked = (text: string): CellText => (findUnstorableText(text) === null ? { text } : { error: "validation.unstorable" });

/** "idCard", "Mainland ID card" or "居民身份证" (any case, spaces or not) → idCard; anything else null. */
export function idTypeOf(text: string): IdType | null {
  const wanted = normalizeHeader(text);
  return ID_TYPES.find((idType) => [idType, idTypeLabel("en", idType), idTypeLabel("zh", idType)].some((name) => normalizeHeader(name) === wanted)) ?? null;
}

/** A header cell's field, in either language or by its code. */
export const headerField = headerFieldOf(BADGE_EXCEL_FIELDS, fieldLabel);

export type BadgeSheet = { rows: FieldSheetRow<BadgeExcelField>[]; columns: Partial<Record<BadgeExcelField, string>> };

const refuse = (key: string, values: Record<string, unknown> = {}) => new ApiError(ApiCode.badRequest, `badges.excel.${key}`, values);

/** Sniffs and reads the workbook's first visible sheet: its header, then one entry per non-empty row. */
const readBadgeSheet = (bytes: Buffer, language: Language): Promise<BadgeSheet> =>
  readFieldSheet(bytes, language, {
    fields: BADGE_EXCEL_FIELDS,
    missingHeaders: requiredHeaders(REQUIRED_HEADERS, fieldLabel),
    limits: BADGE_EXCEL_LIMITS,
    refuse,
    headerField,
    headerText: (value) => cellText(value, "holderName"),
    cellText,
    isSample: (cells) => cells.idNumber === SAMPLE.idNumber && cells.mobile === SAMPLE.mobile && cells.email === SAMPLE.email,
  });

export type CheckedRow = { row: number; input: BadgeInput };

/** Every row through the form's schema, then duplicates within the file; the errors by row and column. */
export function checkRows(sheet: BadgeSheet, language: Language): { good: CheckedRow[]; errors: BadgeImportRowError[] } {
  const schema = badgeSchema(language);
  const errors: BadgeImportRowError[] = [];
  const good: CheckedRow[] = [];
  const errorAt = (row: number, field: BadgeExcelField, message: string) => errors.push({ row, column: sheet.columns[field] ?? "", field, message });
  for (const entry of sheet.rows) {
    const failed = new Set(entry.errors.map((e) => e.field));
    errors.push(...entry.errors);
    const { idType, ...rest } = entry.cells;
    const mapped = idType === undefined ? undefined : idTypeOf(idType);
    if (idType !== undefined && !mapped && !failed.has("idType")) {
      errorAt(entry.row, "idType", withProp("validation.correct", F("idType")));
      failed.add("idType");
    }
    const result = schema.safeParse({ ...rest, idType: mapped ?? undefined });
    if (result.success && !failed.size) good.push({ row: entry.row, input: result.data });
    for (const issue of result.success ? [] : result.error.issues) {
      const field = issue.path[0] as BadgeExcelField;
      if (failed.has(field)) continue;
      failed.add(field);
      errorAt(entry.row, field, issue.message);
    }
  }
  // The second of two rows with the same ID number, mobile or e-mail is the one in error.
  const seen = new Map<string, number>();
  for (const { row, input } of good) {
    for (const field of UNIQUE_FIELDS) {
      const key = `${field}:${field === "email" ? input.email.toLowerCase() : input[field]}`;
      if (seen.has(key)) errorAt(row, field, withProp("validation.exists", F(field)));
      else seen.set(key, row);
    }
  }
  const failedRows = new Set(errors.map((e) => e.row));
  return { good: good.filter((g) => !failedRows.has(g.row)), errors };
}

/** The values of the rows already held by the exhibition's live badges, with the holding account, in one query (as duplicateField compares them). */
async function takenValues(db: Database, exhibitionId: number, rows: CheckedRow[]) {
  const taken = { idNumber: new Map<string, number>(), mobile: new Map<string, number>(), email: new Map<string, number>() };
  if (!rows.length) return taken;
  const found = await db
    .selectFrom("badges")
    .select(["id_number", "mobile", sql<string>`lower(email)`.as("email"), "user_id"])
    .where("exhibition_id", "=", exhibitionId)
    .where("deleted_at", "is", null)
    .where((eb) =>
      eb.or([
        eb(
          "id_number",
          "in",
          rows.map((r) => r.input.idNumber),
        ),
        eb(
          "mobile",
          "in",
          rows.map((r) => r.input.mobile),
        ),
        eb(
          sql`lower(email)`,
          "in",
          rows.map((r) => r.input.email.toLowerCase()),
        ),
      ]),
    )
    .execute();
  for (const row of found) {
    taken.idNumber.set(row.id_number, row.user_id);
    taken.mobile.set(row.mobile, row.user_id);
    taken.email.set(row.email, row.user_id);
  }
  return taken;
}

/**
 * 'The {prop} already exists' for each value of the rows a live badge of the exhibition already
 * holds, and how many rows matched another exhibitor's holder (counted against the account's
 * allowance, see holder-probes.ts).
 */
async function alreadyHeld(db: Database, caller: Caller, sheet: BadgeSheet, rows: CheckedRow[]) {
  const taken = await takenValues(db, caller.exhibitionId, rows);
  let foreignRows = 0;
  const errors = rows.flatMap(({ row, input }): BadgeImportRowError[] => {
    const holders = UNIQUE_FIELDS.map((field) => ({ field, holder: taken[field].get(field === "email" ? input.email.toLowerCase() : input[field]) })).filter(
      (h) => h.holder !== undefined,
    );
    if (holders.some((h) => h.holder !== caller.userId)) foreignRows += 1;
    return holders.map(({ field }) => ({ row, column: sheet.columns[field] ?? "", field, message: withProp("validation.exists", F(field)) }));
  });
  return { errors, foreignRows };
}

function rowsFailed(errors: BadgeImportRowError[]): ApiError {
  const sorted = [...errors].sort((a, b) => a.row - b.row || a.column.length - b.column.length || a.column.localeCompare(b.column));
  const failedRows = new Set(errors.map((e) => e.row)).size;
  const data: BadgeImportFailure = { rows: sorted.slice(0, BADGE_EXCEL_LIMITS.maxListedErrors), total: errors.length, failedRows };
  return new ApiError(ApiCode.badRequest, "badges.excel.rowsFailed", { count: failedRows }, data);
}

const quotaRefusal = (count: number, remaining: number) => new ApiError(ApiCode.conflict, "badges.excel.quotaExceeded", { count, remaining });

/** Imports the workbook's badges for the caller's booth (the one named, else the session's): all or none. */
export async function importBadges(db: Database, caller: Caller, bytes: Buffer, language: Language, boothId?: number) {
  const sheet = await readBadgeSheet(bytes, language);
  const booth = await resolveBooth(db, caller, boothId);
  // The quota first: no use fixing rows that could not all be saved anyway.
  const remaining = badgeQuota(await quotaRule(db, caller.exhibitionId), booth.areaM2, await liveCount(db, booth.id)).remaining;
  if (sheet.rows.length > remaining) throw quotaRefusal(sheet.rows.length, remaining);

  const { good, errors } = checkRows(sheet, language);
  await requireProbesLeft(db, caller.userId, "foreign");
  const held = await alreadyHeld(db, caller, sheet, good);
  if (held.foreignRows) {
    // A sheet naming more of other exhibitors' holders than the account may still learn of: refused whole, naming none.
    const left = await probesLeft(db, caller.userId, "foreign");
    await noteProbes(db, caller.userId, "foreign", Math.min(held.foreignRows, left));
    if (held.foreignRows > left) throw await foreignMatchesRefusal(db, caller.userId);
  }
  errors.push(...held.errors);
  if (errors.length) throw rowsFailed(errors);

  try {
    await db.transaction().execute(async (trx) => {
      await lockBooth(trx, booth.id);
      const rule = await quotaRule(trx, caller.exhibitionId);
      const applied = await liveCount(trx, booth.id);
      const kinds = kindsOfNext(rule, booth.areaM2, applied, good.length);
      if (!kinds) throw quotaRefusal(good.length, badgeQuota(rule, booth.areaM2, applied).remaining);
      await insertBadges(
        trx,
        caller,
        booth,
        good.map(({ input }, i) => ({ input, photoId: null, kind: kinds[i]! })),
        rule,
        { source: "excel" },
      );
    });
  } catch (error) {
    const field = uniqueViolationField(error);
    if (!field) throw error;
    // Someone saved the same person meanwhile: the unique index refused the lot and nothing was saved. Name the rows now held.
    const clashes = (await alreadyHeld(db, caller, sheet, good)).errors;
    throw rowsFailed(
      clashes.length ? clashes : [{ row: good[0]!.row, column: sheet.columns[field] ?? "", field, message: withProp("validation.exists", F(field)) }],
    );
  }
  return { imported: good.length };
}
