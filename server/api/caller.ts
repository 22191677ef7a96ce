import type { Request, Response } from "express";
import type { Caller } from "../auth/caller";
import type { ApiDeps } from "./context";
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
