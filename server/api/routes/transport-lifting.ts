import { Router } from "express";
import { requireActionOpen } from "../../auth/button-check";
import { DEADLINE_ACTIONS } from "../../../app/contracts/calendar/values";
import { transportEndpoints as endpoints } from "../../../app/contracts/transport/endpoints.server";
import { appClock } from "../../clock";
import { requireCarrier } from "../../transport/common";
import { carrierLiftingList, confirmLifting, deleteLifting, liftingList, saveLifting } from "../../transport/lifting";
import { sendLifting } from "../../transport/lifting-mail";
import type { ApiDeps } from "../context";
import { requestLanguage } from "../envelope";
import { mount } from "../mount";
import { transportCarrierOf, transportExhibitorOf } from "./transport-caller";

/**
 * Hoisting and forklift bookings (spec /exhibitTL exhibitsCostReservation; issue 17 points 3, 4, 7):
 * the exhibitor's list under /smeb/shipment/forklift (book, delete, send to the carrier, which locks
 * the list) and the carrier's under /shipment/forklift (what it was sent; it confirms). The callers
 * come from transport-caller.ts: Chinese only, exhibitor routes refuse carriers, carrier routes take a
 * carrier account (its own bookings only) or the organizer (read only).
 */
export function liftingRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  mount(router, endpoints.liftingList, async ({ req, res }) => {
    const { caller } = await transportExhibitorOf(deps, req, res);
    return liftingList(db, caller, requestLanguage(req));
  });
  mount(router, endpoints.liftingSave, async (call) => {
    const { caller } = await transportExhibitorOf(deps, call.req, call.res);
    // Booking and sending run inside the window of the calendar's hoisting button (decision 035).
    await requireActionOpen(db, caller, DEADLINE_ACTIONS.lifting);
    return saveLifting(db, caller, call.input, requestLanguage(call.req), appClock.now());
  });
  mount(router, endpoints.liftingRemove, async (call) => {
    const { caller } = await transportExhibitorOf(deps, call.req, call.res);
    return deleteLifting(db, caller, call.input.id, requestLanguage(call.req), appClock.now());
  });
  mount(router, endpoints.liftingSend, async ({ req, res }) => {
    const { caller } = await transportExhibitorOf(deps, req, res);
    await requireActionOpen(db, caller, DEADLINE_ACTIONS.lifting);
    return sendLifting(deps, caller, requestLanguage(req), appClock.now());
  });

  mount(router, endpoints.liftingCarrierList, async ({ req, res }) => carrierLiftingList(db, await transportCarrierOf(deps, req, res), requestLanguage(req)));
  mount(router, endpoints.liftingConfirm, async (call) => {
    // Only the carrier itself confirms (the organizer reads): 403 before the input is even looked at.
    const carrier = requireCarrier(await transportCarrierOf(deps, call.req, call.res));
    return confirmLifting(db, carrier, call.input.id, requestLanguage(call.req), appClock.now());
  });

  return router;
}
