import { endpoint, publicEndpoint } from "../api/endpoint";
import type { Lead, LeadCapture, LeadCodeInfo, LeadList, LeadOverview, LeadScansAnswer, LeadTag, PassResent, VisitorPass } from "./api-types";
import {
  leadCaptureQuerySchema,
  leadCaptureSchema,
  leadCodeQuerySchema,
  leadExportSchema,
  leadIdSchema,
  leadListSchema,
  leadScansSchema,
  leadTagSaveSchema,
  leadUpdateSchema,
  visitorIdSchema,
  visitorPassConsentSchema,
  visitorPassQuerySchema,
} from "./schema";

/**
 * Visitors' passes and exhibitors' leads (issue 56, docs/decisions/070). The /visit/* calls are
 * public: the pass page's code is the visitor's key, and a lead code tells a stranger only which
 * exhibition it is for. Capturing needs an exhibitor's account or a member with the leads grant
 * (server/leads/scanner.ts says which answer each other account gets); the rest is the company's own.
 * The organizer sees counts, never a contact.
 */
export const leadEndpoints = {
  pass: publicEndpoint.get("/visit/pass", visitorPassQuerySchema).answers<VisitorPass>(),
  passConsent: publicEndpoint.post("/visit/pass/consent", visitorPassConsentSchema).answers<VisitorPass>(),
  leadCode: publicEndpoint.get("/visit/leadCode", leadCodeQuerySchema).answers<LeadCodeInfo>(),

  capture: endpoint.get("/smeb/leads/capture", leadCaptureQuerySchema).answers<LeadCapture>(),
  saveCapture: endpoint.post("/smeb/leads/capture", leadCaptureSchema).answers<Lead>(),
  scans: endpoint.postJson("/smeb/leads/scans", leadScansSchema).answers<LeadScansAnswer>(),

  list: endpoint.get("/smeb/leads/list", leadListSchema).answers<LeadList>(),
  lead: endpoint.get("/smeb/leads/lead", leadIdSchema).answers<Lead>(),
  update: endpoint.post("/smeb/leads/update", leadUpdateSchema).answers<Lead>(),
  remove: endpoint.post("/smeb/leads/delete", leadIdSchema).answers<null>(),
  exportLeads: endpoint.get("/smeb/leads/export", leadExportSchema).file(),
  tags: endpoint.get("/smeb/leads/tags").answers<LeadTag[]>(),
  saveTag: endpoint.post("/smeb/leads/tags/save", leadTagSaveSchema).answers<LeadTag[]>(),
  removeTag: endpoint.post("/smeb/leads/tags/delete", leadIdSchema).answers<LeadTag[]>(),

  overview: endpoint.get("/smeb/leads/overview").answers<LeadOverview>(),
  resendPass: endpoint.post("/smeb/invitation/visitors/resendPass", visitorIdSchema).answers<PassResent>(),
  eraseVisitor: endpoint.post("/smeb/invitation/visitors/erase", visitorIdSchema).answers<null>(),
};
