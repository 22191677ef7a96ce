import type { Request, Response } from "express";
import type { Caller } from "../../badges/badges";
import { ADMIN_ROLE_ID } from "../../seed/roles";
import type { ApiDeps } from "../context";
import { ApiCode, ApiError } from "../envelope";
import { requireSession } from "../require-session";

/** Who calls a badge route: the session's user, exhibition and booth (every badge route file uses it). */
export async function badgeCallerOf(deps: ApiDeps, req: Request, res: Response): Promise<Caller> {
  const { user, session } = await requireSession(deps, req, res);
  return { userId: user.id, exhibitionId: user.exhibitionId, roleId: user.roleId, sessionBoothId: session.boothId, label: user.username };
}

/** The organizer's routes (review, check-in): roleId 1 only, refused before anything is read. */
export async function badgeOrganizerOf(deps: ApiDeps, req: Request, res: Response): Promise<Caller> {
  const caller = await badgeCallerOf(deps, req, res);
  if (caller.roleId !== ADMIN_ROLE_ID) throw new ApiError(ApiCode.forbidden, "errors.insufficientPermissions");
  return caller;
}
