import type { Request, Response } from "express";
import { deleteSession, resolveSessionWithUser, type ActiveSession } from "../auth/sessions";
import { activeAccess } from "../contractors/access";
import { contractorMayCall } from "../contractors/scope";
import type { ApiDeps } from "./context";
import { readTicket } from "./context";
import { ApiCode, ApiError } from "./envelope";

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
  /** When the account's preferences (skin, …) last changed; part of the permission info's stateVersion. */
  preferencesUpdatedAt: Date | null;
  /** An entrusted contractor acting for `user` (ECReservation); null for the user themselves. */
  contractor: { accessId: number; companyName: string; contactName: string; boothId: number } | null;
};

/**
 * The one way API handlers ask "who is calling": a 401 envelope when nobody valid is. A
 * contractor's session answers 401 once its grant is revoked, and 403 outside what a contractor
 * may call (server/contractors/scope.ts).
 */
export async function requireSession(deps: ApiDeps, req: Request, res: Response): Promise<SessionUser> {
  const cached = res.locals.sessionUser as SessionUser | undefined;
  if (cached) return cached;
  const ticket = readTicket(req);
  const found = await resolveSessionWithUser(deps.db, ticket);
  if (!found || !ticket) throw new ApiError(ApiCode.unauthorized, "session.expired");
  const { session, user, preferencesUpdatedAt } = found;
  let contractor: SessionUser["contractor"] = null;
  if (session.contractorAccessId !== null) {
    const access = await activeAccess(deps.db, session.contractorAccessId, user.id);
    if (!access) {
      await deleteSession(deps.db, ticket);
      throw new ApiError(ApiCode.unauthorized, "session.expired");
    }
    if (!contractorMayCall(req.path)) throw new ApiError(ApiCode.forbidden, "errors.insufficientPermissions");
    contractor = { accessId: access.id, companyName: access.company_name, contactName: access.contact_name, boothId: access.booth_id };
  }
  const sessionUser: SessionUser = { session, ticket, user, preferencesUpdatedAt, contractor };
  res.locals.sessionUser = sessionUser;
  return sessionUser;
}
