import { Router } from "express";
import { expressEndpoints } from "../../../app/contracts/vehicles/endpoints.server";
import { appClock } from "../../clock";
import { requireCarrier } from "../../transport/common";
import { carrierExpressList, deleteExpress, expressList, moveExpress, saveExpress } from "../../vehicles/express";
import type { ApiDeps } from "../context";
import { requestLanguage } from "../envelope";
import { mount } from "../mount";
import { mountTransport, transportCarrierOf } from "./transport-caller";

/**
 * Small-exhibit express (spec /exhibitTL smallExhibitsExpress; issue 18): the exhibitor's bookings
 * under /smeb/express (book, the history with filters, delete while booked) and the carrier's under
 * /shipment/express (its bookings; it moves each one step). The callers come from
 * transport-caller.ts: Chinese only, exhibitor routes refuse carriers, carrier routes take a carrier
 * account (its own bookings only) or the organizer (reads every carrier's, moves none: 403).
 */
export function expressRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  mountTransport(router, deps, "exhibitor", expressEndpoints.list, (caller, { input, language, now }) => expressList(db, caller, input, language, now));
  mountTransport(router, deps, "exhibitor", expressEndpoints.save, (caller, { input, language, now }) => saveExpress(db, caller, input, language, now));
  mountTransport(router, deps, "exhibitor", expressEndpoints.remove, (caller, { input, now }) => deleteExpress(db, caller, input, now));

  mount(router, expressEndpoints.carrierList, async (call) => {
    const viewer = await transportCarrierOf(deps, call.req, call.res);
    return carrierExpressList(db, viewer, call.input, requestLanguage(call.req));
  });
  mount(router, expressEndpoints.step, async (call) => {
    // Only the carrier itself moves a booking (the organizer reads): 403 before the input is looked at.
    const carrier = requireCarrier(await transportCarrierOf(deps, call.req, call.res));
    return moveExpress(db, deps, carrier, call.input, requestLanguage(call.req), appClock.now());
  });

  return router;
}
