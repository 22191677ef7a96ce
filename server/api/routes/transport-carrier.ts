import { Router, type Request, type Response } from "express";
import type { CarrierHome, DeclarationDetail, OrderList, OrderView, ReviewList } from "../../../app/contracts/transport/api-types";
import { carrierListQuerySchema, orderPaidSchema, orderStepSchema, reviewDecisionSchema } from "../../../app/contracts/transport/schema";
import { attachmentDisposition, XLSX_CONTENT_TYPE } from "../../badges/excel";
import { appClock } from "../../clock";
import { carrierHome, markOrderPaid, moveOrderStep, orderList } from "../../transport/orders";
import { ordersReport, reportFileName } from "../../transport/report";
import { decideDeclaration, reviewList } from "../../transport/review";
import type { ApiDeps } from "../context";
import { handle, parseInput, requestLanguage } from "../envelope";
import { transportCarrierOf } from "./transport-caller";

/**
 * The carrier's side of exhibit transport (spec /exhibitTL review and carriageOrder, point 7:
 * /shipment/*; issue 17): its review of the declarations addressed to it, its orders with their
 * steps and payment, the orders report and its home panel. Every call goes through
 * transportCarrierOf: a carrier account acts for its own carrier only, the organizer reads every
 * carrier's lists and report but decides and moves nothing (403), anyone else is refused (403).
 */
type Body = Record<string, unknown>;
const bodyOf = (req: Request): Body => (req.body && typeof req.body === "object" ? (req.body as Body) : {});
const pageQuerySchema = carrierListQuerySchema.pick({ page: true });

function sendXlsx(res: Response, bytes: Buffer, name: { filename: string; ascii: string }) {
  res.set({
    "Content-Type": XLSX_CONTENT_TYPE,
    "Content-Disposition": attachmentDisposition(name.filename, name.ascii),
    "Content-Length": String(bytes.length),
  });
  res.status(200).end(bytes);
}

export function transportCarrierRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();
  const viewerOf = (req: Request, res: Response) => transportCarrierOf(deps, req, res);

  router.get(
    "/shipment/review/list",
    handle(async (req, res): Promise<ReviewList> => {
      const viewer = await viewerOf(req, res);
      return reviewList(db, viewer, parseInput(carrierListQuerySchema, req.query), requestLanguage(req));
    }),
  );
  router.post(
    "/shipment/review/decide",
    handle(async (req, res): Promise<DeclarationDetail> => {
      const viewer = await viewerOf(req, res);
      return decideDeclaration(db, deps, viewer, parseInput(reviewDecisionSchema, bodyOf(req)), requestLanguage(req), appClock.now());
    }),
  );

  router.get(
    "/shipment/order/list",
    handle(async (req, res): Promise<OrderList> => {
      const viewer = await viewerOf(req, res);
      return orderList(db, viewer, parseInput(pageQuerySchema, req.query).page, requestLanguage(req));
    }),
  );
  router.post(
    "/shipment/order/step",
    handle(async (req, res): Promise<OrderView> => {
      const viewer = await viewerOf(req, res);
      return moveOrderStep(db, deps, viewer, parseInput(orderStepSchema, bodyOf(req)), requestLanguage(req), appClock.now());
    }),
  );
  router.post(
    "/shipment/order/paid",
    handle(async (req, res): Promise<OrderView> => {
      const viewer = await viewerOf(req, res);
      return markOrderPaid(db, viewer, parseInput(orderPaidSchema, bodyOf(req)), appClock.now());
    }),
  );
  // The file itself, not the JSON envelope (errors still come as envelopes).
  router.get(
    "/shipment/order/report",
    handle(async (req, res) => {
      const viewer = await viewerOf(req, res);
      const language = requestLanguage(req);
      sendXlsx(res, await ordersReport(db, viewer, language), reportFileName(language));
    }),
  );

  router.get(
    "/shipment/home",
    handle(async (req, res): Promise<CarrierHome> => {
      const viewer = await viewerOf(req, res);
      return carrierHome(db, viewer, requestLanguage(req), appClock.now());
    }),
  );

  return router;
}
