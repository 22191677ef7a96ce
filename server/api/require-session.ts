import type { Request, Response } from "express";
import { deleteSession, resolveSessionWithUser, type ActiveSession } from "../auth/sessions";
import { activeAccess } from "../contractors/access";
import { contractorMayCall } from "../contractors/scope";
import { carrierMayCall } from "../transport/carrier-scope";
import type { ApiDeps } from "./context";
import { readTicket } from "./context";
import { ApiCode, ApiError } from "./envelope";
import { pageReadMemo } from "../request-scope";
import { CARRIER_ROLE_ID, isOrganizer } from "../../app/contracts/permission/roles";
import { memberSeat, staffSeat, type TeamSeat } from "../team/membership";
import { teamMayCall } from "../team/scope";

export type SessionUser = {
  session: ActiveSession;
  ticket: string;
  user: {
    id: number;
    username: string;
    roleId: number;
    exhibitionId: number;
    businessName: string | null;
    businessNameEn: string | null;
    passwordHash: string;
    contactPhone: string | null;
    contactEmail: string | null;
  };
  /** The background the account chose (user_preferences.skin), as stored; null when none. */
  skin: string | null;
  /** An entrusted contractor acting for `user` (ECReservation); null for the user themselves. */
  contractor: { accessId: number; companyName: string; contactName: string; boothId: number } | null;
  /** A team member acting for `user` (the company), or an organizer's staff account, within their grants; null otherwise. */
  team: TeamSeat | null;
};

/** The one check of the organizer's side (roleId 1): 403 for anyone else, before anything is read. */
export function assertOrganizer(roleId: number) {
  if (!isOrganizer(roleId)) throw new ApiError(ApiCode.forbidden, "errors.insufficientPermissions");
}

/**
 * The one way API handlers ask "who is calling": a 401 envelope when nobody valid is. A
 * contractor's session answers 401 once its grant is revoked, and 403 outside what a contractor
 * may call (server/contractors/scope.ts); a carrier's, 403 outside the carrier's pages
 * (server/transport/carrier-scope.ts); a team member's or staff account's, 403 outside its grants
 * (server/team/scope.ts).
 */
export async function requireSession(deps: ApiDeps, req: Request, res: Response): Promise<SessionUser> {
  const cached = res.locals.sessionUser as SessionUser | undefined;
  if (cached) return cached;
  const caller = await findCaller(deps, req);
  if (!caller) throw new ApiError(ApiCode.unauthorized, "session.expired");
  if (caller.contractor && !contractorMayCall(req.path)) throw new ApiError(ApiCode.forbidden, "errors.insufficientPermissions");
  if (caller.user.roleId === CARRIER_ROLE_ID && !carrierMayCall(req.path)) throw new ApiError(ApiCode.forbidden, "errors.insufficientPermissions");
  if (caller.team && !teamMayCall(caller.team, req.method, req.path)) throw new ApiError(ApiCode.forbidden, "errors.insufficientPermissions");
  res.locals.sessionUser = caller;
  return caller;
}

/**
 * The session behind the request's ticket with its user and, for an entrusted contractor, its
 * grant; null when none is valid. A page's loaders call the API several times with the same
 * ticket: one lookup serves them all (pageReadMemo).
 */
export function findCaller(deps: ApiDeps, req: Request): Promise<SessionUser | null> {
  const ticket = readTicket(req);
  if (!ticket) return Promise.resolve(null);
  return pageReadMemo(`caller:${ticket}`, () => lookUpCaller(deps, ticket));
}

async function lookUpCaller(deps: ApiDeps, ticket: string): Promise<SessionUser | null> {
  const found = await resolveSessionWithUser(deps.db, ticket);
  if (!found) return null;
  const { session, user, skin } = found;
  let contractor: SessionUser["contractor"] = null;
  if (session.contractorAccessId !== null) {
    const access = await activeAccess(deps.db, session.contractorAccessId, user.id);
    if (!access) {
      await deleteSession(deps.db, ticket);
      return null;
    }
    contractor = { accessId: access.id, companyName: access.company_name, contactName: access.contact_name, boothId: access.booth_id };
  }
  let team: TeamSeat | null = null;
  if (session.memberUserId !== null) {
    // A member removed or revoked since: the session ends here, in whichever process sees it first.
    team = await memberSeat(deps.db, session.memberUserId, user.id);
    if (!team) {
      await deleteSession(deps.db, ticket);
      return null;
    }
  } else if (isOrganizer(user.roleId)) {
    team = await staffSeat(deps.db, user.id);
  }
  return { session, ticket, user, skin, contractor, team };
}
