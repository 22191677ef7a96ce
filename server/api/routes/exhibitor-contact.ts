import { Router } from "express";
import type { ApiDeps } from "../context";

// Placeholder: filled in by the exhibitor-profile work.
export function exhibitorContactRoutes(_deps: ApiDeps): Router {
  return Router();
}
