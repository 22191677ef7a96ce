import { Router, type Request, type Response } from "express";
import { boothConstructionEndpoints as endpoints } from "../../../app/contracts/booth-construction/endpoints.server";
import { builderExportName, builderWorkbook } from "../../booth-construction/builder-export";
import { drawingProcess, uploadDrawing } from "../../booth-construction/drawings";
import { decideRecord, reviewHistory, reviewInfo, reviewList } from "../../booth-construction/review";
import type { ApiDeps } from "../context";
import { requestLanguage } from "../envelope";
import { mount } from "../mount";
import { callerFor, organizerFor } from "../caller";
import { sendFile, XLSX_CONTENT_TYPE } from "../file-answer";

/**
 * The special booth's drawings (exhibitor, raw space only: /smeb/boothBuild/drawing/) and the
 * organizer's construction review (roleId 1 only: /smeb/boothBuild/review/). The organizer's
 * routes refuse everyone else (403) before anything is read.
 */
export function boothReviewRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  const callerOf = (req: Request, res: Response) => callerFor(deps, req, res);
  const organizerOf = (req: Request, res: Response) => organizerFor(deps, req, res);

  mount(router, endpoints.drawings, async (call) => drawingProcess(db, await callerOf(call.req, call.res), call.input.boothId));
  mount(router, endpoints.uploadDrawing, async (call) => uploadDrawing(db, await callerOf(call.req, call.res), call.input, requestLanguage(call.req)));

  mount(router, endpoints.reviewList, async (call) => reviewList(db, await organizerOf(call.req, call.res), call.input, requestLanguage(call.req)));
  mount(router, endpoints.reviewInfo, async (call) => {
    const caller = await organizerOf(call.req, call.res);
    const { subject, id } = call.input;
    return reviewInfo(db, caller, subject, id, requestLanguage(call.req));
  });
  mount(router, endpoints.decide, async (call) => decideRecord(db, await organizerOf(call.req, call.res), call.input, requestLanguage(call.req)));
  mount(router, endpoints.reviewHistory, async (call) => {
    const caller = await organizerOf(call.req, call.res);
    const { subject, id } = call.input;
    return reviewHistory(db, caller, subject, id);
  });

  // The standard booth builder's work list: every standard booth's build, in the caller's language.
  mount(router, endpoints.exportBuilds, async ({ req, res }) => {
    const caller = await organizerOf(req, res);
    const language = requestLanguage(req);
    const bytes = await builderWorkbook(db, caller, language);
    await sendFile(res, bytes, XLSX_CONTENT_TYPE, builderExportName(language));
  });

  return router;
}
