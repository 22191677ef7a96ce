import { Router, type Request, type Response } from "express";
import { boothConstructionEndpoints as endpoints } from "../../../app/contracts/booth-construction/endpoints.server";
import { carpetOptions, findStandardBuild, saveStandardBuild } from "../../booth-construction/standard-build";
import type { ApiDeps } from "../context";
import { mount } from "../mount";
import { callerFor } from "../caller";

/**
 * The standard booth build (docs/product.md § The exhibition API: "Booth build: find, create, update, carpet time"), for
 * standard booths only. Everything is the session user's booth: another's booth id answers like an
 * unknown one (404), a raw space booth is refused by the page's rule (403). The form posts list
 * fields (equipment not needed, walls) as repeated keys; the urlencoded parser makes them arrays.
 */
export function boothBuildRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();
  const callerOf = (req: Request, res: Response) => callerFor(deps, req, res);

  mount(router, endpoints.build, async (call) => findStandardBuild(db, await callerOf(call.req, call.res), call.input.boothId));
  mount(router, endpoints.createBuild, async (call) => saveStandardBuild(deps, await callerOf(call.req, call.res), call.input, "create"));
  mount(router, endpoints.updateBuild, async (call) => saveStandardBuild(deps, await callerOf(call.req, call.res), call.input, "update"));
  mount(router, endpoints.carpetTimes, async (call) => carpetOptions(db, await callerOf(call.req, call.res), call.input.boothId));

  return router;
}
