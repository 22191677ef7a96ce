import "./texts";
/**
 * Badges in Excel (issue 14): the template's columns, the import's limits and its answers
 * (/smeb/pass/ticket/downloadTemplate, upload, export), shared by the server and the pages.
 */

/** The template's columns, in order (A to G); the import finds them by their header in either language. */
export const BADGE_EXCEL_FIELDS = ["holderName", "idType", "idNumber", "mobile", "email", "company", "position"] as const;
export type BadgeExcelField = (typeof BADGE_EXCEL_FIELDS)[number];

export const BADGE_EXCEL_LIMITS = {
  /** The upload's size: the page says it beside the file input. */
  maxBytes: 2 * 1024 * 1024,
  /** Data rows of one file (the header not counted). */
  maxRows: 1000,
  /** What the workbook may unpack to (the zip-bomb guard). */
  maxUnpackedBytes: 30 * 1024 * 1024,
  /** Row errors listed in one answer; `total` counts them all. */
  maxListedErrors: 200,
} as const;

/** The multipart field names of the upload. */
export const BADGE_EXCEL_FILE_FIELD = "file";
export const BADGE_EXCEL_BOOTH_FIELD = "boothId";

/** A good file: every row saved, in one transaction. */
export type BadgeImportResult = { imported: number };

/** One failed cell: its row as Excel numbers it, its column letter, and an i18n message key (maybe "key|label key"). */
export type BadgeImportRowError = { row: number; column: string; field: BadgeExcelField | null; message: string };

/** The data of the 400 answer `badges.excel.rowsFailed`: nothing was saved. */
export type BadgeImportFailure = {
  /** At most BADGE_EXCEL_LIMITS.maxListedErrors, by row and column. */
  rows: BadgeImportRowError[];
  /** All errors found, listed or not. */
  total: number;
  /** The rows with at least one error. */
  failedRows: number;
};
