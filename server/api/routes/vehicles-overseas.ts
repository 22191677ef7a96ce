import { Router, type Request } from "express";
import { overseasRequestSchema } from "../../../app/contracts/vehicles/schema";
import { appClock } from "../../clock";
import { overseasAgents, overseasRequestList, saveOverseasRequest } from "../../vehicles/overseas";
import type { ApiDeps } from "../context";
import { handle, parseInput, requestLanguage } from "../envelope";
import { transportExhibitorOf } from "./transport-caller";

/**
 * Overseas exhibit transport (spec /exhibitTL overseasExhibitTrans, issue 18): the appointed agents
 * with the countries a shipment may come from, the request e-mailed to an agent, and the
 * exhibitor's own history. Exhibitor routes: Chinese only, carriers refused (transport-caller.ts).
 */
type Body = Record<string, unknown>;
const bodyOf = (req: Request): Body => (req.body && typeof req.body === "object" ? (req.body as Body) : {});

export function overseasRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    "/smeb/overseas/agents",
    handle(async (req, res) => {
      const { caller } = await transportExhibitorOf(deps, req, res);
      return overseasAgents(db, caller, requestLanguage(req));
    }),
  );
  router.post(
    "/smeb/overseas/request/save",
    handle(async (req, res) => {
      const { caller } = await transportExhibitorOf(deps, req, res);
      return saveOverseasRequest(deps, caller, parseInput(overseasRequestSchema, bodyOf(req)), requestLanguage(req), appClock.now());
    }),
  );
  router.get(
    "/smeb/overseas/request/list",
    handle(async (req, res) => {
      const { caller } = await transportExhibitorOf(deps, req, res);
      return overseasRequestList(db, caller, requestLanguage(req));
    }),
  );

  return router;
}
