import { Router } from "express";
import type { ApiDeps } from "../context";

export function boothBuildRoutes(deps: ApiDeps): Router {
  void deps;
  return Router();
}
