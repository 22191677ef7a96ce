import { Router, type Request } from "express";
import type { CarrierExpressList, ExpressBookingView, ExpressList } from "../../../app/contracts/vehicles/express-types";
import { expressQuerySchema, expressSchema, expressStepSchema, recordIdSchema } from "../../../app/contracts/vehicles/schema";
import { appClock } from "../../clock";
import { requireCarrier } from "../../transport/common";
import { carrierExpressList, deleteExpress, expressList, moveExpress, saveExpress } from "../../vehicles/express";
import type { ApiDeps } from "../context";
import { handle, parseInput, requestLanguage } from "../envelope";
import { transportCarrierOf, transportExhibitorOf } from "./transport-caller";

/**
 * Small-exhibit express (spec /exhibitTL smallExhibitsExpress; issue 18): the exhibitor's bookings
 * under /smeb/express (book, the history with filters, delete while booked) and the carrier's under
 * /shipment/express (its bookings; it moves each one step). The callers come from
 * transport-caller.ts: Chinese only, exhibitor routes refuse carriers, carrier routes take a carrier
 * account (its own bookings only) or the organizer (reads every carrier's, moves none: 403).
 */
type Body = Record<string, unknown>;
const bodyOf = (req: Request): Body => (req.body && typeof req.body === "object" ? (req.body as Body) : {});

export function expressRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    "/smeb/express/list",
    handle(async (req, res): Promise<ExpressList> => {
      const { caller } = await transportExhibitorOf(deps, req, res);
      return expressList(db, caller, parseInput(expressQuerySchema, req.query), requestLanguage(req), appClock.now());
    }),
  );
  router.post(
    "/smeb/express/save",
    handle(async (req, res): Promise<ExpressBookingView> => {
      const { caller } = await transportExhibitorOf(deps, req, res);
      return saveExpress(db, caller, parseInput(expressSchema, bodyOf(req)), requestLanguage(req), appClock.now());
    }),
  );
  router.post(
    "/smeb/express/delete",
    handle(async (req, res) => {
      const { caller } = await transportExhibitorOf(deps, req, res);
      return deleteExpress(db, caller, parseInput(recordIdSchema, bodyOf(req)), appClock.now());
    }),
  );

  router.get(
    "/shipment/express/list",
    handle(async (req, res): Promise<CarrierExpressList> => {
      const viewer = await transportCarrierOf(deps, req, res);
      return carrierExpressList(db, viewer, parseInput(expressQuerySchema, req.query), requestLanguage(req));
    }),
  );
  router.post(
    "/shipment/express/step",
    handle(async (req, res): Promise<ExpressBookingView> => {
      // Only the carrier itself moves a booking (the organizer reads): 403 before the input is looked at.
      const carrier = requireCarrier(await transportCarrierOf(deps, req, res));
      return moveExpress(db, deps, carrier, parseInput(expressStepSchema, bodyOf(req)), requestLanguage(req), appClock.now());
    }),
  );

  return router;
}
