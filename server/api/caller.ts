import type { Request, Response } from "express";
import type { Caller } from "../badges/badges";
import { CARRIER_ROLE_ID } from "../../app/contracts/permission/roles";
import type { ApiDeps } from "./context";
import { ApiCode, ApiError } from "./envelope";
import { assertOrganizer, requireSession } from "./require-session";

/** Who calls: the session's user, exhibition, role and booth, as the domains' rules take it. */
export async function callerFor(deps: ApiDeps, req: Request, res: Response): Promise<Caller> {
  const { user, session } = await requireSession(deps, req, res);
  return { userId: user.id, exhibitionId: user.exhibitionId, roleId: user.roleId, sessionBoothId: session.boothId, label: user.username };
}

/** The organizer's routes (review, check-in): roleId 1 only, refused before anything is read. */
export async function organizerFor(deps: ApiDeps, req: Request, res: Response): Promise<Caller> {
  const caller = await callerFor(deps, req, res);
  assertOrganizer(caller.roleId);
  return caller;
}

/**
 * An exhibitor's own routes (its cars, hotel rooms, meeting rooms, epidemic declaration): a carrier
 * account acts for exhibitors only in the transport area's carrier pages, so it is refused (403)
 * before anything is read. The organizer passes (its routes read every exhibitor's).
 */
export async function exhibitorFor(deps: ApiDeps, req: Request, res: Response): Promise<Caller> {
  return refuseCarrier(await callerFor(deps, req, res));
}

/** exhibitorFor's check, for a route that checks something else first (the transport area's language). */
export function refuseCarrier(caller: Caller): Caller {
  if (caller.roleId === CARRIER_ROLE_ID) throw new ApiError(ApiCode.forbidden, "errors.insufficientPermissions");
  return caller;
}
