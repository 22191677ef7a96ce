import type { Request, Response } from "express";
import { deleteSession, resolveSession, type ActiveSession } from "../auth/sessions";
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
  const session = await resolveSession(deps.db, ticket);
  if (!session || !ticket) throw new ApiError(ApiCode.unauthorized, "session.expired");
  const user = await deps.db
    .selectFrom("users")
    .select(["id", "username", "role_id", "exhibition_id", "business_name", "business_name_en", "password_hash", "contact_phone", "contact_email"])
    .where("id", "=", session.userId)
    .executeTakeFirst();
  if (!user) throw new ApiError(ApiCode.unauthorized, "session.expired");
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
  const sessionUser: SessionUser = {
    session,
    ticket,
    user: {
      id: user.id,
      username: user.username,
      roleId: user.role_id,
      exhibitionId: user.exhibition_id,
      businessName: user.business_name,
      businessNameEn: user.business_name_en,
      passwordHash: user.password_hash,
      contactPhone: user.contact_phone,
      contactEmail: user.contact_email,
    },
    contractor,
  };
  res.locals.sessionUser = sessionUser;
  return sessionUser;
}
