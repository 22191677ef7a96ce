import { Router } from "express";
import type { ApiDeps } from "../context";

/** Exhibit transport routes (issue 17): being built. */
export function transportCarrierRoutes(_deps: ApiDeps): Router {
  return Router();
}
