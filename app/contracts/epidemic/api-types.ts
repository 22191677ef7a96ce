import type { StaffExcelField } from "./values";

/** Answers of the epidemic declaration's endpoints (issue 41). */

/** The exhibitor's commitment: the organizer's text in the caller's language and whether it was accepted. */
export type EpidemicCommitment = {
  text: string;
  accepted: boolean;
  signerName: string | null;
  acceptedAt: string | null;
};

/** A staff member; the ID number and mobile are masked for everyone but the organizer. */
export type EpidemicStaff = {
  id: number;
  name: string;
  idNumber: string;
  mobile: string;
  healthCodeUrl: string | null;
  travelCodeUrl: string | null;
  createdAt: string;
};

export type EpidemicStaffPage = { total: number; page: number; pageSize: number; items: EpidemicStaff[] };

/** A good file: every row saved in one transaction. */
export type StaffImportResult = { imported: number };

/** One failed cell: its row as Excel numbers it, its column and an i18n message ("key" or "key|label key"). */
export type StaffImportRowError = { row: number; column: string; field: StaffExcelField | null; message: string };

/** The data of the 400 answer `epidemic.excel.rowsFailed`: nothing was saved. */
export type StaffImportFailure = { rows: StaffImportRowError[]; total: number; failedRows: number };

/** The organizer's settings: the switch and the commitment text in both languages. */
export type EpidemicSettings = { on: boolean; textZh: string; textEn: string };

/** One exhibitor's declaration as the organizer sees it. */
export type EpidemicDeclarationRow = {
  userId: number;
  company: string;
  boothNos: string;
  signerName: string | null;
  acceptedAt: string | null;
  staffCount: number;
};

/** A staff member with the exhibitor it belongs to (the organizer's list). */
export type EpidemicReviewStaff = EpidemicStaff & { userId: number; company: string };

export type EpidemicReview = {
  declarations: { total: number; page: number; pageSize: number; items: EpidemicDeclarationRow[] };
  staff: { total: number; page: number; pageSize: number; items: EpidemicReviewStaff[] };
};
