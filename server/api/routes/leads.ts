import { Router, type Request, type Response } from "express";
import { translate } from "../../../app/contracts/i18n/translate.server";
import { leadEndpoints as endpoints } from "../../../app/contracts/leads/endpoints.server";
import { appClock } from "../../clock";
import { captureView, receiveScans, saveCapture } from "../../leads/capture";
import { addTag, deleteLead, leadList, leadsFileName, leadsWorkbook, oneLead, removeTag, updateLead } from "../../leads/leads";
import { tagsOf } from "../../leads/lead-rows";
import { leadOverview } from "../../leads/overview";
import { eraseVisitor } from "../../leads/privacy";
import { leadCompanyOf, leadScannerOf } from "../../leads/scanner";
import { leadCodeInfo, resendPass, setLeadConsent, visitorPass } from "../../leads/visitor-pass";
import { noteHistory } from "../../team/history-record";
import { organizerFor } from "../caller";
import type { ApiDeps } from "../context";
import { requestLanguage } from "../envelope";
import { sendFile, XLSX_CONTENT_TYPE } from "../file-answer";
import { mount, withMessage } from "../mount";
import { requireSession } from "../require-session";

/**
 * Visitors' passes and leads (issue 56, docs/decisions/070). Public: the pass page (its code is the
 * visitor's key) and what a lead code is. Capturing: server/leads/scanner.ts says who may. The list,
 * edits, tags and export: the company's own (a member with the leads area, server/team/api-areas.ts).
 * The organizer: counts, the pass resent, a visitor's personal data erased.
 */
export function leadRoutes(deps: ApiDeps): Router {
  const { db, sessionSecrets: secrets } = deps;
  const router = Router();
  const scannerFor = async (req: Request, res: Response) => leadScannerOf(await requireSession(deps, req, res));
  const companyFor = async (req: Request, res: Response) => leadCompanyOf(await requireSession(deps, req, res));
  const said = (req: Request, key: string) => translate(requestLanguage(req), key);

  mount(router, endpoints.pass, ({ req, input }) => visitorPass(deps, input.code, requestLanguage(req)));
  mount(router, endpoints.passConsent, async ({ req, input }) => {
    const pass = await setLeadConsent(deps, input.code, input.leadConsent, requestLanguage(req), appClock.now());
    return withMessage(pass, said(req, input.leadConsent ? "leads.pass.given" : "leads.pass.withdrawn"));
  });
  mount(router, endpoints.leadCode, ({ req, input }) => leadCodeInfo(db, input.code, secrets, requestLanguage(req)));

  mount(router, endpoints.capture, async ({ req, res, input }) => captureView(db, await scannerFor(req, res), input.code, secrets, requestLanguage(req)));
  mount(router, endpoints.saveCapture, async ({ req, res, input }) => {
    const { code, ...fields } = input;
    const { lead, created } = await saveCapture(db, await scannerFor(req, res), code, fields, secrets, requestLanguage(req), appClock.now());
    noteHistory(res, { recordType: "lead", recordIds: [lead.id], kind: created ? "create" : "update", summary: lead.visitor.visitorNo });
    return withMessage(lead, said(req, "leads.capture.saved"));
  });
  mount(router, endpoints.scans, async ({ req, res, input }) => {
    const results = await receiveScans(db, await scannerFor(req, res), input.scans, secrets, requestLanguage(req), appClock.now());
    const saved = results.filter((r) => r.status === "saved" && r.leadId !== null).map((r) => r.leadId!);
    if (saved.length) noteHistory(res, { recordType: "lead", recordIds: saved, kind: "create", summary: `${saved.length} scans` });
    return { results };
  });

  mount(router, endpoints.list, async ({ req, res, input }) => {
    const { page, pageSize, ...filters } = input;
    return leadList(db, await companyFor(req, res), filters, page, pageSize);
  });
  mount(router, endpoints.lead, async ({ req, res, input }) => oneLead(db, await companyFor(req, res), input.id));
  mount(router, endpoints.update, async ({ req, res, input }) => {
    const { id, ...fields } = input;
    const { before, after } = await updateLead(db, await companyFor(req, res), id, fields, appClock.now());
    const changes = (["rating", "notes", "followUp", "tagIds"] as const)
      .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      .map((field) => ({ field, old: JSON.stringify(before[field]), new: JSON.stringify(after[field]) }));
    noteHistory(res, { recordType: "lead", recordIds: [id], summary: after.visitor.visitorNo, changes });
    return withMessage(after, said(req, "leads.list.updated"));
  });
  mount(router, endpoints.remove, async ({ req, res, input }) => {
    const lead = await deleteLead(db, await companyFor(req, res), input.id);
    noteHistory(res, { recordType: "lead", recordIds: [input.id], kind: "delete", summary: lead.visitor.visitorNo });
    return withMessage(null, said(req, "leads.list.deleted"));
  });
  mount(router, endpoints.exportLeads, async (call) => {
    const company = await companyFor(call.req, call.res);
    const language = requestLanguage(call.req);
    await sendFile(call.res, await leadsWorkbook(db, company, call.input, language), XLSX_CONTENT_TYPE, leadsFileName(language));
  });
  mount(router, endpoints.tags, async ({ req, res }) => tagsOf(db, (await companyFor(req, res)).companyUserId));
  mount(router, endpoints.saveTag, async ({ req, res, input }) =>
    withMessage(await addTag(db, await companyFor(req, res), input.name), said(req, "leads.tags.saved")),
  );
  mount(router, endpoints.removeTag, async ({ req, res, input }) =>
    withMessage(await removeTag(db, await companyFor(req, res), input.id), said(req, "leads.tags.removed")),
  );

  mount(router, endpoints.overview, async ({ req, res }) => leadOverview(db, (await organizerFor(deps, req, res)).exhibitionId, requestLanguage(req)));
  mount(router, endpoints.resendPass, async ({ req, res, input }) => {
    const caller = await organizerFor(deps, req, res);
    const sent = await resendPass(deps, caller.exhibitionId, input.id);
    noteHistory(res, { recordType: "visitor", recordIds: [input.id], kind: "other", summary: "pass resent" });
    return withMessage(sent, said(req, "leads.visitors.resent"));
  });
  mount(router, endpoints.eraseVisitor, async ({ req, res, input }) => {
    const caller = await organizerFor(deps, req, res);
    await eraseVisitor(db, caller.exhibitionId, input.id, appClock.now());
    noteHistory(res, { recordType: "visitor", recordIds: [input.id], kind: "delete", summary: "personal data erased on request" });
    return withMessage(null, said(req, "leads.visitors.erased"));
  });

  return router;
}
