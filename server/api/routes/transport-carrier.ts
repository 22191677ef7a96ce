import { Router, type Request, type Response } from "express";
import { transportEndpoints as endpoints } from "../../../app/contracts/transport/endpoints.server";
import { sendFile, XLSX_CONTENT_TYPE } from "../file-answer";
import { appClock } from "../../clock";
import { carrierHome, markOrderPaid, moveOrderStep, orderList } from "../../transport/orders";
import { ordersReport, reportFileName } from "../../transport/report";
import { decideDeclaration, reviewList } from "../../transport/review";
import type { ApiDeps } from "../context";
import { requestLanguage } from "../envelope";
import { mount } from "../mount";
import { transportCarrierOf } from "./transport-caller";

/**
 * The carrier's side of exhibit transport (spec /exhibitTL review and carriageOrder, point 7:
 * /shipment/*; issue 17): its review of the declarations addressed to it, its orders with their
 * steps and payment, the orders report and its home panel. Every call goes through
 * transportCarrierOf: a carrier account acts for its own carrier only, the organizer reads every
 * carrier's lists and report but decides and moves nothing (403), anyone else is refused (403).
 */

export function transportCarrierRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();
  const viewerOf = (req: Request, res: Response) => transportCarrierOf(deps, req, res);

  mount(router, endpoints.reviewList, async (call) => {
    const viewer = await viewerOf(call.req, call.res);
    return reviewList(db, viewer, call.input, requestLanguage(call.req));
  });
  mount(router, endpoints.decide, async (call) => {
    const viewer = await viewerOf(call.req, call.res);
    return decideDeclaration(db, deps, viewer, call.input, requestLanguage(call.req), appClock.now());
  });

  mount(router, endpoints.orderList, async (call) => {
    const viewer = await viewerOf(call.req, call.res);
    return orderList(db, viewer, call.input.page, requestLanguage(call.req));
  });
  mount(router, endpoints.moveOrder, async (call) => {
    const viewer = await viewerOf(call.req, call.res);
    return moveOrderStep(db, deps, viewer, call.input, requestLanguage(call.req), appClock.now());
  });
  mount(router, endpoints.markOrderPaid, async (call) => {
    const viewer = await viewerOf(call.req, call.res);
    return markOrderPaid(db, viewer, call.input, appClock.now());
  });
  // The file itself, not the JSON envelope (errors still come as envelopes).
  mount(router, endpoints.ordersReport, async ({ req, res }) => {
    const viewer = await viewerOf(req, res);
    const language = requestLanguage(req);
    await sendFile(res, await ordersReport(db, viewer, language), XLSX_CONTENT_TYPE, reportFileName(language));
  });

  mount(router, endpoints.carrierHome, async ({ req, res }) => {
    const viewer = await viewerOf(req, res);
    return carrierHome(db, viewer, requestLanguage(req), appClock.now());
  });

  return router;
}
