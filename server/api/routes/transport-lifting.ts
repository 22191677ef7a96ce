import { Router, type Request } from "express";
import { liftingIdSchema, liftingSchema } from "../../../app/contracts/transport/schema";
import { appClock } from "../../clock";
import { requireCarrier } from "../../transport/common";
import { carrierLiftingList, confirmLifting, deleteLifting, liftingList, saveLifting } from "../../transport/lifting";
import { sendLifting } from "../../transport/lifting-mail";
import type { ApiDeps } from "../context";
import { handle, parseInput, requestLanguage } from "../envelope";
import { transportCarrierOf, transportExhibitorOf } from "./transport-caller";

/**
 * Hoisting and forklift bookings (spec /exhibitTL exhibitsCostReservation; issue 17 points 3, 4, 7):
 * the exhibitor's list under /smeb/shipment/forklift (book, delete, send to the carrier, which locks
 * the list) and the carrier's under /shipment/forklift (what it was sent; it confirms). The callers
 * come from transport-caller.ts: Chinese only, exhibitor routes refuse carriers, carrier routes take a
 * carrier account (its own bookings only) or the organizer (read only).
 */
type Body = Record<string, unknown>;
const bodyOf = (req: Request): Body => (req.body && typeof req.body === "object" ? (req.body as Body) : {});

export function liftingRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    "/smeb/shipment/forklift/list",
    handle(async (req, res) => {
      const { caller } = await transportExhibitorOf(deps, req, res);
      return liftingList(db, caller, requestLanguage(req));
    }),
  );
  router.post(
    "/smeb/shipment/forklift/save",
    handle(async (req, res) => {
      const { caller } = await transportExhibitorOf(deps, req, res);
      return saveLifting(db, caller, parseInput(liftingSchema, bodyOf(req)), requestLanguage(req), appClock.now());
    }),
  );
  router.post(
    "/smeb/shipment/forklift/delete",
    handle(async (req, res) => {
      const { caller } = await transportExhibitorOf(deps, req, res);
      return deleteLifting(db, caller, parseInput(liftingIdSchema, bodyOf(req)).id, requestLanguage(req), appClock.now());
    }),
  );
  router.post(
    "/smeb/shipment/forklift/sendEmail",
    handle(async (req, res) => {
      const { caller } = await transportExhibitorOf(deps, req, res);
      return sendLifting(deps, caller, requestLanguage(req), appClock.now());
    }),
  );

  router.get(
    "/shipment/forklift/list",
    handle(async (req, res) => carrierLiftingList(db, await transportCarrierOf(deps, req, res), requestLanguage(req))),
  );
  router.post(
    "/shipment/forklift/confirm",
    handle(async (req, res) => {
      // Only the carrier itself confirms (the organizer reads): 403 before the input is even looked at.
      const carrier = requireCarrier(await transportCarrierOf(deps, req, res));
      return confirmLifting(db, carrier, parseInput(liftingIdSchema, bodyOf(req)).id, requestLanguage(req), appClock.now());
    }),
  );

  return router;
}
