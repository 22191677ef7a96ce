import { Router } from "express";
import type { ApiDeps } from "../context";

export function boothSafetyRoutes(deps: ApiDeps): Router {
  void deps;
  return Router();
}
