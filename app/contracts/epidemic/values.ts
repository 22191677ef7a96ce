/** The epidemic declaration (issue 41): limits, paths and upload rules, zod-free for the pages. */

export const EPIDEMIC_PATH = "/exhibitorInfo/epidemicDeclaration";
export const EPIDEMIC_REVIEW_PATH = "/exhibitorInfo/epidemicReview";
/** Resource routes: the staff template (exhibitor) and the organizer's export. */
export const EPIDEMIC_TEMPLATE_PATH = "/exhibitorInfo/epidemicDeclaration/template";
export const EPIDEMIC_EXPORT_PATH = "/exhibitorInfo/epidemicReview/export";

/** The staff list's page (spec: member findPage). */
export const EPIDEMIC_STAFF_PAGE_SIZE = 20;
export const EPIDEMIC_NAME_MAX = 50;
export const EPIDEMIC_COMMITMENT_TEXT_MAX = 5000;
export const EPIDEMIC_COMPANY_FILTER_MAX = 50;

/** The optional code images: pictures only, in their own folders (docs/product.md § Uploads). */
export const HEALTH_CODE_UPLOAD = { folder: "health-code" as const, kinds: ["jpg" as const, "png" as const], maxBytes: 5 * 1024 * 1024 };
export const TRAVEL_CODE_UPLOAD = { folder: "travel-code" as const, kinds: ["jpg" as const, "png" as const], maxBytes: 5 * 1024 * 1024 };

/** The staff template's columns, in order; the import finds them by their header in either language. */
export const STAFF_EXCEL_FIELDS = ["name", "idNumber", "mobile"] as const;
export type StaffExcelField = (typeof STAFF_EXCEL_FIELDS)[number];

export const STAFF_EXCEL_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  maxRows: 500,
  /** What the workbook may unpack to (the zip-bomb guard). */
  maxUnpackedBytes: 30 * 1024 * 1024,
  /** Row errors listed in one answer; `total` counts them all. */
  maxListedErrors: 100,
} as const;
/** The multipart field of the upload. */
export const STAFF_EXCEL_FILE_FIELD = "file";
