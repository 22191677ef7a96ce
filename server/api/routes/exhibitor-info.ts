import { Router } from "express";
import type { ApiDeps } from "../context";

// Placeholder: filled in by the exhibitor-profile work.
export function exhibitorInfoRoutes(_deps: ApiDeps): Router {
  return Router();
}
