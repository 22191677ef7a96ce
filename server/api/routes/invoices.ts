import { Router, type Request, type Response } from "express";
import { invoiceEndpoints as endpoints } from "../../../app/contracts/invoices/endpoints.server";
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
import type { ApiDeps } from "../context";
import { clientIp } from "../context";
import { requestLanguage, notFound } from "../envelope";
import { mount } from "../mount";
import { callerFor, organizerFor } from "../caller";
import { ORGANIZER_ROLE_ID } from "../../../app/contracts/permission/roles";
import { attachmentDisposition, PDF_CONTENT_TYPE, sendFile, sendStoredUpload, XLSX_CONTENT_TYPE } from "../file-answer";

/**
 * Invoice applications (docs/product.md § The exhibition API: /smeb/invoice/ openList, list, detail, save, update, urgent,
 * pdfUrl, baseInfoByName, baseInfoByLogId; the organizer's review/*), the QR link's revoke and renew
 * (issue 36) and the public QR page's API (/invoice/qr/info, /invoice/qrSave). The exhibitor's and
 * organizer's routes are Chinese only (docs/product.md § Sign-in and sessions); the QR routes take no session and no language
 * rule, and are rate limited per address.
 */
export function invoiceRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  /** The session first (401), then the language (403). */
  const exhibitorOf = async (req: Request, res: Response): Promise<Caller> => {
    const caller = await callerFor(deps, req, res);
    requireChinese(req);
    return caller;
  };
  /** RoleId 1 only: refused before anything is read. */
  const organizerOf = async (req: Request, res: Response): Promise<Caller> => {
    const caller = await organizerFor(deps, req, res);
    requireChinese(req);
    return caller;
  };

  mount(router, endpoints.openList, async ({ req, res }) => openList(db, await exhibitorOf(req, res), requestLanguage(req)));
  mount(router, endpoints.list, async ({ req, res }) => listApplications(db, await exhibitorOf(req, res), requestLanguage(req)));
  mount(router, endpoints.detail, async ({ req, res, input }) =>
    applicationDetail(db, await exhibitorOf(req, res), input.id, requestLanguage(req), deps.sessionSecrets),
  );
  mount(router, endpoints.save, async ({ req, res, input }) => saveApplication(db, await exhibitorOf(req, res), input, requestLanguage(req)));
  mount(router, endpoints.update, async ({ req, res, input }) => updateApplication(db, await exhibitorOf(req, res), input, requestLanguage(req)));
  mount(router, endpoints.urgent, async ({ req, res, input }) => markUrgent(db, await exhibitorOf(req, res), input, requestLanguage(req)));
  mount(router, endpoints.baseInfoByName, async ({ req, res, input }) => baseInfoByName(db, await exhibitorOf(req, res), input.title));
  mount(router, endpoints.baseInfoByLogId, async ({ req, res, input }) => baseInfoByLogId(db, await exhibitorOf(req, res), input.id));

  // The QR link: its exhibitor revokes or renews it; the organizer may revoke any of the exhibition's.
  mount(router, endpoints.revokeQrLink, async (call) => {
    const caller = await exhibitorOf(call.req, call.res);
    const { id } = call.input;
    return revokeQrLink(db, caller, id, caller.roleId === ORGANIZER_ROLE_ID, deps.sessionSecrets);
  });
  mount(router, endpoints.renewQrLink, async ({ req, res, input }) => renewQrLink(db, await exhibitorOf(req, res), input, deps.sessionSecrets));

  // The e-invoice as a download: the owner's, or the organizer's for any application of the exhibition.
  mount(router, endpoints.pdf, async (call) => {
    const { res } = call;
    const caller = await exhibitorOf(call.req, res);
    const { id } = call.input;
    const pdf = await invoicePdfOf(db, caller, id, caller.roleId === ORGANIZER_ROLE_ID);
    await sendStoredUpload(call.req, res, deps, pdf.fileId, {
      missing: () => notFound("invoices.errors.noPdf"),
      disposition: () => attachmentDisposition(`发票-${pdf.invoiceNo}.pdf`, `invoice-${pdf.invoiceNo}.pdf`),
      contentType: PDF_CONTENT_TYPE,
      cacheControl: "private, no-store",
      log: { message: "invoice PDF could not be read", context: { applicationId: id } },
    });
  });

  mount(router, endpoints.reviewList, async ({ req, res, input }) => financeList(db, await organizerOf(req, res), input, requestLanguage(req)));
  mount(router, endpoints.decide, async ({ req, res, input }) => decideApplication(deps, await organizerOf(req, res), input, requestLanguage(req)));
  mount(router, endpoints.exportReviews, async (call) => {
    const { req, res } = call;
    const caller = await organizerOf(req, res);
    const language = requestLanguage(req);
    const { status, keyword } = call.input;
    const bytes = await financeWorkbook(db, caller, { status, keyword }, language);
    await sendFile(res, bytes, XLSX_CONTENT_TYPE, exportFileName(language));
  });

  // Public: no session, any language; the limit is counted before anything else is looked at.
  mount(router, endpoints.qrInfo, async (call) => {
    await countQrRequest(db, clientIp(call.req));
    return qrInfo(db, call.input.token, deps.sessionSecrets, requestLanguage(call.req));
  });
  mount(router, endpoints.qrSave, async (call) => {
    await countQrRequest(db, clientIp(call.req));
    return qrSave(db, call.input, deps.sessionSecrets, requestLanguage(call.req));
  });

  return router;
}
