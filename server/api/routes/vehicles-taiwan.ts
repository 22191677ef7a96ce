import { Router, type Request } from "express";
import * as z from "zod";
import { recordIdSchema, reviewQuerySchema, twHeaderSchema, twLineDeleteSchema, twLineSchema, twReviewSchema } from "../../../app/contracts/vehicles/schema";
import type { TwFilingView, TwFind, TwReviewDetail, TwReviewList } from "../../../app/contracts/vehicles/taiwan-types";
import { blank, idValue } from "../../../app/contracts/common/validation";
import { attachmentDisposition, XLSX_CONTENT_TYPE } from "../../badges/excel";
import { appClock } from "../../clock";
import { twExportFileName, twExportWorkbook } from "../../vehicles/tw-excel";
import { addLine, decideFiling, deleteLine, findFiling, reviewDetail, reviewList, saveHeader, submitFiling } from "../../vehicles/tw-filings";
import type { ApiDeps } from "../context";
import { handle, parseInput, requestLanguage } from "../envelope";
import { transportExhibitorOf, transportOrganizerOf } from "./transport-caller";

/**
 * The Taiwan exhibits filing (spec /exhibitTL twExhibitsDeclaration, issue 18): the exhibitor's
 * filing per booth under /smeb/twExhibit (header, lines, submit) and the customs agent's review
 * under /smeb/twExhibit/review (list, detail, decision, export), which is the organizer's (roleId 1).
 * The callers come from transport-caller.ts: Chinese only (403 in English), exhibitor routes refuse
 * carriers, review routes refuse everyone but the organizer, before any input is read.
 */
type Body = Record<string, unknown>;
const bodyOf = (req: Request): Body => (req.body && typeof req.body === "object" ? (req.body as Body) : {});
const findQuerySchema = z.object({ boothId: z.preprocess(blank, idValue("vehicles.fields.booth").optional()) });

export function taiwanRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    "/smeb/twExhibit/find",
    handle(async (req, res): Promise<TwFind> => {
      const { caller } = await transportExhibitorOf(deps, req, res);
      return findFiling(db, caller, parseInput(findQuerySchema, req.query).boothId);
    }),
  );
  router.post(
    "/smeb/twExhibit/save",
    handle(async (req, res): Promise<TwFilingView> => {
      const { caller } = await transportExhibitorOf(deps, req, res);
      return saveHeader(db, caller, parseInput(twHeaderSchema, bodyOf(req)), appClock.now());
    }),
  );
  router.post(
    "/smeb/twExhibit/line/add",
    handle(async (req, res): Promise<TwFilingView> => {
      const { caller } = await transportExhibitorOf(deps, req, res);
      return addLine(db, caller, parseInput(twLineSchema, bodyOf(req)), appClock.now());
    }),
  );
  router.post(
    "/smeb/twExhibit/line/delete",
    handle(async (req, res): Promise<TwFilingView> => {
      const { caller } = await transportExhibitorOf(deps, req, res);
      return deleteLine(db, caller, parseInput(twLineDeleteSchema, bodyOf(req)), appClock.now());
    }),
  );
  router.post(
    "/smeb/twExhibit/submit",
    handle(async (req, res): Promise<TwFilingView> => {
      const { caller } = await transportExhibitorOf(deps, req, res);
      return submitFiling(db, caller, parseInput(recordIdSchema, bodyOf(req)), appClock.now());
    }),
  );

  router.get(
    "/smeb/twExhibit/review/list",
    handle(async (req, res): Promise<TwReviewList> => {
      const organizer = await transportOrganizerOf(deps, req, res);
      return reviewList(db, organizer, parseInput(reviewQuerySchema, req.query), requestLanguage(req));
    }),
  );
  router.get(
    "/smeb/twExhibit/review/detail",
    handle(async (req, res): Promise<TwReviewDetail> => {
      const organizer = await transportOrganizerOf(deps, req, res);
      return reviewDetail(db, organizer, parseInput(recordIdSchema, req.query).id, requestLanguage(req));
    }),
  );
  router.post(
    "/smeb/twExhibit/review/decide",
    handle(async (req, res): Promise<TwReviewDetail> => {
      const organizer = await transportOrganizerOf(deps, req, res);
      return decideFiling(deps, organizer, parseInput(twReviewSchema, bodyOf(req)), requestLanguage(req), appClock.now());
    }),
  );
  // The file itself, not the JSON envelope (refusals still come as envelopes).
  router.get(
    "/smeb/twExhibit/review/export",
    handle(async (req, res) => {
      const organizer = await transportOrganizerOf(deps, req, res);
      const bytes = await twExportWorkbook(db, organizer.exhibitionId);
      res.set({
        "Content-Type": XLSX_CONTENT_TYPE,
        "Content-Disposition": attachmentDisposition(twExportFileName.filename, twExportFileName.ascii),
        "Content-Length": String(bytes.length),
      });
      res.status(200).end(bytes);
    }),
  );

  return router;
}
