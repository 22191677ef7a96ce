import { Router } from "express";
import { taiwanFilingEndpoints } from "../../../app/contracts/vehicles/endpoints.server";
import { taiwanExportFileName, taiwanExportWorkbook } from "../../vehicles/taiwan-excel";
import { addLine, decideFiling, deleteLine, findFiling, reviewDetail, reviewList, saveHeader, submitFiling } from "../../vehicles/taiwan-filings";
import type { ApiDeps } from "../context";
import { mount } from "../mount";
import { mountTransport, transportOrganizerOf } from "./transport-caller";
import type { AnyEndpoint } from "../../../app/contracts/api/endpoint";
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

  const exhibitor = <E extends AnyEndpoint>(endpoint: E, answer: Parameters<typeof mountTransport<E>>[4]) =>
    mountTransport(router, deps, "exhibitor", endpoint, answer);
  exhibitor(taiwanFilingEndpoints.find, (caller, { input }) => findFiling(db, caller, input.boothId));
  exhibitor(taiwanFilingEndpoints.saveHeader, (caller, { input, now }) => saveHeader(db, caller, input, now));
  exhibitor(taiwanFilingEndpoints.addLine, (caller, { input, now }) => addLine(db, caller, input, now));
  exhibitor(taiwanFilingEndpoints.removeLine, (caller, { input, now }) => deleteLine(db, caller, input, now));
  exhibitor(taiwanFilingEndpoints.submit, (caller, { input, now }) => submitFiling(db, caller, input, now));

  const organizer = <E extends AnyEndpoint>(endpoint: E, answer: Parameters<typeof mountTransport<E>>[4]) =>
    mountTransport(router, deps, "organizer", endpoint, answer);
  organizer(taiwanFilingEndpoints.reviewList, (caller, { input, language }) => reviewList(db, caller, input, language));
  organizer(taiwanFilingEndpoints.reviewDetail, (caller, { input, language }) => reviewDetail(db, caller, input.id, language));
  organizer(taiwanFilingEndpoints.decide, (caller, { input, language, now }) => decideFiling(deps, caller, input, language, now));
  // The file itself, not the JSON envelope (refusals still come as envelopes).
  mount(router, taiwanFilingEndpoints.exportReviews, async ({ req, res }) => {
    const organizer = await transportOrganizerOf(deps, req, res);
    const bytes = await taiwanExportWorkbook(db, organizer.exhibitionId);
    await sendFile(res, bytes, XLSX_CONTENT_TYPE, taiwanExportFileName);
  });

  return router;
}
