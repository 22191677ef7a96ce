import { Router } from "express";
import { overseasEndpoints } from "../../../app/contracts/vehicles/endpoints.server";
import { appClock } from "../../clock";
import { overseasAgents, overseasRequestList, saveOverseasRequest } from "../../vehicles/overseas";
import type { ApiDeps } from "../context";
import { requestLanguage } from "../envelope";
import { mount } from "../mount";
import { transportExhibitorOf } from "./transport-caller";

/**
 * Overseas exhibit transport (spec /exhibitTL overseasExhibitTrans, issue 18): the appointed agents
 * with the countries a shipment may come from, the request e-mailed to an agent, and the
 * exhibitor's own history. Exhibitor routes: Chinese only, carriers refused (transport-caller.ts).
 */
export function overseasRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  mount(router, overseasEndpoints.agents, async ({ req, res }) => {
    const { caller } = await transportExhibitorOf(deps, req, res);
    return overseasAgents(db, caller, requestLanguage(req));
  });
  mount(router, overseasEndpoints.saveRequest, async (call) => {
    const { caller } = await transportExhibitorOf(deps, call.req, call.res);
    return saveOverseasRequest(deps, caller, call.input, requestLanguage(call.req), appClock.now());
  });
  mount(router, overseasEndpoints.requests, async ({ req, res }) => {
    const { caller } = await transportExhibitorOf(deps, req, res);
    return overseasRequestList(db, caller, requestLanguage(req));
  });

  return router;
}
