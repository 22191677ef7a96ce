import { assertOrganizer } from "../require-session";
import type { Request, Response } from "express";
import { carrierViewerOf, type Viewer } from "../../transport/common";
import type { ApiDeps } from "../context";
import { ApiCode, ApiError, requestLanguage } from "../envelope";
import { callerFor } from "../caller";

/**
 * Who calls a transport route (issue 17). The session first (401), then the language: the area is
 * hidden in English (docs/product.md § Sign-in and sessions) and the API refuses English too (403), then the role: exhibitor
 * routes are not a carrier's (refused with the session, server/transport/carrier-scope.ts), carrier
 * routes are a carrier account's or the organizer's (read only).
 */
function requireChinese(req: Request) {
  if (requestLanguage(req) !== "zh") throw new ApiError(ApiCode.forbidden, "transport.errors.chineseOnly");
}

export async function transportExhibitorOf(deps: ApiDeps, req: Request, res: Response): Promise<Extract<Viewer, { kind: "exhibitor" }>> {
  const caller = await callerFor(deps, req, res);
  requireChinese(req);
  return { kind: "exhibitor", caller };
}

export async function transportCarrierOf(deps: ApiDeps, req: Request, res: Response) {
  const caller = await callerFor(deps, req, res);
  requireChinese(req);
  return carrierViewerOf(deps.db, caller, requestLanguage(req));
}

/** The organizer's transport routes (truck approval, the customs agent's review): roleId 1, in Chinese. */
export async function transportOrganizerOf(deps: ApiDeps, req: Request, res: Response) {
  const caller = await callerFor(deps, req, res);
  requireChinese(req);
  assertOrganizer(caller.roleId);
  return caller;
}
