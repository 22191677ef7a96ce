import { Router } from "express";
import type { ApiDeps } from "../context";

/** The bus and parking guides (issue 41). Mounted inside /api. */
export function trafficGuideRoutes(_deps: ApiDeps): Router {
  return Router();
}
