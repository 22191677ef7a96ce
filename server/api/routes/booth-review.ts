import { Router } from "express";
import type { ApiDeps } from "../context";

export function boothReviewRoutes(deps: ApiDeps): Router {
  void deps;
  return Router();
}
