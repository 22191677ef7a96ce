import { Router } from "express";
import { taiwanFilingEndpoints } from "../../../app/contracts/vehicles/endpoints.server";
import { appClock } from "../../clock";
import { taiwanExportFileName, taiwanExportWorkbook } from "../../vehicles/taiwan-excel";
import { addLine, decideFiling, deleteLine, findFiling, reviewDetail, reviewList, saveHeader, submitFiling } from "../../vehicles/taiwan-filings";
import type { ApiDeps } from "../context";
import { requestLanguage } from "../envelope";
import { mount } from "../mount";
import { transportExhibitorOf, transportOrganizerOf } from "./transport-caller";
import { sendFile, XLSX_CONTENT_TYPE } from "../file-answer";

/**
 * The Taiwan exhibits filing (spec /exhibitTL twExhibitsDeclaration, issue 18): the exhibitor's
 * filing per booth under /smeb/twExhibit (header, lines, submit) and the customs agent's review
 * under /smeb/twExhibit/review (list, detail, decision, export), which is the organizer's (roleId 1).
 * The callers come from transport-caller.ts: Chinese only (403 in English), exhibitor routes refuse
 * carriers, review routes refuse everyone but the organizer, before any input is read.
 */
export function taiwanRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  mount(router, taiwanFilingEndpoints.find, async (call) => {
    const { caller } = await transportExhibitorOf(deps, call.req, call.res);
    return findFiling(db, caller, call.input.boothId);
  });
  mount(router, taiwanFilingEndpoints.saveHeader, async (call) => {
    const { caller } = await transportExhibitorOf(deps, call.req, call.res);
    return saveHeader(db, caller, call.input, appClock.now());
  });
  mount(router, taiwanFilingEndpoints.addLine, async (call) => {
    const { caller } = await transportExhibitorOf(deps, call.req, call.res);
    return addLine(db, caller, call.input, appClock.now());
  });
  mount(router, taiwanFilingEndpoints.removeLine, async (call) => {
    const { caller } = await transportExhibitorOf(deps, call.req, call.res);
    return deleteLine(db, caller, call.input, appClock.now());
  });
  mount(router, taiwanFilingEndpoints.submit, async (call) => {
    const { caller } = await transportExhibitorOf(deps, call.req, call.res);
    return submitFiling(db, caller, call.input, appClock.now());
  });

  mount(router, taiwanFilingEndpoints.reviewList, async (call) => {
    const organizer = await transportOrganizerOf(deps, call.req, call.res);
    return reviewList(db, organizer, call.input, requestLanguage(call.req));
  });
  mount(router, taiwanFilingEndpoints.reviewDetail, async (call) => {
    const organizer = await transportOrganizerOf(deps, call.req, call.res);
    return reviewDetail(db, organizer, call.input.id, requestLanguage(call.req));
  });
  mount(router, taiwanFilingEndpoints.decide, async (call) => {
    const organizer = await transportOrganizerOf(deps, call.req, call.res);
    return decideFiling(deps, organizer, call.input, requestLanguage(call.req), appClock.now());
  });
  // The file itself, not the JSON envelope (refusals still come as envelopes).
  mount(router, taiwanFilingEndpoints.exportReviews, async ({ req, res }) => {
    const organizer = await transportOrganizerOf(deps, req, res);
    const bytes = await taiwanExportWorkbook(db, organizer.exhibitionId);
    sendFile(res, bytes, XLSX_CONTENT_TYPE, taiwanExportFileName);
  });

  return router;
}
