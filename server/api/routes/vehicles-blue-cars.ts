import { Router } from "express";
import type { ApiDeps } from "../context";

/** Blue-plate cars (vehicles domain) (issue 41). Mounted inside /api. */
export function blueCarRoutes(_deps: ApiDeps): Router {
  return Router();
}
