import { Router, type Request, type Response } from "express";
import { badgeEndpoints } from "../../../app/contracts/badges/endpoints.server";
import { badgesWorkbook, excelFileName } from "../../badges/excel";
import { allForReview, decideBadge, listForReview, reviewInfo } from "../../badges/organizer";
import type { ApiDeps } from "../context";
import { requestLanguage } from "../envelope";
import { mount } from "../mount";
import { organizerFor } from "../caller";
import { sendFile, XLSX_CONTENT_TYPE } from "../file-answer";

/**
 * The organizer's badge review (roleId 1; issue 14): /smeb/pass/ticket/review/ list, info, decide,
 * export. Everyone else is refused (403) before anything is read, as /smeb/exhibitor/info/reviewList
 * does; the organizer sees only the own exhibition's badges.
 */
export function badgeReviewRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  const organizerOf = (req: Request, res: Response) => organizerFor(deps, req, res);

  mount(router, badgeEndpoints.reviewList, async (call) => listForReview(db, await organizerOf(call.req, call.res), call.input, requestLanguage(call.req)));
  mount(router, badgeEndpoints.reviewInfo, async (call) => reviewInfo(db, await organizerOf(call.req, call.res), call.input.id, requestLanguage(call.req)));
  mount(router, badgeEndpoints.decide, async (call) => decideBadge(deps, await organizerOf(call.req, call.res), call.input, requestLanguage(call.req)));

  // The .xlsx of every badge the filters match (paging ignored), a column naming each one's exhibitor.
  mount(router, badgeEndpoints.exportReviews, async (call) => {
    const { req, res } = call;
    const caller = await organizerOf(req, res);
    const filters = call.input;
    const language = requestLanguage(req);
    const workbook = await badgesWorkbook(await allForReview(db, caller, filters, language), language, { withExhibitor: true });
    await sendFile(res, workbook, XLSX_CONTENT_TYPE, excelFileName(language, "exportFile"));
  });

  return router;
}
