import { Router, type Request, type Response } from "express";
import {
  applicationSchema,
  applicationUpdateSchema,
  baseInfoByLogIdSchema,
  baseInfoByNameSchema,
  financeQuerySchema,
  issueSchema,
  qrLinkRenewSchema,
  qrLinkRevokeSchema,
  qrSaveSchema,
  qrTokenSchema,
  recordIdSchema,
  urgentSchema,
} from "../../../app/contracts/invoices/schema";
import { ADMIN_ROLE_ID } from "../../seed/roles";
import { attachmentDisposition, XLSX_CONTENT_TYPE } from "../../badges/excel";
import {
  applicationDetail,
  baseInfoByLogId,
  baseInfoByName,
  invoicePdfOf,
  listApplications,
  markUrgent,
  openList,
  saveApplication,
  updateApplication,
  type Caller,
} from "../../invoices/applications";
import { requireChinese } from "../../invoices/chinese-only";
import { decideApplication, exportFileName, financeList, financeWorkbook } from "../../invoices/finance-desk";
import { renewQrLink, revokeQrLink } from "../../invoices/qr-links";
import { countQrRequest, qrInfo, qrSave } from "../../invoices/qr-page";
import { findStoredFile } from "../../uploads/files";
import type { ApiDeps } from "../context";
import { clientIp } from "../context";
import { ApiCode, ApiError, handle, parseInput, requestLanguage } from "../envelope";
import { badgeCallerOf, badgeOrganizerOf } from "./badge-caller";

/**
 * Invoice applications (spec point 7: /smeb/invoice/ openList, list, detail, save, update, urgent,
 * pdfUrl, baseInfoByName, baseInfoByLogId; the organizer's review/*), the QR link's revoke and renew
 * (issue 36) and the public QR page's API (/invoice/qr/info, /invoice/qrSave). The exhibitor's and
 * organizer's routes are Chinese only (spec point 4); the QR routes take no session and no language
 * rule, and are rate limited per address.
 */
type Body = Record<string, unknown>;
const bodyOf = (req: Request): Body => (req.body && typeof req.body === "object" ? (req.body as Body) : {});

export function invoiceRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  /** The session first (401), then the language (403). */
  const exhibitorOf = async (req: Request, res: Response): Promise<Caller> => {
    const caller = await badgeCallerOf(deps, req, res);
    requireChinese(req);
    return caller;
  };
  /** RoleId 1 only: refused before anything is read. */
  const organizerOf = async (req: Request, res: Response): Promise<Caller> => {
    const caller = await badgeOrganizerOf(deps, req, res);
    requireChinese(req);
    return caller;
  };

  router.get(
    "/smeb/invoice/openList",
    handle(async (req, res) => openList(db, await exhibitorOf(req, res), requestLanguage(req))),
  );
  router.get(
    "/smeb/invoice/list",
    handle(async (req, res) => listApplications(db, await exhibitorOf(req, res), requestLanguage(req))),
  );
  router.get(
    "/smeb/invoice/detail",
    handle(async (req, res) => {
      const caller = await exhibitorOf(req, res);
      return applicationDetail(db, caller, parseInput(recordIdSchema, req.query).id, requestLanguage(req), deps.sessionSecrets);
    }),
  );
  router.post(
    "/smeb/invoice/save",
    handle(async (req, res) => {
      const caller = await exhibitorOf(req, res);
      return saveApplication(db, caller, parseInput(applicationSchema, bodyOf(req)), requestLanguage(req));
    }),
  );
  router.post(
    "/smeb/invoice/update",
    handle(async (req, res) => {
      const caller = await exhibitorOf(req, res);
      return updateApplication(db, caller, parseInput(applicationUpdateSchema, bodyOf(req)), requestLanguage(req));
    }),
  );
  router.post(
    "/smeb/invoice/urgent",
    handle(async (req, res) => {
      const caller = await exhibitorOf(req, res);
      return markUrgent(db, caller, parseInput(urgentSchema, bodyOf(req)), requestLanguage(req));
    }),
  );
  router.get(
    "/smeb/invoice/baseInfoByName",
    handle(async (req, res) => {
      const caller = await exhibitorOf(req, res);
      return baseInfoByName(db, caller, parseInput(baseInfoByNameSchema, req.query).title);
    }),
  );
  router.get(
    "/smeb/invoice/baseInfoByLogId",
    handle(async (req, res) => {
      const caller = await exhibitorOf(req, res);
      return baseInfoByLogId(db, caller, parseInput(baseInfoByLogIdSchema, req.query).id);
    }),
  );

  // The QR link: its exhibitor revokes or renews it; the organizer may revoke any of the exhibition's.
  router.post(
    "/smeb/invoice/qr/revoke",
    handle(async (req, res) => {
      const caller = await exhibitorOf(req, res);
      const { id } = parseInput(qrLinkRevokeSchema, bodyOf(req));
      return revokeQrLink(db, caller, id, caller.roleId === ADMIN_ROLE_ID, deps.sessionSecrets);
    }),
  );
  router.post(
    "/smeb/invoice/qr/renew",
    handle(async (req, res) => {
      const caller = await exhibitorOf(req, res);
      return renewQrLink(db, caller, parseInput(qrLinkRenewSchema, bodyOf(req)), deps.sessionSecrets);
    }),
  );

  // The e-invoice as a download: the owner's, or the organizer's for any application of the exhibition.
  router.get(
    "/smeb/invoice/pdfUrl",
    handle(async (req, res) => {
      const caller = await exhibitorOf(req, res);
      const { id } = parseInput(recordIdSchema, req.query);
      const pdf = await invoicePdfOf(db, caller, id, caller.roleId === ADMIN_ROLE_ID);
      const file = await findStoredFile(db, pdf.fileId);
      const info = file && (await deps.store.stat(file.storageKey));
      if (!file || !info) throw new ApiError(ApiCode.notFound, "invoices.errors.noPdf");
      const stream = await deps.store.openRead(file.storageKey);
      res.set({
        "Content-Type": "application/pdf",
        "Content-Length": String(info.sizeBytes),
        "Content-Disposition": attachmentDisposition(`发票-${pdf.invoiceNo}.pdf`, `invoice-${pdf.invoiceNo}.pdf`),
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
      });
      await new Promise<void>((resolve, reject) => {
        stream.on("error", reject);
        res.on("finish", resolve);
        res.on("close", resolve);
        stream.pipe(res);
      }).catch((error: unknown) => {
        deps.logger.error({ err: error, applicationId: id }, "invoice PDF could not be read");
        res.destroy();
      });
    }),
  );

  router.get(
    "/smeb/invoice/review/list",
    handle(async (req, res) => {
      const caller = await organizerOf(req, res);
      return financeList(db, caller, parseInput(financeQuerySchema, req.query), requestLanguage(req));
    }),
  );
  router.post(
    "/smeb/invoice/review/decide",
    handle(async (req, res) => {
      const caller = await organizerOf(req, res);
      return decideApplication(deps, caller, parseInput(issueSchema, bodyOf(req)), requestLanguage(req));
    }),
  );
  router.get(
    "/smeb/invoice/review/export",
    handle(async (req, res) => {
      const caller = await organizerOf(req, res);
      const language = requestLanguage(req);
      const { status, keyword } = parseInput(financeQuerySchema, req.query);
      const bytes = await financeWorkbook(db, caller, { status, keyword }, language);
      const name = exportFileName(language);
      res.set({ "Content-Type": XLSX_CONTENT_TYPE, "Content-Disposition": attachmentDisposition(name.filename, name.ascii), "Content-Length": String(bytes.length) });
      res.status(200).end(bytes);
    }),
  );

  // Public: no session, any language; the limit is counted before anything else is looked at.
  router.get(
    "/invoice/qr/info",
    handle(async (req) => {
      await countQrRequest(db, clientIp(req));
      return qrInfo(db, parseInput(qrTokenSchema, req.query).token, deps.sessionSecrets, requestLanguage(req));
    }),
  );
  router.post(
    "/invoice/qrSave",
    handle(async (req) => {
      await countQrRequest(db, clientIp(req));
      return qrSave(db, parseInput(qrSaveSchema, bodyOf(req)), deps.sessionSecrets, requestLanguage(req));
    }),
  );

  return router;
}
