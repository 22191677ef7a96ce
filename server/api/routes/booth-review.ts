import { Router, type Request, type Response } from "express";
import { boothQuerySchema, decisionSchema, drawingUploadSchema, historyQuerySchema, reviewQuerySchema } from "../../../app/contracts/booth-construction/schema";
import { attachmentDisposition, XLSX_CONTENT_TYPE } from "../../badges/excel";
import { builderExportName, builderWorkbook } from "../../booth-construction/builder-export";
import { drawingProcess, uploadDrawing } from "../../booth-construction/drawings";
import { decideRecord, reviewHistory, reviewInfo, reviewList } from "../../booth-construction/review";
import type { ApiDeps } from "../context";
import { handle, parseInput, requestLanguage } from "../envelope";
import { badgeCallerOf, badgeOrganizerOf } from "./badge-caller";

/**
 * The special booth's drawings (exhibitor, raw space only: /smeb/boothBuild/drawing/) and the
 * organizer's construction review (roleId 1 only: /smeb/boothBuild/review/). The organizer's
 * routes refuse everyone else (403) before anything is read.
 */
type Body = Record<string, unknown>;
const bodyOf = (req: Request): Body => (req.body && typeof req.body === "object" ? (req.body as Body) : {});

export function boothReviewRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  const callerOf = (req: Request, res: Response) => badgeCallerOf(deps, req, res);
  const organizerOf = (req: Request, res: Response) => badgeOrganizerOf(deps, req, res);

  router.get(
    "/smeb/boothBuild/drawing/list",
    handle(async (req, res) => drawingProcess(db, await callerOf(req, res), parseInput(boothQuerySchema, req.query).boothId)),
  );
  router.post(
    "/smeb/boothBuild/drawing/upload",
    handle(async (req, res) => uploadDrawing(db, await callerOf(req, res), parseInput(drawingUploadSchema, bodyOf(req)), requestLanguage(req))),
  );

  router.get(
    "/smeb/boothBuild/review/list",
    handle(async (req, res) => reviewList(db, await organizerOf(req, res), parseInput(reviewQuerySchema, req.query), requestLanguage(req))),
  );
  router.get(
    "/smeb/boothBuild/review/info",
    handle(async (req, res) => {
      const caller = await organizerOf(req, res);
      const { subject, id } = parseInput(historyQuerySchema, req.query);
      return reviewInfo(db, caller, subject, id, requestLanguage(req));
    }),
  );
  router.post(
    "/smeb/boothBuild/review/decide",
    handle(async (req, res) => decideRecord(db, await organizerOf(req, res), parseInput(decisionSchema, bodyOf(req)), requestLanguage(req))),
  );
  router.get(
    "/smeb/boothBuild/review/history",
    handle(async (req, res) => {
      const caller = await organizerOf(req, res);
      const { subject, id } = parseInput(historyQuerySchema, req.query);
      return reviewHistory(db, caller, subject, id);
    }),
  );

  // The standard booth builder's work list: every standard booth's build, in the caller's language.
  router.get(
    "/smeb/boothBuild/review/export",
    handle(async (req, res) => {
      const caller = await organizerOf(req, res);
      const language = requestLanguage(req);
      const bytes = await builderWorkbook(db, caller, language);
      const { filename, ascii } = builderExportName(language);
      res.set({ "Content-Type": XLSX_CONTENT_TYPE, "Content-Disposition": attachmentDisposition(filename, ascii), "Content-Length": String(bytes.length) });
      res.status(200).end(bytes);
    }),
  );

  return router;
}
