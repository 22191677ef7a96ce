import { Router } from "express";
import type { ApiDeps } from "../context";

/** Business reservations (issue 41). Mounted inside /api. */
export function reservationRoutes(_deps: ApiDeps): Router {
  return Router();
}
