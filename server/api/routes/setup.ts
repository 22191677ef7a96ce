import { Router } from "express";
import { setupEndpoints } from "../../../app/contracts/setup/endpoints.server";
import type { PortalKind } from "../../../app/contracts/setup/api-types";
import { holdsDemo } from "../../setup/database-kind";
import type { ApiDeps } from "../context";
import { mount } from "../mount";

/** The portal's kind (demo or a real exhibition), for the demo mark in the header and on the sign-in page. */
export function setupRoutes(deps: ApiDeps): Router {
  const router = Router();
  mount(router, setupEndpoints.portalKind, async (): Promise<PortalKind> => ({ demo: await holdsDemo(deps.db) }));
  return router;
}
