/**
 * Exhibitors and booths from Excel (issue 39, decision 032): the template's columns in order, the
 * import's limits and the multipart field names, shared by the server, the CLI and the page (zod-free).
 */

/**
 * The template's columns, in order (A to L); the import finds them by their header in either language,
 * so a file of the earlier template (A to J, no width and depth) still reads (decision 056).
 */
export const EXHIBITOR_IMPORT_FIELDS = [
  "exhibitorNo",
  "companyNameZh",
  "companyNameEn",
  "contactName",
  "mobile",
  "email",
  "boothNo",
  "hallCode",
  "widthM",
  "depthM",
  "areaM2",
  "boothType",
] as const;
export type ExhibitorImportField = (typeof EXHIBITOR_IMPORT_FIELDS)[number];

/**
 * The columns a file must have (decision 056): these always; of the company names and of the
 * contacts at least one column each; the booth's width and depth, or its area (the earlier template).
 */
export const EXHIBITOR_IMPORT_REQUIRED_COLUMNS = ["exhibitorNo", "contactName", "boothNo", "hallCode", "boothType"] as const satisfies ExhibitorImportField[];
export const EXHIBITOR_IMPORT_EITHER_COLUMNS = [
  ["companyNameZh", "companyNameEn"],
  ["mobile", "email"],
] as const satisfies [ExhibitorImportField, ExhibitorImportField][];

/** A booth's sides in metres and its area in m², as the import takes them. */
export const BOOTH_SIZE_LIMITS = { minSideM: 1, maxSideM: 1000, maxAreaM2: 20000 } as const;

export const EXHIBITOR_IMPORT_LIMITS = {
  /** The upload's size. */
  maxBytes: 2 * 1024 * 1024,
  /** Data rows of one file (the header not counted): one per booth. */
  maxRows: 5000,
  /** What the workbook may unpack to (the zip-bomb guard). */
  maxUnpackedBytes: 40 * 1024 * 1024,
  /** Row errors listed in one answer; `total` counts them all. */
  maxListedErrors: 500,
  /** Rows shown in a preview. */
  maxPreviewRows: 500,
  /** How long a previewed file waits for its confirmation. */
  stageMinutes: 60,
} as const;

/** The multipart field of the file, and the form field naming a previewed file on confirmation. */
export const EXHIBITOR_IMPORT_FILE_FIELD = "file";
export const EXHIBITOR_IMPORT_STAGE_FIELD = "stageId";

/** The invitation page's filters (issue 39): every exhibitor account, those not activated yet, those activated. */
export const INVITATION_FILTERS = ["all", "pending", "activated"] as const;
export type InvitationFilter = (typeof INVITATION_FILTERS)[number];
/** Accounts ticked in one send (a page shows at most 50). */
export const INVITATION_MAX_CHOSEN = 500;

/** An invitation batch's states (a "send to all" sent by a background job), and its accounts' (issue 39). */
export type InvitationBatchState = "queued" | "running" | "done" | "failed";
export type InvitationItemStatus = "queued" | "sending" | "sent" | "failed" | "skipped";
/** A chosen list longer than this is sent as a batch (a background job), as "send to all" always is. */
export const INVITATION_BATCH_FROM = 20;
