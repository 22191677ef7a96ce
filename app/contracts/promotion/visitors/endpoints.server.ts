import { endpoint, publicEndpoint } from "../../api/endpoint";
import type { AudienceChart, AudiencePage, Ranking, VisitPage, VisitorCodeSent, VisitorPage, VisitorRegistered, VisitorSettings } from "./api-types";
import {
  audienceChartSchema,
  audienceExportSchema,
  audienceQuerySchema,
  rankingExportSchema,
  rankingQuerySchema,
  visitorCodeSchema,
  visitorExportSchema,
  visitorListSchema,
  visitorRegisterSchema,
  visitorSettingsSchema,
  visitQuerySchema,
} from "./schema";

/**
 * Visitor pre-registration, rankings and audience data (issue 38, decision 031). The /visit/* calls
 * are public (no session; every send and registration counts against the caller's address); the
 * rest are the exhibitor's own (callerFor) or the organizer's (roleId 1).
 */
export const visitorEndpoints = {
  /** The page of a link; counts one view per visitor and day (not for bots). */
  visit: publicEndpoint.get("/visit/info", visitQuerySchema).answers<VisitPage>(),
  sendCode: publicEndpoint.post("/visit/sendCode", visitorCodeSchema).answers<VisitorCodeSent>(),
  register: publicEndpoint.post("/visit/register", visitorRegisterSchema).answers<VisitorRegistered>(),

  /** Exhibitors by registered visitors. */
  inviteRanking: endpoint.get("/smeb/invitation/rank/invite", rankingQuerySchema).answers<Ranking>(),
  /** Exhibitors by views of their link (popularity). */
  browseRanking: endpoint.get("/smeb/invitation/rank/browse", rankingQuerySchema).answers<Ranking>(),
  audience: endpoint.get("/smeb/invitation/audience/list", audienceQuerySchema).answers<AudiencePage>(),
  exportAudience: endpoint.get("/smeb/invitation/audience/export", audienceExportSchema).file(),
  audienceChart: endpoint.get("/smeb/invitation/audience/chart", audienceChartSchema).answers<AudienceChart>(),

  /** The organizer's: every visitor of the exhibition, the export, the rankings export and the contacts setting. */
  visitors: endpoint.get("/smeb/invitation/visitor/list", visitorListSchema).answers<VisitorPage>(),
  exportVisitors: endpoint.get("/smeb/invitation/visitor/export", visitorExportSchema).file(),
  exportRanking: endpoint.get("/smeb/invitation/rank/export", rankingExportSchema).file(),
  settings: endpoint.get("/smeb/invitation/visitor/settings").answers<VisitorSettings>(),
  saveSettings: endpoint.post("/smeb/invitation/visitor/settings/save", visitorSettingsSchema).answers<VisitorSettings>(),
};
