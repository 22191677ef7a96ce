import { endpoint } from "../api/endpoint";
import type { AccountStorageView, ExhibitorImportCounts, ExhibitorImportPreview, InvitationBatchList, InvitationPage, InvitationSendAnswer } from "./api-types";
import { invitationBatchSchema, invitationListSchema, invitationSendSchema, storageQuotaSchema } from "./invitation-schema";
import { exhibitorImportConfirmSchema } from "./schema";

/**
 * Exhibitor accounts and booths (issue 39, decision 032): the organizer's import from Excel
 * (roleId 1 only). The preview reads and checks the file and keeps it for an hour; the confirmation
 * checks the kept file again and saves it whole, or nothing.
 */
export const accountEndpoints = {
  importTemplate: endpoint.get("/smeb/exhibitors/import/template").file(),
  /** Multipart: the .xlsx (EXHIBITOR_IMPORT_FILE_FIELD). Nothing is saved. */
  importPreview: endpoint.upload("/smeb/exhibitors/import/preview").answers<ExhibitorImportPreview>(),
  importConfirm: endpoint.post("/smeb/exhibitors/import/confirm", exhibitorImportConfirmSchema).answers<ExhibitorImportCounts>(),
  /** The exhibitor accounts with their activation and newest invitation link, filtered and paged (roleId 1 only). */
  invitations: endpoint.get("/smeb/exhibitors/invitations", invitationListSchema).answers<InvitationPage>(),
  /**
   * Invitation links to the ticked accounts or to every account not activated yet; activated ones are
   * skipped. "All" (or a long list) is a batch sent by a background job where this process runs one.
   */
  sendInvitations: endpoint.post("/smeb/exhibitors/invitations/send", invitationSendSchema).answers<InvitationSendAnswer>(),
  /** The newest invitation batches with their progress, or the one `id` names. */
  invitationBatches: endpoint.get("/smeb/exhibitors/invitations/batches", invitationBatchSchema).answers<InvitationBatchList>(),
  /** The organizer's storage quota for one account (issue 50); answers its usage against it. */
  storageQuota: endpoint.post("/smeb/exhibitors/storage-quota", storageQuotaSchema).answers<AccountStorageView & { username: string }>(),
};
