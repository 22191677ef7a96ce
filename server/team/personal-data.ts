import type { Response } from "express";
import type ExcelJS from "exceljs";
import type { TeamSeat } from "./membership";
import { maskEmail, maskPhone } from "../../app/contracts/common/format";
import { isOrganizer } from "../../app/contracts/permission/roles";
import { COMMON } from "../../app/contracts/team/areas";
import { loadExcel } from "../spreadsheets/workbook";
import { areaOfApiPath } from "./api-areas";

/**
 * Personal data and the organizer's staff (docs/decisions/069): the organizer's views show contacts and
 * ID numbers as typed, and a staff role without "sees personal data" must not get them. Rather than
 * each domain deciding again, what such a staff account is answered is masked on its way out: every
 * JSON answer by field name, every workbook by column header. A field added later with a personal name
 * is masked without anyone remembering to.
 */

/** A contact or ID number by its name: "mobile", "contactPhone", "id_number", "draft.contact1Email", "tel". */
const PERSONAL_FIELD = /(mobile|phone|email|id_?number)$|(^|_)tel$/i;

export const isPersonalField = (path: string) => PERSONAL_FIELD.test(path.split(".").pop() ?? "");

/** A value masked as the exhibitor-facing views mask it: an address partly, anything else as a number. */
export const maskedValue = (value: string) => (value.includes("@") ? maskEmail(value) : maskPhone(value));

/** Who an answer goes to, as requireSession found them (its SessionUser; named here without importing the API's layer). */
type Viewer = { user: { roleId: number }; team: TeamSeat | null };

/** Unmasked for the organizer, and of its staff only for roles that need personal data. */
export const seesPersonalData = (caller: Viewer) => isOrganizer(caller.user.roleId) && (caller.team?.kind !== "staff" || caller.team.seesPersonalData);

/**
 * Whether this answer goes to a staff account whose role does not see personal data. The caller's own
 * account, menus and look-ups (the COMMON paths) are its own and stay as they are.
 */
export function masksForStaff(res: Response): boolean {
  const caller = res.locals.sessionUser as Viewer | undefined;
  if (caller?.team?.kind !== "staff" || caller.team.seesPersonalData) return false;
  return areaOfApiPath(res.req.path) !== COMMON;
}

/** A JSON answer with every string under a personal field name masked, at any depth. */
export function maskPersonalFields<T>(value: T): T {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== "object" || node instanceof Date) return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, field]) => [key, typeof field === "string" && isPersonalField(key) ? maskedValue(field) : walk(field)]),
    );
  };
  return walk(value) as T;
}

/** A column header that names a contact or an ID number, in either language. */
const PERSONAL_HEADER = /mobile|phone|e-?mail|\bid (card )?(number|no)|\btel\b|手机|电话|邮箱|邮件|证件号|身份证/i;
/** A header is short; a longer cell near the top is a title or a note, not a header. */
const HEADER_MAX_LENGTH = 40;
/** Exports put a title or a note above the header at most this many rows. */
const HEADER_ROWS_SEARCHED = 5;

const cellText = (value: ExcelJS.CellValue): string => {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (value && typeof value === "object" && "richText" in value) return value.richText.map((run) => run.text ?? "").join("");
  return "";
};

/**
 * An export with every column whose header names a contact or an ID number masked below its header,
 * on every sheet. The workbook is read and written again: only for the staff it is masked for.
 */
export async function maskPersonalColumns(bytes: Uint8Array): Promise<Uint8Array> {
  const workbook = new (await loadExcel()).Workbook();
  await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer);
  for (const sheet of workbook.worksheets) {
    for (let rowNumber = 1; rowNumber <= Math.min(HEADER_ROWS_SEARCHED, sheet.rowCount); rowNumber++) {
      const personalColumns: number[] = [];
      sheet.getRow(rowNumber).eachCell((cell, column) => {
        const text = cellText(cell.value).trim();
        if (text && text.length <= HEADER_MAX_LENGTH && PERSONAL_HEADER.test(text)) personalColumns.push(column);
      });
      if (!personalColumns.length) continue;
      for (let below = rowNumber + 1; below <= sheet.rowCount; below++) {
        const row = sheet.getRow(below);
        for (const column of personalColumns) {
          const cell = row.getCell(column);
          const text = cellText(cell.value);
          if (text) cell.value = maskedValue(text);
        }
      }
      break;
    }
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
