import { Router } from "express";
import type { ApiDeps } from "../context";

/** The epidemic declaration (issue 41). Mounted inside /api. */
export function epidemicRoutes(_deps: ApiDeps): Router {
  return Router();
}
