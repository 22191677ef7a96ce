import { Router } from "express";
import { sql } from "kysely";
import { accountEndpoints } from "../../../app/contracts/accounts/endpoints.server";
import { EXHIBITOR_IMPORT_FILE_FIELD, EXHIBITOR_IMPORT_LIMITS } from "../../../app/contracts/accounts/values";
import { translate } from "../../../app/contracts/i18n/translate.server";
import { ORGANIZER_ROLE_ID } from "../../../app/contracts/permission/roles";
import { confirmExhibitorImport, previewExhibitorImport } from "../../accounts/exhibitor-import";
import { exhibitorTemplate, templateFileName } from "../../accounts/exhibitor-template";
import { invitationBatches } from "../../accounts/invitation-batches";
import { sendOrQueueInvitations } from "../../accounts/invitation-jobs";
import { invitationCounts, listInvitations } from "../../accounts/invitations";
import type { ApiDeps } from "../context";
import { ApiCode, ApiError, requestLanguage, notFound } from "../envelope";
import { mount, withMessage } from "../mount";
import { readOneFile } from "../one-file-upload";
import { organizerFor } from "../caller";
import { sendFile, XLSX_CONTENT_TYPE } from "../file-answer";
import { megabytes } from "../../spreadsheets/workbook";
import { accountStorage, setAccountQuota } from "../../uploads/quota";
import { refusesRealOperation } from "../../setup/database-kind";

/**
 * Exhibitor accounts and booths (issue 39, decision 032): the organizer's import from Excel, roleId 1
 * only (an exhibitor is refused before anything is read). The preview saves nothing but the file,
 * kept for its confirmation; the confirmation checks it again and saves it whole or not at all.
 */
const tooLarge = () => new ApiError(413, "accounts.import.fileTooLarge", { max: megabytes(EXHIBITOR_IMPORT_LIMITS.maxBytes) });

export function accountRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();
  /** A demo database with real delivery configured takes no real exhibitors and sends no invitations (docs/decisions/054). */
  const refuseOnDemo = async (key: "setup.importRefusedOnDemo" | "setup.inviteRefusedOnDemo") => {
    if (await refusesRealOperation(db, deps.config)) throw new ApiError(ApiCode.conflict, key);
  };

  mount(router, accountEndpoints.importTemplate, async ({ req, res }) => {
    await organizerFor(deps, req, res);
    const language = requestLanguage(req);
    await sendFile(res, await exhibitorTemplate(language), XLSX_CONTENT_TYPE, templateFileName(language));
  });

  mount(router, accountEndpoints.importPreview, async ({ req, res }) => {
    const caller = await organizerFor(deps, req, res);
    await refuseOnDemo("setup.importRefusedOnDemo");
    const { file } = await readOneFile(req, res, {
      fileField: EXHIBITOR_IMPORT_FILE_FIELD,
      maxBytes: EXHIBITOR_IMPORT_LIMITS.maxBytes,
      tooLarge,
      notMultipart: () => new ApiError(ApiCode.badRequest, "accounts.import.noFile"),
    });
    if (!file) throw new ApiError(ApiCode.badRequest, "accounts.import.noFile");
    return previewExhibitorImport(db, caller, file, requestLanguage(req));
  });

  mount(router, accountEndpoints.importConfirm, async ({ req, res, input }) => {
    const caller = await organizerFor(deps, req, res);
    await refuseOnDemo("setup.importRefusedOnDemo");
    const language = requestLanguage(req);
    const counts = await confirmExhibitorImport(db, caller, input.stageId, language);
    return withMessage(counts, translate(language, "accounts.import.imported", counts));
  });

  // Invitations to the portal (issue 39, decision 033): who is activated, and new links for those who are not.
  mount(router, accountEndpoints.invitations, async ({ req, res, input }) => {
    const caller = await organizerFor(deps, req, res);
    return listInvitations(db, caller, input);
  });

  mount(router, accountEndpoints.sendInvitations, async ({ req, res, input }) => {
    const caller = await organizerFor(deps, req, res);
    await refuseOnDemo("setup.inviteRefusedOnDemo");
    const language = requestLanguage(req);
    const answer = await sendOrQueueInvitations(deps, caller, input);
    // Queued: nothing is sent yet, the batch's progress is on the page.
    if (answer.batch && answer.batch.state !== "done") return withMessage(answer, translate(language, "accounts.invite.batch.queued", answer.batch));
    const counts = invitationCounts(answer);
    const message = [translate(language, "accounts.invite.result", counts), counts.failed ? translate(language, "accounts.invite.failed", counts) : ""];
    return withMessage(answer, message.filter(Boolean).join(language === "zh" ? "；" : "; "));
  });

  mount(router, accountEndpoints.invitationBatches, async ({ req, res, input }) => {
    const caller = await organizerFor(deps, req, res);
    const batches = await invitationBatches(db, caller.exhibitionId, input.id);
    if (input.id !== undefined && !batches.length) throw notFound();
    return { batches };
  });

  // Each account's storage quota (issue 50): an exhibitor account of the caller's exhibition, by its user name.
  mount(router, accountEndpoints.storageQuota, async ({ req, res, input }) => {
    const caller = await organizerFor(deps, req, res);
    const language = requestLanguage(req);
    const account = await db
      .selectFrom("users")
      .select(["id", "username"])
      .where("exhibition_id", "=", caller.exhibitionId)
      .where("role_id", "!=", ORGANIZER_ROLE_ID)
      .where(sql<string>`lower(username)`, "=", input.username.toLowerCase())
      .executeTakeFirst();
    if (!account) {
      throw new ApiError(ApiCode.badRequest, "accounts.quota.unknownAccount", { username: input.username });
    }
    await setAccountQuota(db, account.id, input.quotaMb ?? null);
    const storage = await accountStorage(db, account.id);
    const answer = { username: account.username, usedBytes: storage.usedBytes, quotaMb: storage.quotaMb, ownQuota: storage.ownQuota };
    return withMessage(
      answer,
      translate(language, "accounts.quota.saved", { username: account.username, quota: `${storage.quotaMb} MB`, used: megabytesUsed(storage.usedBytes) }),
    );
  });

  return router;
}

/** Bytes in use as the organizer reads them: MB with one decimal. */
const megabytesUsed = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
