import { Router } from "express";
import type { ApiDeps } from "../context";

/** Exhibit transport routes (issue 17): being built. */
export function liftingRoutes(_deps: ApiDeps): Router {
  return Router();
}
