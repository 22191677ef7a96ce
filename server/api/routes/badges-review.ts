import { Router, type Request, type Response } from "express";
import { badgeDecisionSchema, badgeReviewQuerySchema } from "../../../app/contracts/badges/review-schema";
import { badgeIdSchema } from "../../../app/contracts/badges/schema";
import { attachmentDisposition, badgesWorkbook, excelFileName, XLSX_CONTENT_TYPE } from "../../badges/excel";
import { allForReview, decideBadge, listForReview, reviewInfo } from "../../badges/organizer";
import type { ApiDeps } from "../context";
import { handle, parseInput, requestLanguage } from "../envelope";
import { badgeOrganizerOf } from "./badge-caller";

/**
 * The organizer's badge review (roleId 1; issue 14): /smeb/pass/ticket/review/ list, info, decide,
 * export. Everyone else is refused (403) before anything is read, as /smeb/exhibitor/info/reviewList
 * does; the organizer sees only the own exhibition's badges.
 */
type Body = Record<string, unknown>;
const bodyOf = (req: Request): Body => (req.body && typeof req.body === "object" ? (req.body as Body) : {});

export function badgeReviewRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  const organizerOf = (req: Request, res: Response) => badgeOrganizerOf(deps, req, res);

  router.get(
    "/smeb/pass/ticket/review/list",
    handle(async (req, res) => listForReview(db, await organizerOf(req, res), parseInput(badgeReviewQuerySchema, req.query), requestLanguage(req))),
  );
  router.get(
    "/smeb/pass/ticket/review/info",
    handle(async (req, res) => reviewInfo(db, await organizerOf(req, res), parseInput(badgeIdSchema, req.query).id, requestLanguage(req))),
  );
  router.post(
    "/smeb/pass/ticket/review/decide",
    handle(async (req, res) => decideBadge(deps, await organizerOf(req, res), parseInput(badgeDecisionSchema, bodyOf(req)), requestLanguage(req))),
  );

  // The .xlsx of every badge the filters match (paging ignored), a column naming each one's exhibitor.
  router.get(
    "/smeb/pass/ticket/review/export",
    handle(async (req, res) => {
      const caller = await organizerOf(req, res);
      const filters = parseInput(badgeReviewQuerySchema, req.query);
      const language = requestLanguage(req);
      const workbook = await badgesWorkbook(await allForReview(db, caller, filters, language), language, { withExhibitor: true });
      const { filename, ascii } = excelFileName(language, "exportFile");
      res.set("Content-Type", XLSX_CONTENT_TYPE).set("Content-Disposition", attachmentDisposition(filename, ascii)).send(workbook);
    }),
  );

  return router;
}
