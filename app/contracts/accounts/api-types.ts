import type { ExhibitorImportField, InvitationBatchState } from "./values";

/**
 * The exhibitor import's answers (issue 39): a preview (nothing saved) and the confirmation's counts.
 */

/** One failed cell: its row as Excel numbers it, its column letter, and a text key (maybe "key|label key"). */
export type ExhibitorImportRowError = { row: number; column: string; field: ExhibitorImportField | null; message: string };

/** One row of the preview: what the confirmation will do with its exhibitor and booth. */
export type ExhibitorImportPreviewRow = {
  row: number;
  exhibitorNo: string;
  /** The Chinese name, else the English one (an overseas exhibitor may have only that). */
  companyName: string;
  boothNo: string;
  hallCode: string;
  widthM: number;
  depthM: number;
  areaM2: number;
  boothType: number;
  exhibitor: "create" | "update";
  booth: "create" | "update";
};

export type ExhibitorImportCounts = { createdExhibitors: number; updatedExhibitors: number; createdBooths: number; updatedBooths: number };

/** The preview: with errors, nothing can be confirmed; without, `stageId` names the file to confirm. */
export type ExhibitorImportPreview = {
  stageId: string | null;
  rows: ExhibitorImportPreviewRow[];
  /** All data rows of the file (the preview lists at most EXHIBITOR_IMPORT_LIMITS.maxPreviewRows). */
  totalRows: number;
  /** At most EXHIBITOR_IMPORT_LIMITS.maxListedErrors, by row and column. */
  errors: ExhibitorImportRowError[];
  totalErrors: number;
  failedRows: number;
  counts: ExhibitorImportCounts;
};

/** The data of the 400 answer `accounts.import.rowsFailed` on confirmation: nothing was saved. */
export type ExhibitorImportFailure = { rows: ExhibitorImportRowError[]; total: number; failedRows: number };

/**
 * The invitations to the portal (issue 39, decision 033): each exhibitor account with whether it is
 * activated and its newest invitation link. Contacts as the caller may see them (the organizer: unmasked).
 */
export type InvitationRow = {
  userId: number;
  username: string;
  companyName: string;
  companyNameEn: string;
  contactName: string;
  email: string;
  mobile: string;
  /** ISO time the account set its own password; null while not activated. */
  activatedAt: string | null;
  /** The newest invitation link: when it was sent and until when it works; null when never invited. */
  lastSentAt: string | null;
  linkExpiresAt: string | null;
  /** open: usable now; expired; used; replaced (voided by a newer link or a password set otherwise). */
  linkState: "open" | "expired" | "used" | "replaced" | null;
  /** Its completed files together, and its quota (its own, or the default; issue 50). */
  storage: AccountStorageView;
};

/** An account's stored bytes against its quota (MB; `ownQuota`: set by the organizer, else the default). */
export type AccountStorageView = { usedBytes: number; quotaMb: number; ownQuota: boolean };

export type InvitationPage = {
  rows: InvitationRow[];
  /** UPLOAD_QUOTA_MB: an account's quota unless it has its own. */
  defaultQuotaMb: number;
  /** Accounts matching the filter. */
  total: number;
  counts: { all: number; pending: number; activated: number };
};

/** What one send did, account by account (language: the one its messages were written in). */
export type InvitationSendResult = {
  sent: { username: string; email: boolean; sms: boolean; language: "zh" | "en" }[];
  skippedActivated: string[];
  skippedNoContact: string[];
  /** Accounts whose messages all failed to go out (logged): to be sent again. */
  failed: string[];
};

/**
 * One "send to all" (or long chosen list) of invitations, sent by a background job (issue 39): its
 * progress. `total` accounts; `sent`, `failed` and `skipped` (activated meanwhile, no contact) so far.
 */
export type InvitationBatch = {
  id: number;
  state: InvitationBatchState;
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  /** Why the job stopped (state failed). */
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
};

/** A send's answer: what was sent in the request (nothing yet when the batch was queued), and its batch (null for a short chosen list, sent at once). */
export type InvitationSendAnswer = InvitationSendResult & { batch: InvitationBatch | null };

/** The newest batches of the exhibition, newest first (or the one asked for). */
export type InvitationBatchList = { batches: InvitationBatch[] };
